#!/usr/bin/env python3
"""WRONG (conformant-server): requestState is signed on the way out, but the
tag that comes back is never checked. Everything else is the correct server
(conformant_server.py).
Breaks: a changed payload with its old tag, a state signed with another key
and a changed payload with a plain SHA-256 tag are all refused."""
import conformant_server as base


def verified(body, tag):
    # BUG: whatever the tag says, the payload is believed.
    return True


base.verified = verified
base.main()
