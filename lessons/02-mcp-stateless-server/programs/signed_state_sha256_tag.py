#!/usr/bin/env python3
"""WRONG (signed-state): the tag is a plain SHA-256 of the payload, with no
key, so any client can tag a payload it wrote itself, and the state is not
the HMAC-SHA256 under STATE_KEY the exercise fixes. Breaks: a changed payload
with a plain SHA-256 tag is refused; the state is signed with STATE_KEY.
Everything else is the correct server (signed_state_fields.py, run with
`--defect sha256-tag`)."""
import sys

sys.argv[1:] = ["--defect", "sha256-tag"]
import signed_state_fields  # noqa: F401  (it serves stdin as it loads)
