#!/usr/bin/env python3
"""WRONG (input-rounds): plans with whatever the nights answer holds (-3, 0,
"three", 2.5) instead of checking it against the form, which asked for an
integer of at least 1. Everything else is the correct server
(input_rounds.py, run with `--defect trusts-nights`). Breaks: an answer the
form does not allow is refused, never planned."""
import sys

sys.argv[1:] = ["--defect", "trusts-nights"]
import input_rounds

input_rounds.main()
