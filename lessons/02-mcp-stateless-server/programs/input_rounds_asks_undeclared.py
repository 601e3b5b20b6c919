#!/usr/bin/env python3
"""WRONG (input-rounds): asks sampling and roots together as soon as the client
declared either one of them. Everything else is the correct server
(input_rounds.py, run with `--defect asks-undeclared`). Breaks: each input
request needs its own capability in THIS request."""
import sys

sys.argv[1:] = ["--defect", "asks-undeclared"]
import input_rounds

input_rounds.main()
