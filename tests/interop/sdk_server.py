"""The demo server of CURRICULUM §3 built the way the official Python SDK
(PyPI `mcp`, 2.x) means servers to be built: `MCPServer`, a typed tool
function per tool, and the SDK's own multi round-trip machinery (a
`Resolve` parameter whose resolver returns `Elicit`) for `greet`.

It holds no protocol code of its own on purpose: every byte on stdout is
the SDK's. tests/it/interop.rs plays the capstone scenarios against it and
records exactly where the SDK's choices differ from the lesson's contract.

    python sdk_server.py                    # the SDK's defaults
    python sdk_server.py --state-key KEY    # requestState sealed with a key
                                            # every process shares (>= 32 bytes)
"""

import argparse
import math
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import (
    AcceptedElicitation,
    Elicit,
    ElicitationResult,
    MCPServer,
    RequestStateSecurity,
    Resolve,
)


class Name(BaseModel):
    name: str


def ask_for_name() -> Elicit[Name]:
    # Returning a marker instead of a value is how the SDK asks: at
    # 2026-07-28 it turns this into an `input_required` result.
    return Elicit("What is your name?", Name)


def build(state_key: str | None) -> MCPServer:
    # Without `request_state_security` the SDK seals requestState with a key
    # made when the process starts (RequestStateSecurity.ephemeral()).
    security = RequestStateSecurity(keys=[state_key]) if state_key else None
    server = MCPServer("sdk-demo", version="1.0.0", request_state_security=security)

    @server.tool()
    def add(a: float, b: float) -> str:
        """Adds two numbers."""
        total = a + b
        if not math.isfinite(total):  # the SDK turns a raised error into isError: true
            raise ValueError("the sum is too large to be a finite number")
        return str(total)

    @server.tool()
    def greet(answer: Annotated[ElicitationResult[Name], Resolve(ask_for_name)]) -> str:
        """Asks for your name, then greets you."""
        if isinstance(answer, AcceptedElicitation):
            return f"Hello, {answer.data.name}!"
        return "No name given, so no greeting."

    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--state-key", help="seal requestState with this shared secret")
    args = parser.parse_args()
    build(args.state_key).run("stdio")


if __name__ == "__main__":
    main()
