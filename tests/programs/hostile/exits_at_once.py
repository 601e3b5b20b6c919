"""Exits before reading anything."""
import _pids
_pids.record()
