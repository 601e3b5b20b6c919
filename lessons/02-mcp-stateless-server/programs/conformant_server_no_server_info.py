#!/usr/bin/env python3
"""WRONG (conformant-server): no result names the server: `_meta` never
holds io.modelcontextprotocol/serverInfo. The spec says a server SHOULD
include it on every response; this exercise requires it. Everything else is
the correct server (conformant_server.py).
Breaks: results name the server in serverInfo."""
import conformant_server as base


def reply(msg_id, result):
    # BUG: the result goes out without serverInfo.
    return {"jsonrpc": "2.0", "result": result, "id": msg_id}


base.reply = reply
base.main()
