"""Reads one line, then dies of a segmentation fault signal."""
import os, signal, sys, _pids
_pids.record()
sys.stdin.readline()
os.kill(os.getpid(), signal.SIGSEGV)
