#!/usr/bin/env python3
"""WRONG (signed-state): the state is the base64url of its JSON with no tag at
all, so nothing protects it, and it is not in the format the exercise fixes.
Breaks: the state has that format, and every scenario that forges a state
from it stops, saying so.
Everything else is the correct server (signed_state_fields.py, run with
`--defect unsigned`)."""
import sys

sys.argv[1:] = ["--defect", "unsigned"]
import signed_state_fields  # noqa: F401  (it serves stdin as it loads)
