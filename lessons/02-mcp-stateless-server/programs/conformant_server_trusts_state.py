#!/usr/bin/env python3
"""WRONG (conformant-server): a requestState that does not verify is not
refused; the request just starts again from its first round, taking the
answers sent with it. A forged state must get a JSON-RPC error. Everything
else is the correct server (conformant_server.py).
Breaks: a forged requestState is refused; a real one works anywhere."""
import conformant_server as base

correct_unsign = base.unsign


def unsign(token, method, name, rounds):
    try:
        return correct_unsign(token, method, name, rounds)
    except base.RpcError:
        # BUG: a state that fails its check is treated as no state at all.
        return {"method": method, "name": name, "round": 0, "answers": {}}


base.unsign = unsign
base.main()
