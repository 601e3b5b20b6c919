#!/usr/bin/env python3
"""WRONG (notification-silence): sends an "ack" result before the real answer, so every request gets two responses."""
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
    if "id" not in msg or "method" not in msg and ("result" in msg or "error" in msg):
        continue  # notification or stray response
    rid = msg["id"]
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        send(None, "error", {"code": -32600, "message": "Invalid Request"})
        continue
    # BUG: "let the client know we got it" -- a second response with the same id
    send(rid, "result", {"resultType": "complete", "_meta": INFO})
    if msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
