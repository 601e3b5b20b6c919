"""Starts a background process that inherits stdout, then exits at once."""
import subprocess, _pids
child = subprocess.Popen(["sleep", "600"])
_pids.record(child.pid)
