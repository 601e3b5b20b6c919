#!/usr/bin/env python3
"""WRONG (cache-hints): marks every result "public", the caller's own loans
too, so a shared cache could hand one reader's loans to another. Everything
else is the correct server (cache_hints.py). Breaks: what depends on the
caller is private."""
import cache_hints as base


def scope_for(method, params):
    return "public"  # BUG: library://my-loans is about the caller: private


base.scope_for = scope_for
base.main()
