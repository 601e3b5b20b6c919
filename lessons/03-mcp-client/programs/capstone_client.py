"""An independent client for exercise 21 (capstone-client) over stdio, in Python.

Written apart from the Rust reference: string ids, a generator that yields
each round's params, and answers to a form built from the schema's property
types. It runs the exercise's task, `call <tool> <json-args>`: discover,
list the tools (every page), call the tool, answer questions round by round,
and print the result's text on stderr. With `--defect NAME` it makes one
beginner's mistake:

    python3 lessons/03-mcp-client/programs/capstone_client.py [--defect NAME] call <tool> <json-args>

  no-version-retry     gives up on -32022 instead of retrying with a listed version
  same-id-retry        retries -32022 under the id it was refused under (legal: that id was answered)
  state-dropped        retries input_required without the requestState
  questions-required   refuses an input_required result that asks nothing
  result-type-required refuses a result without resultType
  later-without-capabilities  leaves clientCapabilities out of every request after the first
"""

import json
import sys

SPEAKS = ["2026-07-28"]


class Client:
    def __init__(self, defect):
        self.defect = defect
        self.counter = 0
        self.version = SPEAKS[0]

    def send(self, method, params, request_id=None):
        if request_id is None:
            self.counter += 1
            request_id = "cap-%d" % self.counter
        params = dict(params)
        params["_meta"] = {
            "io.modelcontextprotocol/protocolVersion": self.version,
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            "io.modelcontextprotocol/clientInfo": {"name": "py-capstone", "version": "0.1"},
        }
        if self.defect == "later-without-capabilities" and self.counter > 1:
            del params["_meta"]["io.modelcontextprotocol/clientCapabilities"]
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n")
        sys.stdout.flush()
        for line in sys.stdin:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("id") == request_id and (
                "result" in message or "error" in message
            ):
                return request_id, message
        raise SystemExit("capstone_client.py: the server hung up")

    def request(self, method, params):
        """The result of `method`, after a version retry and any rounds of questions."""
        request_id, answer = self.send(method, params)
        error = answer.get("error")
        if error and error.get("code") == -32022 and self.defect != "no-version-retry":
            offered = (error.get("data") or {}).get("supported") or []
            common = [v for v in SPEAKS if v in offered]
            if common:
                self.version = common[0]
                reuse = request_id if self.defect == "same-id-retry" else None
                request_id, answer = self.send(method, params, reuse)
        for _ in range(10):
            retry = self.next_round(params, answer)
            if retry is None:
                return answer["result"]
            _, answer = self.send(method, retry)
        raise SystemExit("capstone_client.py: too many rounds")

    def next_round(self, params, answer):
        """The params of the next round, or None when the answer is final."""
        if "error" in answer:
            raise SystemExit("capstone_client.py: %s" % answer["error"].get("message"))
        result = answer["result"]
        kind = result.get("resultType")
        if kind is None and self.defect == "result-type-required":
            raise SystemExit("capstone_client.py: no resultType")
        if kind in (None, "complete"):
            return None
        if kind != "input_required":
            raise SystemExit("capstone_client.py: unknown resultType %r" % kind)
        questions = result.get("inputRequests")
        if questions is None and self.defect == "questions-required":
            raise SystemExit("capstone_client.py: input_required without questions")
        retry = dict(params)
        retry["inputResponses"] = {key: self.answer(q) for key, q in (questions or {}).items()}
        if "requestState" in result and self.defect != "state-dropped":
            retry["requestState"] = result["requestState"]
        return retry

    def answer(self, question):
        schema = question.get("params", {}).get("requestedSchema", {})
        blank = {"boolean": True, "number": 0, "integer": 0, "string": ""}
        content = {name: blank.get(p.get("type"), "") for name, p in schema.get("properties", {}).items()}
        return {"action": "accept", "content": content}


def main():
    argv = sys.argv[1:]
    defect = None
    if argv[:1] == ["--defect"]:
        defect, argv = argv[1], argv[2:]
    if len(argv) != 3 or argv[0] != "call":
        raise SystemExit("usage: capstone_client.py [--defect NAME] call <tool> <json-args>")
    tool, arguments = argv[1], json.loads(argv[2])
    client = Client(defect)
    client.request("server/discover", {})
    tools, cursor = [], None
    while True:
        page = client.request("tools/list", {} if cursor is None else {"cursor": cursor})
        tools += [t.get("name") for t in page.get("tools", [])]
        cursor = page.get("nextCursor")
        if not isinstance(cursor, str):
            break
    if tool not in tools:
        raise SystemExit("capstone_client.py: no tool %r" % tool)
    result = client.request("tools/call", {"name": tool, "arguments": arguments})
    texts = [c.get("text", "") for c in result.get("content", []) if c.get("type") == "text"]
    sys.stderr.write("\n".join(texts) + "\n")


if __name__ == "__main__":
    main()
