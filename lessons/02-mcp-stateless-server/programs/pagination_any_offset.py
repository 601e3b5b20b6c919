#!/usr/bin/env python3
"""WRONG (pagination): writes each cursor as the plain offset of the next page
("3", "6") and reads any offset inside the list back as a place to start, so
"0" gives the first page again and "1" a page of the 2nd to 4th tools: it
never checks that the cursor is one it issued (an offset where a page
starts, after the first). Made-up text and offsets past the end still get
-32602. Everything else is the correct server (pagination.py). Breaks: a
cursor the server never issued gets -32602."""
import pagination as base


def encode(end):
    return str(end)


def decode(cursor):
    if not cursor.isdigit():
        raise base.BadCursor(cursor)
    start = int(cursor)
    if start >= len(base.NAMES):
        raise base.BadCursor(cursor)
    return start  # BUG: any offset is taken, not only the page starts it issued


base.encode = encode
base.decode = decode
base.main()
