#!/usr/bin/env python3
"""WRONG (conformant-server): requestState is the base64url of the JSON
record, with no tag at all; the method and the tool are still checked.
Everything else is the correct server (conformant_server.py).
Breaks: the state is integrity-protected in the format the exercise fixes,
so every scenario that forges a state from it stops, saying it is not in
that format."""
import base64
import json

import conformant_server as base


def sign(record):
    # BUG: nothing protects the record; anyone can rewrite it.
    return base64.urlsafe_b64encode(json.dumps(record).encode()).decode()


def unsign(token, method, name, rounds):
    try:
        record = json.loads(base64.urlsafe_b64decode(token.encode()))
        if record["method"] == method and record["name"] == name and record["round"] < rounds:
            return record
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    raise base.RpcError(-32602, "requestState is not one of ours")


base.sign = sign
base.unsign = unsign
base.main()
