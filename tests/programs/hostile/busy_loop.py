"""Spins the CPU forever."""
import _pids
_pids.record()
while True:
    pass
