#!/usr/bin/env python3
"""WRONG (signed-state): tags are verified under the current key only, so a
state the server signed before its key was rotated (PREVIOUS_STATE_KEY, the
exercise's given key from before) is refused though it has not expired.
Breaks: a state signed with the previous key still completes.
Everything else is the correct server (signed_state_fields.py, run with
`--defect current-key-only`)."""
import sys

sys.argv[1:] = ["--defect", "current-key-only"]
import signed_state_fields  # noqa: F401  (it serves stdin as it loads)
