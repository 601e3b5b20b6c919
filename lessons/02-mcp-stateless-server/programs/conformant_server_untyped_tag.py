#!/usr/bin/env python3
"""WRONG (conformant-server): tags stream notifications with the listen id
turned into a string, so stream 7 is tagged "7". The subscription id is the
listen request's id with its JSON type: an integer id stays an integer.
Everything else is the correct server (conformant_server.py).
Breaks: each stream is tagged with its own id (and with it every scenario
whose stream is opened by an integer id)."""
import conformant_server as base

correct_listen = base.listen


def listen(msg_id, params, caps, level, out):
    # BUG: the id is stringified before it is used as the tag.
    return correct_listen(str(msg_id), params, caps, level, out)


base.HANDLERS["subscriptions/listen"] = listen
base.main()
