"""An independent client for exercise 18 (catalog-client), in Python.

Written apart from the Rust reference and in other legal forms: string ids,
a cache keyed by the time it expires (time.monotonic), the list kept as a
dict by name, and outcome texts gathered from every text item before the
first is taken. With `--defect NAME` it makes one beginner's mistake:

    python3 lessons/03-mcp-client/programs/catalog_client.py [--defect NAME] <tool> ...

  first-page-only      reads the first page of the list and stops
  empty-cursor-ends    takes `"nextCursor": ""` for the end of the list
  cursor-trimmed       strips spaces from a cursor before sending it back
  last-text            reports the text of the last text item, not the first
  unknown-result-ok    reports a result of an unknown resultType as ok
  no-restart           gives up when a cursor is refused
  never-caches         lists the tools again before every tool
  caches-forever       keeps the first list whatever its ttlMs says
  absent-ttl-fresh     keeps a list that has no ttlMs as if it never expired
  ttl-in-seconds       reads ttlMs as seconds
  negative-ttl-fresh   keeps a list whose ttlMs is negative as if it never expired
  calls-unlisted       calls every tool it is given, listed or not
  is-error-as-failure  reports an isError result as a protocol error
  error-as-tool-error  reports a JSON-RPC error as a tool error
  meta-on-first-only   puts `_meta` on its first request only
  jsonrpc-on-first-only  writes `"jsonrpc": "2.0"` on its first request only
"""

import json
import sys
import time

VERSION = "2026-07-28"


class Client:
    def __init__(self, defect):
        self.defect = defect
        self.counter = 0
        self.cache = None  # (tools by name, monotonic time it expires)

    def request(self, method, params):
        self.counter += 1
        request_id = "c-%d" % self.counter
        params = dict(params)
        params["_meta"] = {
            "io.modelcontextprotocol/protocolVersion": VERSION,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "py-catalog", "version": "2.0"},
        }
        if self.defect == "meta-on-first-only" and self.counter > 1:
            del params["_meta"]
        message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
        if self.defect == "jsonrpc-on-first-only" and self.counter > 1:
            del message["jsonrpc"]
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()
        for line in sys.stdin:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("id") == request_id and (
                "result" in message or "error" in message
            ):
                return message
        raise SystemExit("catalog_client.py: the server hung up")

    def ttl_seconds(self, page):
        ttl = page.get("ttlMs")
        if ttl is None:
            return float("inf") if self.defect == "absent-ttl-fresh" else 0.0
        if isinstance(ttl, (int, float)) and ttl < 0 and self.defect == "negative-ttl-fresh":
            return float("inf")
        if not isinstance(ttl, (int, float)) or ttl < 0:
            return 0.0
        return float(ttl) if self.defect == "ttl-in-seconds" else ttl / 1000.0

    def read_all_pages(self):
        """Tools by name and seconds they stay fresh, or None on a refused cursor."""
        tools, ttl, cursor = {}, float("inf"), None
        while True:
            params = {} if cursor is None else {"cursor": cursor}
            answer = self.request("tools/list", params)
            if "error" in answer:
                if cursor is not None and answer["error"].get("code") == -32602:
                    return None
                raise SystemExit("catalog_client.py: tools/list failed")
            page = answer["result"]
            for tool in page.get("tools", []):
                tools[tool["name"]] = tool
            ttl = min(ttl, self.ttl_seconds(page))
            cursor = page.get("nextCursor")
            if self.defect == "first-page-only":
                cursor = None
            if self.defect == "empty-cursor-ends" and cursor == "":
                cursor = None
            if self.defect == "cursor-trimmed" and isinstance(cursor, str):
                cursor = cursor.replace(" ", "")
            if not isinstance(cursor, str):
                return tools, ttl

    def tools(self):
        if self.cache is not None:
            tools, expires = self.cache
            if self.defect == "caches-forever" or (
                self.defect != "never-caches" and time.monotonic() < expires
            ):
                return tools
        started = time.monotonic()
        listed = self.read_all_pages()
        if listed is None and self.defect != "no-restart":
            listed = self.read_all_pages()
        if listed is None:
            raise SystemExit("catalog_client.py: the server refused a cursor")
        tools, ttl = listed
        self.cache = (tools, started + ttl)
        return tools


def outcome(name, answer, defect):
    if "error" in answer:
        kind = "tool-error" if defect == "error-as-tool-error" else "protocol-error"
        return {"tool": name, "outcome": kind, "text": answer["error"].get("message", "")}
    result = answer["result"]
    if "resultType" in result and result["resultType"] != "complete" and defect != "unknown-result-ok":
        return {"tool": name, "outcome": "protocol-error", "text": "resultType %r is unknown here" % result["resultType"]}
    texts = [item.get("text", "") for item in result.get("content", []) if item.get("type") == "text"]
    if result.get("isError") is True:
        kind = "protocol-error" if defect == "is-error-as-failure" else "tool-error"
    else:
        kind = "ok"
    if not texts:
        text = ""
    elif defect == "last-text":
        text = texts[-1]
    else:
        text = texts[0]
    return {"outcome": kind, "tool": name, "text": text}


def main():
    argv = sys.argv[1:]
    defect = None
    if argv[:1] == ["--defect"]:
        defect, argv = argv[1], argv[2:]
    client = Client(defect)
    discovered = client.request("server/discover", {})
    if "tools" not in discovered.get("result", {}).get("capabilities", {}):
        raise SystemExit("catalog_client.py: no tools here")
    outcomes = []
    for name in argv:
        listed = client.tools()
        if name not in listed and defect != "calls-unlisted":
            outcomes.append({"tool": name, "outcome": "unknown"})
            continue
        answer = client.request("tools/call", {"name": name, "arguments": {}})
        outcomes.append(outcome(name, answer, defect))
    client.request("tools/call", {"name": "report", "arguments": {"outcomes": outcomes}})


if __name__ == "__main__":
    main()
