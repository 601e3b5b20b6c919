#!/usr/bin/env python3
"""WRONG (conformant-server): the acknowledgment keeps the resource URIs the
client asked to follow, though this server declares `resources` without
`subscribe` and never sends notifications/resources/updated. The
acknowledgment lists only the notification types the server actually
supports. Everything else is the correct server (conformant_server.py).
Breaks: a stream opens with its acknowledgment."""
import conformant_server as base

correct_listen = base.listen


def listen(msg_id, params, caps, level, out):
    result = correct_listen(msg_id, params, caps, level, out)
    wanted = params.get("notifications")
    if isinstance(wanted, dict) and isinstance(wanted.get("resourceSubscriptions"), list):
        # BUG: the URIs are promised back as if this server could follow them.
        ack = out[-1]["params"]["notifications"]
        ack["resourceSubscriptions"] = wanted["resourceSubscriptions"]
    return result


base.HANDLERS["subscriptions/listen"] = listen
base.main()
