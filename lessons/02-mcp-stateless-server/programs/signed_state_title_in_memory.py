#!/usr/bin/env python3
"""WRONG (signed-state): keeps the new title of a rename in a dict in this
process instead of in the signed state, so a fresh process cannot finish the
rename. Everything else is the correct server (signed_state.py, run with
`--defect title-in-memory`). Breaks: requestState carries everything any
process needs."""
import sys

sys.argv[1:] = ["--defect", "title-in-memory"]
import signed_state  # noqa: F401  (it serves stdin as it loads)
