#!/usr/bin/env python3
"""WRONG (id-echo): echoes the id as a string, so request 7 is answered as "7" and the waiter never matches."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def send(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def answer(request):
    rid = str(request["id"])  # BUG: 7 becomes "7"; the id must keep its JSON type
    if request["method"] == "tools/list":
        result = {"resultType": "complete", "tools": [], "_meta": INFO}
        return {"jsonrpc": "2.0", "id": rid, "result": result}
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "Method not found"}}


for line in sys.stdin.buffer:
    if not line.strip():
        continue
    try:
        msg = json.loads(line)
    except ValueError:
        send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
        continue
    if not isinstance(msg, dict):
        send({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}})
        continue
    if "id" not in msg or "method" not in msg and ("result" in msg or "error" in msg):
        continue  # notification or stray response: stay silent
    rid = msg["id"]
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        send({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}})
        continue
    if (msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str)
            or not isinstance(msg.get("params", {}), dict)):
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32600, "message": "Invalid Request"}})
        continue
    send(answer(msg))
