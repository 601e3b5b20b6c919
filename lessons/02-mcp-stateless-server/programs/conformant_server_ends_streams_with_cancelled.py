#!/usr/bin/env python3
"""A correct capstone server (conformant-server) that, at end of input,
tears down every stream still open the way the Cancellation page says: a
notifications/cancelled whose requestId is the listen id, tagged with the
subscription id like every message of the stream, and no complete result.
The Subscriptions page says the server should answer the listen request
instead; the two pages disagree (spec issue #3348), so both must pass.
Everything else is the correct server (conformant_server.py)."""
import json
import sys

import conformant_server as base

base.main()
for listen_id, _ in list(base.streams.values()):
    note = {"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": listen_id, "_meta": {base.SUB_KEY: listen_id}}}
    sys.stdout.write(json.dumps(note) + "\n")
base.streams.clear()
sys.stdout.flush()
