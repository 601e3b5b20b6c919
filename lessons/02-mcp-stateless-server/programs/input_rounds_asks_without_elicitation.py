#!/usr/bin/env python3
"""WRONG (input-rounds): a client that did not declare elicitation still gets a
question (an input_required holding elicitation/create) instead of -32021.
Everything else is the correct server (input_rounds.py, run with `--defect
asks-without-elicitation`). Breaks: an input request goes only to a client
that declared its capability."""
import sys

sys.argv[1:] = ["--defect", "asks-without-elicitation"]
import input_rounds

input_rounds.main()
