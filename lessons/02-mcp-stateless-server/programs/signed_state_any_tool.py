#!/usr/bin/env python3
"""WRONG (signed-state): checks the state's signature and note but not the tool
that issued it. Everything else is the correct server (signed_state.py, run
with `--defect any-tool`). Breaks: a state from another tool is refused."""
import sys

sys.argv[1:] = ["--defect", "any-tool"]
import signed_state  # noqa: F401  (it serves stdin as it loads)
