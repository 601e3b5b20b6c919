#!/usr/bin/env python3
"""WRONG (conformant-server): logs whether or not the request asked, at
info when no level was given, as if logging were on by default. A request
without io.modelcontextprotocol/logLevel must never cause
notifications/message. Everything else is the correct server
(conformant_server.py).
Breaks: no log message unless asked, none below the level."""
import conformant_server as base

correct_emit = base.emit_log


def emit_log(level, wanted, text, out):
    # BUG: no level asked for is taken as "info", not as "no logs".
    correct_emit(level, wanted if wanted is not None else "info", text, out)


base.emit_log = emit_log
base.main()
