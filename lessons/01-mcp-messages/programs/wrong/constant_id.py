#!/usr/bin/env python3
"""WRONG (id-echo): always answers with id 1, copied from the tutorial's example, whatever id the request had."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def reply(result=None, error=None):
    msg = {"jsonrpc": "2.0", "id": 1}  # BUG: hard-coded id instead of the request's id
    if error is None:
        msg["result"] = result
    else:
        msg["error"] = error
    print(json.dumps(msg), flush=True)


def bad(code, text):
    print(json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": text}}),
          flush=True)


for line in sys.stdin.buffer:
    line = line.strip()
    if not line:
        continue
    try:
        msg = json.loads(line)
    except json.JSONDecodeError:
        bad(-32700, "Parse error")
        continue
    if not isinstance(msg, dict):
        bad(-32600, "Invalid Request")
        continue
    if "id" not in msg:
        continue  # notification
    if "method" not in msg and ("result" in msg or "error" in msg):
        continue  # a response nobody asked for
    if isinstance(msg["id"], bool) or not isinstance(msg["id"], (int, str)):
        bad(-32600, "Invalid Request: bad id")
        continue
    if msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        reply(error={"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        reply(result={"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        reply(error={"code": -32601, "message": "Method not found: " + msg["method"]})
