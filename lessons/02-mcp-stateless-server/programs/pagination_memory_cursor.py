#!/usr/bin/env python3
"""WRONG (pagination): hands out random tokens as cursors and remembers in a
dict where each one points. It works as long as the same process answers, but
a freshly started process has never heard of the token. Everything else is
the correct server (pagination.py). Breaks: a cursor works in a freshly
started process."""
import secrets

import pagination as base

issued = {}  # BUG: state in memory; the cursor itself should carry the position


def encode(end):
    token = secrets.token_hex(6)
    issued[token] = end
    return token


def decode(cursor):
    if cursor not in issued:
        raise base.BadCursor(cursor)
    return issued[cursor]


base.encode = encode
base.decode = decode
base.main()
