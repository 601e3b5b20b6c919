#!/usr/bin/env python3
"""WRONG (signed-state): checks the state's signature and tool but not the note
it was issued for, so a delete confirmed for one note deletes another.
Everything else is the correct server (signed_state.py, run with `--defect
any-note`). Breaks: a state is bound to the request (tool and arguments) it
was issued for."""
import sys

sys.argv[1:] = ["--defect", "any-note"]
import signed_state  # noqa: F401  (it serves stdin as it loads)
