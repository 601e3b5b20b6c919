#!/usr/bin/env python3
"""WRONG (conformant-server): the requestState records the method it was
issued for, but always as tools/call, so the state of a prompts/get never
verifies on that prompt's retry, which gets an error instead of its
messages. A client echoes the requestState it got; a server accepts the one
it issued for that very request. Everything else is the correct server
(conformant_server.py).
Breaks: prompts/get may ask for input; list methods never do."""
import conformant_server as base

correct_sign, correct_unsign, correct_dispatch = base.sign, base.unsign, base.dispatch
current = {"method": None}


def sign(record):
    # BUG: every state says it was issued for tools/call.
    return correct_sign(dict(record, method="tools/call"))


def unsign(token, name):
    record = correct_unsign(token, name)
    if record.pop("method", None) != current["method"]:
        raise base.RpcError(-32602, "requestState was issued for another method")
    return record


def dispatch(msg_id, method, params, out):
    current["method"] = method
    return correct_dispatch(msg_id, method, params, out)


base.sign, base.unsign, base.dispatch = sign, unsign, dispatch
base.main()
