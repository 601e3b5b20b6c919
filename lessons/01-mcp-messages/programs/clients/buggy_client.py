#!/usr/bin/env python3
"""A client for the `client-ids` exercise with switchable mistakes.

Without switches it is correct (integer ids counting up from 1). Each
`--defect NAME` (repeatable) makes one local change, a mistake a beginner
could make; every one of them must fail at least one `client-ids` scenario.
`DEFECTS` below says what each one does. Standard library only.

    python3 lessons/01-mcp-messages/programs/clients/buggy_client.py [--defect NAME ...]
"""

import argparse
import json
import sys

DEFECTS = {
    "reuse-id": "every request gets id 1, even while another id-1 request is pending",
    "recycle-ids": "takes the smallest integer no pending request uses, so a retry gets the id just freed",
    "count-ids": "allocates ids as pending.len() + 1, so an id still pending is handed out again once an older call is answered",
    "type-blind": "matches a response to a pending call by the id's text, so \"1\" is delivered to the call pending as 1",
    "retry-old-id": "the MRTR retry keeps the id of the request it repeats",
    "fifo": "hands every response to the oldest pending call, whatever its id",
    "lifo": "hands every response to the newest pending call, whatever its id",
    "keep-answered": "does not forget a call once its response came, so a second response is delivered too",
    "missing-is-error": "drops a result that has no resultType instead of reading it as complete",
    "accept-unknown": "delivers any resultType as it came (task, Complete, ...)",
    "unknown-is-complete": "reads any unknown resultType as complete",
    "error-as-complete": "delivers an error response with resultType complete",
    "no-meta": "writes requests without params._meta",
    "no-caps": "leaves io.modelcontextprotocol/clientCapabilities out of _meta",
    "drop-state": "the retry leaves requestState out",
    "trim-state": "the retry sends requestState with surrounding whitespace trimmed",
    "null-state": "when no requestState came, the retry sends \"requestState\": null",
    "stale-state": "every retry sends the requestState of the first input_required round",
    "rename-keys": "puts the answers under its own keys (answer-1, answer-2, ...) instead of the server's",
    "route-latest": "routes every subscription notification to the newest open subscription",
    "route-first": "routes every subscription notification to the oldest open subscription",
    "route-closed": "keeps routing to a subscription after its final result arrived",
    "goodbye-line": "writes one more line, {\"log\": \"bye\"}, when its input ends",
}

SUB_KEY = "io.modelcontextprotocol/subscriptionId"


class Client:
    def __init__(self, defects):
        self.d = defects
        self.last = 0
        self.pending = []  # list of dicts: id, caller, method, params, answered
        self.closed_streams = []  # listen entries whose final result came
        self.awaiting = {}  # caller -> (method, params, state or missing, first_state)
        self.first_state = {}  # caller -> the state of round one (for stale-state)

    def fresh_id(self, reuse=None):
        if reuse is not None:
            return reuse
        if "reuse-id" in self.d:
            return 1
        if "count-ids" in self.d:
            return len(self.live()) + 1
        if "recycle-ids" in self.d:
            n = 1
            while any(p["id"] == n for p in self.live()):
                n += 1
            return n
        self.last += 1
        return self.last

    def live(self):
        return [p for p in self.pending if not p.get("answered")]

    def send(self, caller, method, params, reuse=None):
        rid = self.fresh_id(reuse)
        out = dict(params)
        if "no-meta" not in self.d:
            meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
            if "no-caps" not in self.d:
                meta["io.modelcontextprotocol/clientCapabilities"] = {"elicitation": {}}
            out["_meta"] = meta
        self.pending.append({"id": rid, "caller": caller, "method": method, "params": params})
        return {"request": {"jsonrpc": "2.0", "id": rid, "method": method, "params": out}}

    def same_id(self, a, b):
        if "type-blind" in self.d:
            return str(a) == str(b)
        return type(a) is type(b) and a == b

    def find_waiter(self, rid):
        live = self.live() if "keep-answered" not in self.d else self.pending
        if "fifo" in self.d:
            return live[0] if live else None
        if "lifo" in self.d:
            return live[-1] if live else None
        for entry in live:
            if self.same_id(entry["id"], rid):
                return entry
        return None

    def incoming(self, msg):
        if "method" in msg:
            return self.route(msg)
        entry = self.find_waiter(msg.get("id"))
        if entry is None:
            return {"drop": "no waiter"}
        if "keep-answered" in self.d:
            entry["answered"] = True
        else:
            self.pending.remove(entry)
        if entry["method"] == "subscriptions/listen":
            self.closed_streams.append(entry)
        if "error" in msg:
            if "error-as-complete" in self.d:
                return {"deliver": {"caller": entry["caller"], "resultType": "complete", "error": msg["error"]}}
            return {"deliver": {"caller": entry["caller"], "error": msg["error"]}}
        result = msg.get("result", {})
        label = result.get("resultType")
        if label is None:
            if "missing-is-error" in self.d:
                return {"drop": "no resultType"}
            label = "complete"
        if label == "input_required":
            state = result.get("requestState", ...)
            self.first_state.setdefault(entry["caller"], state)
            if "stale-state" in self.d:
                state = self.first_state[entry["caller"]]
            self.awaiting[entry["caller"]] = (entry, state)
        elif label != "complete":
            if "unknown-is-complete" in self.d:
                label = "complete"
            elif "accept-unknown" not in self.d:
                return {"drop": "unknown resultType"}
        return {"deliver": {"caller": entry["caller"], "resultType": label, "result": result}}

    def route(self, msg):
        meta = (msg.get("params") or {}).get("_meta") or {}
        if SUB_KEY not in meta:
            return {"drop": "no subscription id"}
        streams = [p for p in self.live() if p["method"] == "subscriptions/listen"]
        if "route-closed" in self.d:
            streams = self.closed_streams + streams
        if not streams:
            return {"drop": "no open stream"}
        if "route-latest" in self.d:
            return {"route": {"caller": streams[-1]["caller"], "method": msg["method"]}}
        if "route-first" in self.d:
            return {"route": {"caller": streams[0]["caller"], "method": msg["method"]}}
        for p in streams:
            if self.same_id(p["id"], meta[SUB_KEY]):
                return {"route": {"caller": p["caller"], "method": msg["method"]}}
        return {"drop": "no open stream"}

    def answer(self, answer):
        caller = answer.get("caller")
        if caller not in self.awaiting:
            return {"drop": "nothing asked"}
        entry, state = self.awaiting.pop(caller)
        params = dict(entry["params"])
        responses = answer.get("inputResponses", {})
        if "rename-keys" in self.d:
            responses = {f"answer-{i + 1}": v for i, v in enumerate(responses.values())}
        params["inputResponses"] = responses
        params.pop("requestState", None)
        if state is ...:
            if "null-state" in self.d:
                params["requestState"] = None
        elif "drop-state" not in self.d:
            params["requestState"] = state.strip() if "trim-state" in self.d else state
        reuse = entry["id"] if "retry-old-id" in self.d else None
        return self.send(caller, entry["method"], params, reuse)

    def handle(self, line):
        event = json.loads(line)
        if "call" in event:
            c = event["call"]
            return self.send(c["caller"], c["method"], c.get("params") or {})
        if "incoming" in event:
            return self.incoming(event["incoming"])
        if "answer" in event:
            return self.answer(event["answer"])
        return {"drop": "unknown event"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--defect", action="append", default=[], choices=sorted(DEFECTS))
    args = parser.parse_args()
    client = Client(set(args.defect))
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(client.handle(line)), flush=True)
    if "goodbye-line" in client.d:
        print(json.dumps({"log": "bye"}), flush=True)


if __name__ == "__main__":
    main()
