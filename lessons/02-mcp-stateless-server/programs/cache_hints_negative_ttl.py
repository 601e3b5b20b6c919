#!/usr/bin/env python3
"""WRONG (cache-hints): marks the caller's loans with ttlMs -1, meaning "never
keep this". Negative TTLs are not allowed: "stale at once" is 0. Everything
else is the correct server (cache_hints.py). Breaks: ttlMs is never negative."""
import cache_hints as base

correct_ttl = base.ttl_for


def ttl_for(method, params):
    if method == "resources/read" and params.get("uri") == base.LOANS:
        return -1  # BUG: should be 0 (or more)
    return correct_ttl(method, params)


base.ttl_for = ttl_for
base.main()
