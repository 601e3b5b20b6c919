#!/usr/bin/env python3
"""WRONG (signed-state): the state is signed on the way out, but the
tag that comes back is never checked. Breaks: a state that fails verification
(a changed payload with its old tag, another key, a plain SHA-256) is
refused.
Everything else is the correct server (signed_state_fields.py, run with
`--defect never-verifies`)."""
import sys

sys.argv[1:] = ["--defect", "never-verifies"]
import signed_state_fields  # noqa: F401  (it serves stdin as it loads)
