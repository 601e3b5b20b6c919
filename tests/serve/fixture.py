"""A stdio program for tests/it/serve.rs: answers every request with its own
process id, so a test can see when `learn serve` started it again, and
misbehaves on purpose when the method asks for it:

- "die": writes to stderr and exits with code 3 without answering;
- "hang": never answers (sleeps, then exits, so nothing outlives the test);
- "chatty": writes a progress notification, then the answer;
- "debug-print": writes a line that is not JSON, then the answer;
- "answer-notifications" (a notification): wrongly answers it.
"""
import json
import os
import sys
import time

for line in sys.stdin:
    message = json.loads(line)
    method = message.get("method")
    if "method" not in message:
        continue
    if "id" not in message:
        if method == "answer-notifications":
            print(json.dumps({"jsonrpc": "2.0", "id": "stray", "result": {}}), flush=True)
        continue
    if method == "die":
        print("fixture: dying on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    if method == "hang":
        time.sleep(8)
        sys.exit(0)
    if method == "chatty":
        note = {"jsonrpc": "2.0", "method": "notifications/progress",
                "params": {"progressToken": "t", "progress": 1}}
        print(json.dumps(note), flush=True)
    if method == "debug-print":
        print("debug: about to answer", flush=True)
    result = {"resultType": "complete", "pid": os.getpid()}
    print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)
