#!/usr/bin/env python3
"""WRONG (id-echo): prints its debugging notes to stdout, where only JSON lines belong, and answers tools/list with the bare list of tools instead of a result object."""
import json
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}


def send(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


for line in sys.stdin.buffer:
    if not line.strip():
        continue
    print("got a line, handling it")  # BUG: debugging output belongs on stderr
    try:
        msg = json.loads(line)
    except ValueError:
        send({"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}})
        continue
    if not isinstance(msg, dict):
        send({"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}})
        continue
    if "id" not in msg or "method" not in msg and ("result" in msg or "error" in msg):
        continue  # notification or stray response: stay silent
    rid = msg["id"]
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        send({"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}})
        continue
    if msg.get("method") == "tools/list":
        send({"jsonrpc": "2.0", "id": rid, "result": []})  # BUG: a result is an object
    else:
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "Method not found"}})
