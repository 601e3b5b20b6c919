#!/usr/bin/env python3
"""WRONG (pagination): answers a cursor it does not know with an empty last
page instead of an error, so a client cannot tell a broken cursor from the
end of the list. Everything else is the correct server (pagination.py).
Breaks: a cursor the server never issued gets -32602."""
import pagination as base


def invalid_cursor(rid, cursor):
    # BUG: should be error -32602
    return {"cacheScope": "public", "ttlMs": 0, "tools": [], "resultType": "complete"}


base.invalid_cursor = invalid_cursor
base.main()
