#!/usr/bin/env python3
"""WRONG (notification-silence): decides "notification" by msg.get("id") is None, so a request with "id": null gets no reply at all instead of -32600."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def send(rid, key, value):
    msg = {"jsonrpc": "2.0", key: value}
    if rid is not None:
        msg["id"] = rid
    sys.stdout.write(json.dumps(msg) + "\n")
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
    rid = msg.get("id")
    if rid is None:
        continue  # BUG: "id": null is a request with an unusable id, not a notification
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        send(None, "error", {"code": -32600, "message": "Invalid Request: bad id"})
    elif msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
