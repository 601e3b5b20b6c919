#!/usr/bin/env python3
"""WRONG (conformant-server): the requestState records the method it was
issued for, but always as tools/call, so the state of a prompts/get never
verifies on that prompt's retry, which gets an error instead of its
messages. A client echoes the requestState it got; a server accepts the one
it issued for that very request. Everything else is the correct server
(conformant_server.py).
Breaks: prompts/get may ask for input; list methods never do."""
import conformant_server as base

correct_sign = base.sign


def sign(record):
    # BUG: every state says it was issued for tools/call, and the correct
    # server's unsign refuses a state issued for another method.
    return correct_sign(dict(record, method="tools/call"))


base.sign = sign
base.main()
