#!/usr/bin/env python3
"""WRONG (conformant-server): answers a line that is not JSON with -32700,
but keeps its text, taking it for the first part of a message split over
two lines, and reads the next line after it: the next request is then
unreadable too and gets -32700 instead of its answer. Each line is one
message on stdio; after a parse error the next line starts afresh.
Everything else is the correct server (conformant_server.py).
Breaks: a line that is not JSON gets -32700, and the next request its answer."""
import json
import sys

import conformant_server as base


def main():
    pending = ""
    for line in sys.stdin:
        if not line.strip():
            continue
        # BUG: what could not be read is kept in front of the next line.
        pending += line.strip()
        messages = base.handle_line(pending)
        if not (len(messages) == 1 and messages[0].get("error", {}).get("code") == -32700):
            pending = ""
        for message in messages:
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()


main()
