#!/usr/bin/env python3
"""WRONG (conformant-server): the requestState "signature" is the same 64 hex
digits whatever the payload, and is checked as such, so a payload changed by
the client keeps a valid tag. Everything else is the correct server
(conformant_server.py).
Breaks: a changed payload with its old tag is refused."""
import conformant_server as base


def tag_of(body):
    # BUG: the tag does not depend on the payload (nor on a key).
    return "5e" * 32


base.tag_of = tag_of
base.main()
