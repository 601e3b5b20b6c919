#!/usr/bin/env python3
"""WRONG (conformant-server): puts ttlMs and cacheScope on every result of
a cacheable method and of tools/call and prompts/get, input_required ones
included. An input_required result is not an answer anyone may keep: it
carries no caching hints. Everything else is the correct server
(conformant_server.py).
Breaks: an input_required result carries no caching hints."""
import conformant_server as base


def add_hints(method, result):
    if result is not None:
        # BUG: no look at the method or at resultType.
        result["ttlMs"] = 30000
        result["cacheScope"] = base.CACHEABLE.get(method, "private")
    return result


base.add_hints = add_hints
base.main()
