#!/usr/bin/env python3
"""WRONG (signed-state): when the signature does not match, trusts a payload
that still reads and names this request ("the client may have re-encoded
it"). Everything else is the correct server (signed_state.py, run with
`--defect accepts-tampered`). Breaks: a state that fails verification is
refused, never repaired."""
import sys

sys.argv[1:] = ["--defect", "accepts-tampered"]
import signed_state  # noqa: F401  (it serves stdin as it loads)
