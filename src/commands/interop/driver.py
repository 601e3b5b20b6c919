"""Drive an MCP stdio server with the official MCP Python SDK (PyPI `mcp`, 2.x).

Shipped inside `learn` (src/commands/interop.rs) and run by `learn interop`;
tests/interop.rs runs this file directly. It needs only the standard library
and the SDK, so any virtual environment with `mcp` installed will do.

    python driver.py [--timeout S] [--cwd DIR] -- SERVER [ARGS...]
    python driver.py --probe

It prints one JSON object per line on stdout:
    {"sdk": "2.3.0"}                 first: the SDK version in use
    {"mode": M, "step": S, "passed": B, "saw": TEXT}
                                     one per step, as soon as it ends
                                     (with "tried": false when it could not run)
    {"missing": "sdk" | "sdk-version", "detail": TEXT}
                                     instead of all that, when the SDK cannot be used
`saw` is what the SDK handed back, in the SDK's own terms (`is_error`,
`input_schema`): the wire says `isError` and `inputSchema`, the SDK does not.
Exit status: 0 every step passed, 1 a step failed, 3 the SDK cannot be used.
"""

import argparse
import json
import random
import sys

# The steps of one connection, in order; learn has the words for each.
STEPS = ["connect", "list-tools", "add", "tool-error", "greet", "greet-declined", "unknown-tool"]
# `auto` probes server/discover first; a version string adopts it outright.
MODES = ["auto", "2026-07-28"]

# Every step that failed, so the exit status agrees with what was printed.
FAILED = []


def emit(**fields):
    if fields.get("passed") is False:
        FAILED.append(fields)
    print(json.dumps(fields, ensure_ascii=False), flush=True)


def load_sdk():
    """The parts of the SDK the steps use, or None after saying why not."""
    try:
        from importlib.metadata import version

        installed = version("mcp")
    except Exception as error:
        emit(missing="sdk", detail=f"{type(error).__name__}: {error}")
        return None
    major = installed.split(".")[0]
    if not major.isdigit() or int(major) < 2:
        emit(missing="sdk-version", detail=installed)
        return None
    try:
        import anyio
        import mcp_types
        from mcp import Client, MCPError, StdioServerParameters
    except Exception as error:
        emit(missing="sdk", detail=f"{type(error).__name__}: {error}")
        return None
    emit(sdk=installed)
    return argparse.Namespace(
        anyio=anyio, types=mcp_types, Client=Client, MCPError=MCPError, Params=StdioServerParameters
    )


def short(value, limit=160):
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def innermost(error):
    """The first real error inside task-group wrappers."""
    while getattr(error, "exceptions", None):  # an ExceptionGroup (3.11+ or the backport)
        error = error.exceptions[0]
    return error


def text_of(result):
    """Every text block of a tool result, joined."""
    return " ".join(block.text for block in result.content if getattr(block, "type", "") == "text")


def as_number(text):
    try:
        return float(text.strip())
    except ValueError:
        return None


class Failed(Exception):
    """A step's check did not hold; the message is what the SDK saw."""


class Connection:
    """One connection in one mode, and the steps run over it."""

    def __init__(self, sdk, mode, timeout):
        self.sdk, self.mode, self.timeout = sdk, mode, timeout
        rng = random.Random()
        # Drawn per run, so no server can know the values in advance.
        self.name = rng.choice(["Ada", "Grace", "Edsger", "Barbara", "Wei", "Amara"]) + str(rng.randint(10, 99))
        self.a, self.b = rng.randint(-50, 50), rng.randint(1, 99)
        self.missing_tool = f"no-such-tool-{rng.randint(100, 999)}"
        self.action = "accept"
        self.asked = []
        self.client = None

    async def elicitation(self, context, params):
        """The user, as the SDK's elicitation callback: answers with `self.action`."""
        self.asked.append(params)
        if self.action == "accept":
            return self.sdk.types.ElicitResult(action="accept", content={"name": self.name})
        return self.sdk.types.ElicitResult(action=self.action)

    def describe(self, error):
        error = innermost(error)
        if isinstance(error, self.sdk.MCPError):
            return f"MCPError {error.code}: {short(error.error.message)}"
        if isinstance(error, TimeoutError):
            return f"no answer within {self.timeout:g} s"
        return f"{type(error).__name__}: {short(str(error))}"

    async def run(self, server):
        self.client = self.sdk.Client(
            server, mode=self.mode, elicitation_callback=self.elicitation, read_timeout_seconds=self.timeout
        )
        entered = False
        try:
            # Entering connects: in `auto` mode that is the server/discover probe.
            async with self.client:
                entered = True
                for label in STEPS:
                    await self.step(label)
        except Exception as error:
            if not entered:
                emit(mode=self.mode, step="connect", passed=False, saw=self.describe(error))
                for label in STEPS[1:]:
                    emit(mode=self.mode, step=label, passed=False, tried=False, saw="not tried: no connection")
            # Otherwise every step has reported; how the server exits is not a step.

    async def step(self, label):
        check = getattr(self, "check_" + label.replace("-", "_"))
        try:
            with self.sdk.anyio.fail_after(self.timeout):
                saw = await check()
            emit(mode=self.mode, step=label, passed=True, saw=saw)
        except Failed as failure:
            emit(mode=self.mode, step=label, passed=False, saw=str(failure))
        except Exception as error:  # whatever the SDK raised is what it saw
            emit(mode=self.mode, step=label, passed=False, saw=self.describe(error))

    async def check_connect(self):
        session, info = self.client.session, self.client.server_info
        who = f"serverInfo {info.name} {info.version}" if info else "no serverInfo"
        if self.mode != "auto":
            return f"adopted {self.client.protocol_version} without a probe"
        discovered = session.discover_result
        if discovered is None or session.initialize_result is not None:
            raise Failed(f"fell back to the legacy initialize handshake ({self.client.protocol_version})")
        return f"server/discover: supported_versions={discovered.supported_versions}, {who}"

    async def check_list_tools(self):
        listed = await self.client.list_tools()
        names = [tool.name for tool in listed.tools]
        for wanted in ["add", "greet"]:
            tool = next((t for t in listed.tools if t.name == wanted), None)
            if tool is None:
                raise Failed(f"tools={names}: no {wanted!r}")
            if tool.input_schema.get("type") != "object":
                raise Failed(f"{wanted}.input_schema={short(tool.input_schema)}")
        return f"tools={names}"

    async def check_add(self):
        a, b = self.a, self.b
        result = await self.client.call_tool("add", {"a": a, "b": b})
        text = text_of(result)
        if result.is_error or as_number(text) != a + b:
            raise Failed(f"add(a={a}, b={b}): is_error={result.is_error}, text={short(text)!r}")
        return f"add(a={a}, b={b}): is_error=False, text={short(text)!r}"

    async def check_tool_error(self):
        result = await self.client.call_tool("add", {"a": "one", "b": self.b})
        text = short(text_of(result))
        if not result.is_error:
            raise Failed(f"add(a='one', b={self.b}): is_error={result.is_error}, text={text!r}")
        return f"add(a='one', b={self.b}): is_error=True, text={text!r}"

    async def greet(self, action):
        self.action, self.asked = action, []
        result = await self.client.call_tool("greet", {})
        return result, text_of(result)

    async def check_greet(self):
        result, text = await self.greet("accept")
        if len(self.asked) != 1 or result.is_error or self.name not in text:
            raise Failed(f"asked {len(self.asked)} time(s); is_error={result.is_error}, text={short(text)!r}")
        question = short(self.asked[0].message, 60)
        return f"asked {question!r}, answered {self.name!r}; text={short(text)!r}"

    async def check_greet_declined(self):
        result, text = await self.greet("decline")
        if len(self.asked) != 1 or self.name in text:
            raise Failed(f"asked {len(self.asked)} time(s); text={short(text)!r}")
        return f"asked once, declined; is_error={result.is_error}, text={short(text)!r}"

    async def check_unknown_tool(self):
        try:
            result = await self.client.call_tool(self.missing_tool, {})
        except self.sdk.MCPError as error:
            if error.code != -32602:
                raise Failed(f"MCPError {error.code}, not -32602: {short(error.error.message)}")
            return f"{self.missing_tool}: MCPError -32602: {short(error.error.message)}"
        text = short(text_of(result))
        raise Failed(f"{self.missing_tool}: no error, a result with is_error={result.is_error}, text={text!r}")


def main():
    parser = argparse.ArgumentParser(description="Drive an MCP stdio server with the official MCP Python SDK.")
    parser.add_argument("--probe", action="store_true", help="only report the SDK version")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds for each step")
    parser.add_argument("--cwd", help="the server's working folder")
    parser.add_argument("server", nargs="*", help="the server's command line, after --")
    args = parser.parse_args()
    sdk = load_sdk()
    if sdk is None:
        return 3
    if args.probe:
        return 0
    if not args.server:
        parser.error("give the server's command line after --")
    server = sdk.Params(command=args.server[0], args=args.server[1:], cwd=args.cwd)

    async def every_mode():
        for mode in MODES:
            await Connection(sdk, mode, args.timeout).run(server)

    sdk.anyio.run(every_mode)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
