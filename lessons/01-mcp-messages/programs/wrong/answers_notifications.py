#!/usr/bin/env python3
"""WRONG (notification-silence): reads the id with msg.get("id"), so a notification looks like an id-null request and gets a -32600 reply."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def send(rid, key, value):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, key: value}) + "\n")
    sys.stdout.flush()


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
    if "method" not in msg and ("result" in msg or "error" in msg):
        continue  # stray response
    rid = msg.get("id")  # BUG: a missing id (notification) reads as None ...
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        # ... so every notification lands here and is answered
        send(None, "error", {"code": -32600, "message": "Invalid Request: bad id"})
        continue
    if msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
