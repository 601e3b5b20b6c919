#!/usr/bin/env python3
"""WRONG (pagination): marks the first page "public" and every page reached
with a cursor "private", as if a cursor made the answer personal. All pages
of one list must have the same cacheScope. Everything else is the correct
server (pagination.py). Breaks: every page carries ttlMs and the same
cacheScope."""
import pagination as base

correct_hints = base.hints


def hints(start):
    ttl, scope = correct_hints(start)
    return ttl, ("public" if start == 0 else "private")  # BUG: one scope for all pages


base.hints = hints
base.main()
