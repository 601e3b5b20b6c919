#!/usr/bin/env python3
"""WRONG (input-rounds, a SHOULD this exercise requires): no result names the
server in `_meta["io.modelcontextprotocol/serverInfo"]`. Everything else is
the correct server (input_rounds.py, run with `--defect no-server-info`).
Breaks: every result names the server, and only that scenario."""
import sys

sys.argv[1:] = ["--defect", "no-server-info"]
import input_rounds

input_rounds.main()
