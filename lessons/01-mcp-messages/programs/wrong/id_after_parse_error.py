#!/usr/bin/env python3
"""WRONG (id-echo): answers a line that is not JSON correctly (-32700, id
null), but first digs the id out of the broken text with a regular
expression, "so that request still gets its answer", and hands it to the
next request that arrives: that request is answered under the broken line's
id, never its own. Every other line is answered right."""
import json
import re
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "salvager", "version": "0.3"}}
ID_IN_TEXT = re.compile(rb'"id"\s*:\s*(-?\d+|"[^"\\]*")')

owed = None  # the id of a broken request, to be answered "later"


def send(rid, key, value):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, key: value}) + "\n")
    sys.stdout.flush()


for line in sys.stdin.buffer:
    if not line.strip():
        continue
    try:
        msg = json.loads(line)
    except ValueError:
        found = ID_IN_TEXT.search(line)
        owed = json.loads(found.group(1)) if found else None
        send(None, "error", {"code": -32700, "message": "Parse error"})
        continue
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
        continue
    if owed is not None:
        rid, owed = owed, None  # BUG: this request has an id of its own
    if msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
