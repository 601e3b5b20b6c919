#!/usr/bin/env python3
"""WRONG (cache-hints): writes ttlMs as text ("120000"), the way an HTTP header
carries max-age. ttlMs is a JSON integer. Everything else is the correct
server (cache_hints.py). Breaks: every cacheable result carries ttlMs and
cacheScope."""
import cache_hints as base

correct_ttl = base.ttl_for


def ttl_for(method, params):
    return str(correct_ttl(method, params))  # BUG: a string, not a number


base.ttl_for = ttl_for
base.main()
