#!/usr/bin/env python3
"""WRONG (cache-hints, a SHOULD this exercise requires): leaves
`_meta["io.modelcontextprotocol/serverInfo"]` off every result. The spec
says a server SHOULD name itself on every response (schema
`ResultMetaObject`), and this exercise requires it, in one scenario of its
own; every other rule (hints, scopes, discovery) is kept. Everything else is
the correct server (cache_hints.py). Breaks: every result names the server."""
import cache_hints as base

correct_handle = base.handle


def handle(msg):
    out = correct_handle(msg)
    if isinstance(out, dict) and isinstance(out.get("result"), dict):
        out["result"].pop("_meta", None)  # BUG: the server never names itself
    return out


base.handle = handle
base.main()
