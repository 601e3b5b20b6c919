#!/usr/bin/env python3
"""CORRECT (pagination): cursors are plain page numbers, counted from 0: the
second page's cursor is "1" and the third's "2". The checker's made-up
cursors include "1" and a tampered "1" that reads "2": for this server both
are cursors it issues, and it answers them with exactly the pages its own
cursors lead to, which is right. "0" (the first page has no cursor), "4",
"offset=1" and the rest were never issued and get -32602. Everything else
is the correct server (pagination.py)."""
import pagination as base


def encode(end):
    return str(end // base.PAGE)


def decode(cursor):
    issued = {encode(start): start for start in range(base.PAGE, len(base.NAMES), base.PAGE)}
    if cursor not in issued:
        raise base.BadCursor(cursor)
    return issued[cursor]


base.encode = encode
base.decode = decode
base.main()
