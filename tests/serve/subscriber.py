"""A stdio program for tests/it/serve_streams.rs: just enough of an MCP server
with subscriptions to see `learn serve` route a shared stdout.

- "subscriptions/listen": remembers the subscription (its id) and writes the
  acknowledgement tagged with it; no answer (the stream stays open);
- "notifications/cancelled": forgets the subscription it names, and notes
  the id so "cancelled" can report it;
- "tools/call" "test_trigger_tool_change": tags a
  notifications/tools/list_changed for each open subscription that asked for
  them, then answers;
- "chatty": a log message, a tagged list_changed for each open subscription
  (between the request's own log messages), a second log message, then the
  answer: the log messages belong to the request, the tagged one to streams;
- "end": answers the listen request `params.id` (a graceful end), then itself;
- "cancelled": answers with the ids of the cancelled subscriptions;
- "hold": no answer yet; "release" answers the held requests, then itself
  (so answers come out of the order the requests went in);
- "server/discover": advertises tools.listChanged (so the conformance
  suite's subscription checks all run against it);
- "die": exits without answering.
Every answer carries the process id.
"""
import json
import os
import sys

SUB = "io.modelcontextprotocol/subscriptionId"
subscriptions = {}  # id (as JSON text) -> (id, filter)
cancelled = []
held = []


def write(message):
    print(json.dumps(message), flush=True)


def answer(request_id, **result):
    write({"jsonrpc": "2.0", "id": request_id,
           "result": {"resultType": "complete", "pid": os.getpid(), **result}})


def log(text):
    write({"jsonrpc": "2.0", "method": "notifications/message",
           "params": {"level": "info", "data": text}})


def tools_changed():
    for sub_id, wanted in list(subscriptions.values()):
        if wanted.get("toolsListChanged"):
            write({"jsonrpc": "2.0", "method": "notifications/tools/list_changed",
                   "params": {"_meta": {SUB: sub_id}}})


for line in sys.stdin:
    message = json.loads(line)
    method = message.get("method")
    params = message.get("params") or {}
    if "id" not in message:
        if method == "notifications/cancelled":
            key = json.dumps(params.get("requestId"))
            if subscriptions.pop(key, None) is not None:
                cancelled.append(params.get("requestId"))
        continue
    request_id = message["id"]
    if method == "subscriptions/listen":
        wanted = params.get("notifications") or {}
        subscriptions[json.dumps(request_id)] = (request_id, wanted)
        write({"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
               "params": {"_meta": {SUB: request_id}, "notifications": wanted}})
    elif method == "tools/call" and params.get("name") == "test_trigger_tool_change":
        tools_changed()
        answer(request_id, content=[{"type": "text", "text": "changed"}])
    elif method == "server/discover":
        answer(request_id, supportedVersions=["2026-07-28"],
               capabilities={"tools": {"listChanged": True}},
               serverInfo={"name": "subscriber", "version": "0.1.0"})
    elif method == "chatty":
        log("first")
        tools_changed()
        log("second")
        answer(request_id)
    elif method == "end":
        found = subscriptions.pop(json.dumps(params.get("id")), None)
        if found is not None:
            write({"jsonrpc": "2.0", "id": found[0],
                   "result": {"resultType": "complete", "_meta": {SUB: found[0]}}})
        answer(request_id, ended=found is not None)
    elif method == "hold":
        held.append(request_id)
    elif method == "release":
        released = list(held)
        for held_id in reversed(held):
            answer(held_id, held=True)
        held.clear()
        answer(request_id, released=released)
    elif method == "cancelled":
        answer(request_id, cancelled=cancelled)
    elif method == "die":
        print("subscriber: dying on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    else:
        answer(request_id)
