#!/usr/bin/env python3
"""WRONG (cache-hints): puts caching hints on every result that is not a tool's
final answer, so the interim input_required result of renew_loans carries
ttlMs and cacheScope too. Everything else is the correct server
(cache_hints.py). Breaks: an input_required result carries no caching hints."""
import cache_hints as base

correct_add = base.add_hints


def add_hints(method, params, result):
    if result.get("resultType") == "input_required":
        # BUG: an interim answer is not cacheable and carries no hints.
        result["ttlMs"] = 60_000
        result["cacheScope"] = "private"
        return result
    return correct_add(method, params, result)


base.add_hints = add_hints
base.main()
