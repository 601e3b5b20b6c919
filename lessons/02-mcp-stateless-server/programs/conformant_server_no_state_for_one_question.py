#!/usr/bin/env python3
"""A correct capstone server (conformant-server) that issues no requestState
where it needs none: `test_input_required_result_elicitation` and
`test_input_required_result_prompt` ask one question in one round, so their
input_required carries `inputRequests` alone, and a retry is judged by its
answers. The spec makes requestState optional ("MAY include"), and a client
that got none sends none back ("MUST NOT include one in the retry").
Everything else is the correct server (conformant_server.py)."""
import conformant_server as base

ONE_QUESTION = ("test_input_required_result_elicitation", "test_input_required_result_prompt")
correct_step = base.step


def step(name, params, caps, method="tools/call"):
    kind, value = correct_step(name, params, caps, method)
    if kind == "ask" and name in ONE_QUESTION:
        value = {k: v for k, v in value.items() if k != "requestState"}
    return kind, value


base.step = step
base.main()
