#!/usr/bin/env python3
"""WRONG (conformant-server): a requestState that does not verify is not
refused; the request just starts again from its first round, taking the
answers sent with it. A forged state must get a JSON-RPC error. Everything
else is the correct server (conformant_server.py).
Breaks: a forged requestState is refused; a real one works anywhere."""
import conformant_server as base

correct_unsign = base.unsign


def unsign(token, name):
    try:
        return correct_unsign(token, name)
    except base.RpcError:
        # BUG: a state that fails its check is treated as no state at all.
        return {"tool": name, "at": 0, "got": {}}


base.unsign = unsign
base.main()
