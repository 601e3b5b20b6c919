#!/usr/bin/env python3
"""WRONG (id-echo): only rejects floats, bools and containers, so "id": null is served like a real request."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def send(rid, key, value):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, key: value}) + "\n")
    sys.stdout.flush()


def usable(rid):
    if rid is None:
        return True  # BUG: null is not a request id (only string or integer)
    return isinstance(rid, (str, int)) and not isinstance(rid, bool)


for line in sys.stdin.buffer:
    if not line.strip():
        continue
    try:
        msg = json.loads(line)
    except ValueError:
        send(None, "error", {"code": -32700, "message": "Parse error"})
        continue
    if not isinstance(msg, dict):
        send(None, "error", {"code": -32600, "message": "Invalid Request"})
        continue
    if "id" not in msg or "method" not in msg and ("result" in msg or "error" in msg):
        continue  # notification or stray response
    rid = msg["id"]
    if not usable(rid):
        send(None, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
