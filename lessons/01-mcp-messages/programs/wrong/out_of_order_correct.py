#!/usr/bin/env python3
"""CORRECT (unusual): holds answers while input keeps coming (up to 3), then writes them newest first; ids make order irrelevant."""
import json
import os
import select
import sys

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}
pending = []


def queue(rid, key, value):
    pending.append({"jsonrpc": "2.0", "id": rid, key: value})
    if len(pending) >= 3:
        flush()


def flush():
    while pending:
        sys.stdout.write(json.dumps(pending.pop()) + "\n")  # pop() = last in, first out
    sys.stdout.flush()


def lines():
    """Yields input lines; flushes held answers whenever input pauses for 50 ms."""
    buffered = b""
    fd = sys.stdin.fileno()
    while True:
        if pending and not select.select([fd], [], [], 0.05)[0]:
            flush()
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        buffered += chunk
        while b"\n" in buffered:
            line, buffered = buffered.split(b"\n", 1)
            yield line
    if buffered:
        yield buffered


for line in lines():
    if not line.strip():
        continue
    try:
        msg = json.loads(line)
    except ValueError:
        queue(None, "error", {"code": -32700, "message": "Parse error"})
        continue
    if not isinstance(msg, dict):
        queue(None, "error", {"code": -32600, "message": "Invalid Request"})
        continue
    if "id" not in msg or "method" not in msg and ("result" in msg or "error" in msg):
        continue  # notification or stray response: never answered
    rid = msg["id"]
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        queue(None, "error", {"code": -32600, "message": "Invalid Request"})
    elif (msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str)
          or not isinstance(msg.get("params", {}), dict)):
        queue(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        queue(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        queue(rid, "error", {"code": -32601, "message": "Method not found"})
flush()  # stdin closed: whatever is still held goes out now
