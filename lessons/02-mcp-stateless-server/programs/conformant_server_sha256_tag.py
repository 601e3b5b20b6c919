#!/usr/bin/env python3
"""WRONG (conformant-server): the requestState tag is a plain SHA-256 of the
payload, with no key, so any client can compute the tag of a payload it
wrote itself. Everything else is the correct server (conformant_server.py).
Breaks: a changed payload with a plain SHA-256 tag is refused."""
import hashlib

import conformant_server as base


def tag_of(body):
    # BUG: a checksum anyone can compute, not a keyed MAC.
    return hashlib.sha256(body.encode()).hexdigest()


base.tag_of = tag_of
base.main()
