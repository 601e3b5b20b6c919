#!/usr/bin/env python3
"""WRONG (input-rounds): a retry that lacks an answer gets -32602 instead of
the question asked again. Everything else is the correct server
(input_rounds.py, run with `--defect error-on-missing`). Breaks: a missing
answer is asked for again, not an error."""
import sys

sys.argv[1:] = ["--defect", "error-on-missing"]
import input_rounds

input_rounds.main()
