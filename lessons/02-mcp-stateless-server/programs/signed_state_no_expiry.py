#!/usr/bin/env python3
"""WRONG (signed-state): the signature, the tool and the note are checked,
but not `expires`, so a state stays good for ever. Breaks: an expired state
is refused (the spec says should; the exercise requires it).
Everything else is the correct server (signed_state_fields.py, run with
`--defect no-expiry`)."""
import sys

sys.argv[1:] = ["--defect", "no-expiry"]
import signed_state_fields  # noqa: F401  (it serves stdin as it loads)
