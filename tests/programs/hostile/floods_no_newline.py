"""Writes one endless line: never a newline."""
import sys, _pids
_pids.record()
while True:
    sys.stdout.write("x" * 65536)
