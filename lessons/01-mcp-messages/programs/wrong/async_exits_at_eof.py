#!/usr/bin/env python3
"""CORRECT (unusual): answers from threads after short random delays and os._exit(0)s at EOF, dropping work still pending."""
import json
import os
import random
import sys
import threading
import time

INFO = {"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}}
lock = threading.Lock()


def send(rid, key, value):
    def later():
        time.sleep(random.uniform(0.0, 0.03))
        with lock:
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, key: value}) + "\n")
            sys.stdout.flush()
    threading.Thread(target=later, daemon=True).start()


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
        continue  # notification or stray response: never answered
    rid = msg["id"]
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        send(None, "error", {"code": -32600, "message": "Invalid Request"})
    elif (msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str)
          or not isinstance(msg.get("params", {}), dict)):
        send(rid, "error", {"code": -32600, "message": "Invalid Request"})
    elif msg["method"] == "tools/list":
        send(rid, "result", {"resultType": "complete", "tools": [], "_meta": INFO})
    else:
        send(rid, "error", {"code": -32601, "message": "Method not found"})
with lock:
    sys.stdout.flush()
os._exit(0)  # stdin closed: exit now; unanswered threads are dropped (allowed)
