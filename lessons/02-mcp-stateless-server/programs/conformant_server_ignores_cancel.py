#!/usr/bin/env python3
"""WRONG (conformant-server): ignores notifications/cancelled, so a stream
the client ended on stdio keeps getting notifications. Cancelling a listen
request ends its stream. Everything else is the correct server
(conformant_server.py).
Breaks: each stream is tagged with its own id, and cancelling ends it."""
import conformant_server as base


def on_notification(msg):
    # BUG: every notification is ignored, cancellations included.
    return None


base.on_notification = on_notification
base.main()
