#!/usr/bin/env python3
"""WRONG (signed-state): the "signature" is the same 64 hex digits for
every payload, so a payload the client changed keeps a valid tag, and the
state is not the HMAC-SHA256 under STATE_KEY the exercise fixes. Breaks: a
changed payload with its old tag is refused; the state is signed with
STATE_KEY.
Everything else is the correct server (signed_state_fields.py, run with
`--defect constant-tag`)."""
import sys

sys.argv[1:] = ["--defect", "constant-tag"]
import signed_state_fields  # noqa: F401  (it serves stdin as it loads)
