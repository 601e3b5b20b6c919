#!/usr/bin/env python3
"""WRONG (pagination): marks the end of the list with an empty nextCursor ""
instead of leaving nextCursor out. An empty string is a cursor too, so the
client asks again. Everything else is the correct server (pagination.py).
Breaks: the last page has no nextCursor."""
import pagination as base

correct_next = base.next_cursor


def next_cursor(start, end):
    following = correct_next(start, end)
    return "" if following is None else following  # BUG: leave it out instead


base.next_cursor = next_cursor
base.main()
