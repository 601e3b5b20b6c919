#!/usr/bin/env python3
"""A correct client for the `client-ids` exercise, written independently of the
Rust reference solution and deliberately different from it in form.

It must pass every `client-ids` scenario in every id style:

    --ids string    "c-1", "c-2", ... (the default)
    --ids offset    integers counting up from a large negative start
    --ids random    random 63-bit integers, redrawn if one is already pending

Differences in form that the checker must not care about: string or odd
integer ids, keys written in another order (params before method, `_meta`
first), extra members in every output line (`id`, `note`, an echo of the
subscription id) and a different wording for every `drop` reason.
Standard library only.
"""

import argparse
import itertools
import json
import random
import sys

VERSION = "2026-07-28"
SUB_KEY = "io.modelcontextprotocol/subscriptionId"


class Client:
    def __init__(self, id_style):
        self.id_style = id_style
        self.counter = itertools.count(1)
        self.used = set()  # (type name, value) of every id ever handed out
        self.pending = {}  # id key -> dict(id, caller, method, params)
        self.waiting_for_input = {}  # caller -> dict(method, params, state?)

    @staticmethod
    def key(value):
        # JSON type matters: 7 and "7" are different ids; True is not 1.
        return (type(value).__name__, json.dumps(value, sort_keys=True))

    def new_id(self):
        while True:
            n = next(self.counter)
            if self.id_style == "string":
                candidate = f"c-{n}"
            elif self.id_style == "offset":
                candidate = -1_000_000_007 + n
            else:
                candidate = random.getrandbits(63)
            # Never a pending id, and never one used before: a late answer
            # to an old id must not look like the answer to a new one.
            if self.key(candidate) not in self.used:
                self.used.add(self.key(candidate))
                return candidate

    def send(self, caller, method, params):
        rid = self.new_id()
        meta = dict(params.get("_meta") or {})
        meta["io.modelcontextprotocol/clientCapabilities"] = {"elicitation": {}}
        meta["io.modelcontextprotocol/protocolVersion"] = VERSION
        meta["io.modelcontextprotocol/clientInfo"] = {"name": "alt-client", "version": "0.0.1"}
        body = {"_meta": meta}
        body.update({k: v for k, v in params.items() if k != "_meta"})
        self.pending[self.key(rid)] = {"id": rid, "caller": caller, "method": method, "params": params}
        return {"request": {"params": body, "method": method, "id": rid, "jsonrpc": "2.0"}}

    def on_call(self, call):
        params = call.get("params")
        return self.send(call["caller"], call["method"], params if isinstance(params, dict) else {})

    def on_incoming(self, msg):
        if not isinstance(msg, dict):
            return {"drop": "server line is not an object"}
        if "method" in msg:
            if "id" in msg:
                return {"drop": "servers may not send requests in 2026-07-28"}
            return self.on_notification(msg)
        if "id" not in msg or ("result" not in msg and "error" not in msg):
            return {"drop": "unrecognised server line"}
        entry = self.pending.pop(self.key(msg["id"]), None)
        if entry is None:
            return {"drop": f"nobody waits for id {json.dumps(msg['id'])}"}
        if "error" in msg:
            return {"deliver": {"error": msg["error"], "caller": entry["caller"], "id": entry["id"]}}
        result = msg["result"]
        if not isinstance(result, dict):
            return {"drop": "result is not an object"}
        label = result.get("resultType", "complete")
        if label == "input_required":
            saved = {"method": entry["method"], "params": entry["params"]}
            if "requestState" in result:
                saved["state"] = result["requestState"]
            self.waiting_for_input[entry["caller"]] = saved
        elif label != "complete":
            return {"drop": f"resultType {json.dumps(label)} is not one this client declared"}
        return {"deliver": {"result": result, "resultType": label, "id": entry["id"], "caller": entry["caller"]}}

    def on_notification(self, msg):
        params = msg.get("params")
        meta = params.get("_meta") if isinstance(params, dict) else None
        if not isinstance(meta, dict) or SUB_KEY not in meta:
            return {"drop": "not part of any subscription stream"}
        entry = self.pending.get(self.key(meta[SUB_KEY]))
        if entry is None or entry["method"] != "subscriptions/listen":
            return {"drop": "that subscription is not open"}
        return {"route": {"subscription": meta[SUB_KEY], "method": msg.get("method"), "caller": entry["caller"]}}

    def on_answer(self, answer):
        saved = self.waiting_for_input.pop(answer.get("caller"), None)
        if saved is None:
            return {"drop": "no input was requested from this caller"}
        params = {k: v for k, v in saved["params"].items() if k not in ("inputResponses", "requestState")}
        if "state" in saved:
            params["requestState"] = saved["state"]
        params["inputResponses"] = answer.get("inputResponses", {})
        return self.send(answer["caller"], saved["method"], params)

    def handle(self, line):
        try:
            event = json.loads(line)
        except ValueError:
            return {"drop": "event is not JSON"}
        if "call" in event:
            return self.on_call(event["call"])
        if "incoming" in event:
            return self.on_incoming(event["incoming"])
        if "answer" in event:
            return self.on_answer(event["answer"])
        return {"drop": "unknown event"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ids", choices=["string", "offset", "random"], default="string")
    args = parser.parse_args()
    client = Client(args.ids)
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(client.handle(line), ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
