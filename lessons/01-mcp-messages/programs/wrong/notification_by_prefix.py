#!/usr/bin/env python3
"""WRONG (notification-silence): decides "notification" by the method name (starts with "notifications/"), not by the id member: a request to such a method gets no reply, and a notification with another method is answered."""
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
    method = msg.get("method")
    if isinstance(method, str) and method.startswith("notifications/"):
        continue  # BUG: the id member decides, not the method's name
    rid = msg.get("id")
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        send(None, "error", {"code": -32600, "message": "Invalid Request: bad id"})
    elif msg.get("jsonrpc") != "2.0" or not isinstance(method, str):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif method == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
