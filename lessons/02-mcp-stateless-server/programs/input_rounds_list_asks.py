#!/usr/bin/env python3
"""WRONG (input-rounds): a tools/list or prompts/list that carries
inputResponses or a requestState gets input_required. Everything else is the
correct server (input_rounds.py, run with `--defect list-asks`). Breaks:
only tools/call, prompts/get and resources/read may answer input_required."""
import sys

sys.argv[1:] = ["--defect", "list-asks"]
import input_rounds

input_rounds.main()
