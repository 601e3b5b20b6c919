#!/usr/bin/env python3
"""WRONG (cache-hints): marks the caller's loans with a negative ttlMs, and
writes it in exponent form, -3e5 (minus five minutes), the way a number can
be typed by hand. Negative TTLs are not allowed, however written. Everything
else is the correct server (cache_hints.py). Breaks: ttlMs is never negative
(and the feedback shows -3e5, as written, not -300000.0)."""
import cache_hints as base

correct_ttl = base.ttl_for
dumps = base.json.dumps


def ttl_for(method, params):
    if method == "resources/read" and params.get("uri") == base.LOANS:
        return -300_000  # BUG: should be 0 (or more)
    return correct_ttl(method, params)


def dumps_by_hand(value):
    return dumps(value).replace('"ttlMs": -300000', '"ttlMs": -3e5')


base.ttl_for = ttl_for
base.json.dumps = dumps_by_hand
base.main()
