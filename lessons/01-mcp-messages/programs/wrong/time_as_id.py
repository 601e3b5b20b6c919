#!/usr/bin/env python3
"""WRONG (id-echo): stamps each response with the current time as its id, as the tutorial's second question warns against."""
import json
import sys
import time

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def send(key, value):
    rid = int(time.time() * 1000)  # BUG: "a unique id" -- but not the request's id
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, key: value}) + "\n")
    sys.stdout.flush()


for line in sys.stdin.buffer:
    if not line.strip():
        continue
    try:
        msg = json.loads(line)
    except ValueError:
        send("error", {"code": -32700, "message": "Parse error"})
        continue
    if not isinstance(msg, dict):
        send("error", {"code": -32600, "message": "Invalid Request"})
        continue
    if "id" not in msg or "method" not in msg and ("result" in msg or "error" in msg):
        continue  # notification or stray response
    if isinstance(msg["id"], bool) or not isinstance(msg["id"], (str, int)):
        send("error", {"code": -32600, "message": "Invalid Request"})
    elif msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        send("error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send("result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send("error", {"code": -32601, "message": "Method not found"})
