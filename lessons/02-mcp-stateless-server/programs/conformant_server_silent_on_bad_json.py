#!/usr/bin/env python3
"""WRONG (conformant-server): a line that is not JSON is skipped without a
word, as if it were blank. It gets a -32700 (Parse error) response, with a
null id since none could be read. Everything else is the correct server
(conformant_server.py).
Breaks: a line that is not JSON gets -32700, and the next request its answer."""
import json

import conformant_server as base

correct_handle = base.handle_line


def handle_line(line):
    try:
        json.loads(line)
    except ValueError:
        # BUG: nothing is said about a line that could not be read.
        return []
    return correct_handle(line)


base.handle_line = handle_line
base.main()
