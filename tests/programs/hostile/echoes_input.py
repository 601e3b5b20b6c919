"""Writes every line it reads straight back."""
import sys, _pids
_pids.record()
for line in sys.stdin:
    sys.stdout.write(line)
    sys.stdout.flush()
