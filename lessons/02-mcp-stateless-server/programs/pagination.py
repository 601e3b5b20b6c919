#!/usr/bin/env python3
"""CORRECT (pagination): the paginated tools/list of exercise 12, written apart
from the Rust reference and in other legal forms: the cursor is base64url
JSON naming the last tool already shown ({"after": "multiply"}), not an
offset; early pages get a longer ttlMs than the last one (pages may differ);
keys in another order; `title` on each tool. A cursor is accepted only if it
names a tool that ends a page. The wrong programs beside it import it and
change one function each.
"""
import base64
import json
import sys

VERSION = "2026-07-28"
PV = "io.modelcontextprotocol/protocolVersion"
CAPS = "io.modelcontextprotocol/clientCapabilities"
PAGE = 3
NAMES = ["add", "subtract", "multiply", "divide", "power", "square_root", "round", "absolute"]
TOOLS = [{"inputSchema": {"type": "object"}, "title": n.replace("_", " ").title(), "name": n}
         for n in NAMES]


class BadCursor(Exception):
    pass


def encode(end):
    """The cursor for the page that starts at index `end`."""
    raw = json.dumps({"after": NAMES[end - 1]}).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(cursor):
    """The start index a cursor names; BadCursor unless this server wrote it."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        body = json.loads(raw)
        start = NAMES.index(body["after"]) + 1
    except (ValueError, TypeError, KeyError, UnicodeDecodeError):
        raise BadCursor(cursor)
    if start % PAGE != 0 or start >= len(NAMES) or encode(start) != cursor:
        raise BadCursor(cursor)
    return start


def page_tools(start):
    return TOOLS[start:start + PAGE]


def next_cursor(start, end):
    return encode(end) if end < len(TOOLS) else None


def hints(start):
    """(ttlMs, cacheScope) for the page that starts at `start`."""
    last = start + PAGE >= len(TOOLS)
    return (30_000 if last else 600_000), "public"


def invalid_cursor(rid, cursor):
    return {"error": {"data": {"cursor": cursor}, "message": "Unknown cursor", "code": -32602},
            "id": rid, "jsonrpc": "2.0"}


def tools_list(rid, params):
    cursor = params.get("cursor")
    if cursor is None:
        start = 0
    elif not isinstance(cursor, str):
        return invalid_cursor(rid, cursor)
    else:
        try:
            start = decode(cursor)
        except BadCursor:
            return invalid_cursor(rid, cursor)
    tools = page_tools(start)
    ttl, scope = hints(start)
    result = {"cacheScope": scope, "ttlMs": ttl}
    following = next_cursor(start, start + len(tools))
    if following is not None:
        result["nextCursor"] = following
    result["tools"] = tools
    result["resultType"] = "complete"
    return result


def discover(rid, params):
    return {"cacheScope": "public", "ttlMs": 0, "capabilities": {"tools": {}},
            "supportedVersions": [VERSION], "resultType": "complete"}


def meta_error(params):
    meta = params.get("_meta")
    if not isinstance(meta, dict) or not isinstance(meta.get(CAPS), dict) or PV not in meta:
        return -32602, "missing _meta keys", None
    if meta[PV] != VERSION:
        return -32022, "unsupported version", {"requested": meta[PV], "supported": [VERSION]}
    return None


def handle(msg):
    if not isinstance(msg, dict):
        return {"error": {"message": "not an object", "code": -32600}, "jsonrpc": "2.0"}
    if "id" not in msg or ("method" not in msg and ("result" in msg or "error" in msg)):
        return None
    rid = msg["id"]
    method = msg.get("method")
    params = msg.get("params") or {}
    handler = {"tools/list": tools_list, "server/discover": discover}.get(method)
    if handler is None:
        return {"error": {"message": "Method not found", "code": -32601}, "id": rid, "jsonrpc": "2.0"}
    problem = meta_error(params)
    if problem:
        code, text, data = problem
        error = {"message": text, "code": code}
        if data:
            error["data"] = data
        return {"error": error, "id": rid, "jsonrpc": "2.0"}
    result = handler(rid, params)
    if "error" in result:
        return result
    result["_meta"] = {"io.modelcontextprotocol/serverInfo": {"version": "3", "name": "py-pages"}}
    return {"result": result, "id": rid, "jsonrpc": "2.0"}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            out = {"error": {"message": "Parse error", "code": -32700}, "jsonrpc": "2.0"}
        else:
            out = handle(msg)
        if out is not None:
            sys.stdout.write(json.dumps(out) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
