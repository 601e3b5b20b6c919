"""Writes to stderr forever and never answers."""
import sys, _pids
_pids.record()
while True:
    sys.stderr.write("debug " * 1000 + "\n")
