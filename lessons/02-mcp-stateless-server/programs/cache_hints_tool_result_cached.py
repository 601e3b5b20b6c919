#!/usr/bin/env python3
"""WRONG (cache-hints): treats tools/call like the list methods and puts
ttlMs 60000 and cacheScope "private" on the tool's final result, the answer
to the retry. A retry's result is never cached and tools/call is not a
cacheable method. Everything else is the correct server (cache_hints.py).
Breaks: the confirmed retry gets a tool result that is not cached."""
import cache_hints as base

correct_add = base.add_hints


def add_hints(method, params, result):
    if method == "tools/call" and result.get("resultType") == "complete":
        # BUG: a tool result is not cacheable, least of all a retry's.
        result["ttlMs"] = 60_000
        result["cacheScope"] = "private"
        return result
    return correct_add(method, params, result)


base.add_hints = add_hints
base.main()
