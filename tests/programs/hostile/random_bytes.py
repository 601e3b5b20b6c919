"""Answers each line with random bytes."""
import os, sys, _pids
_pids.record()
for _ in sys.stdin:
    sys.stdout.buffer.write(os.urandom(64) + b"\n")
    sys.stdout.flush()
