#!/usr/bin/env python3
"""WRONG (id-echo): skips lines that are not JSON instead of answering -32700 with id null."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def send(rid, key, value):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, key: value}) + "\n")
    sys.stdout.flush()


for line in sys.stdin.buffer:
    try:
        msg = json.loads(line)
    except ValueError:
        continue  # BUG: "ignore garbage" -- the sender gets no -32700 and may wait forever
    if not isinstance(msg, dict):
        send(None, "error", {"code": -32600, "message": "Invalid Request"})
        continue
    if "id" not in msg:
        continue  # notification
    if "method" not in msg and ("result" in msg or "error" in msg):
        continue  # stray response
    rid = msg["id"]
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        send(None, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
