"""Writes valid JSON-RPC lines as fast as it can, forever."""
import sys, _pids
_pids.record()
line = '{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "spam"}}\n'
while True:
    sys.stdout.write(line * 100)
