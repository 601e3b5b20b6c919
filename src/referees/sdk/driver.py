"""Drive an MCP stdio server with the official MCP Python SDK (PyPI `mcp`, 2.x).

Shipped inside `learn` (src/referees/sdk/mod.rs) and run by `learn interop`;
tests/it/interop.rs runs this file directly. It needs only the standard library
and the SDK, so any virtual environment with `mcp` installed will do. It knows
no lesson: the steps come from the lesson's interop.toml, their values filled
in by learn, as the plan.

    python driver.py --plan PLAN [--timeout S] [--cwd DIR] -- SERVER [ARGS...]
    python driver.py --probe

PLAN is JSON: one connection per mode, in order, each with its steps, run
after the SDK connects (the step "connect"):
    [{"mode": "auto", "steps": [STEP, ...]}, {"mode": "2026-07-28", ...}]
A STEP has an "id" and does one thing:
    {"list_tools": [NAME, ...]}      each is listed, its input_schema an object
    {"call": NAME, "arguments": {...},
     "elicit": {"action": A, "content": {...}, "times": N},
     "result": "ok" | "tool-error" | "any", "error": CODE,
     "text_number": X, "text_has": T, "text_lacks": T}
                                     the call completes with that kind of result
                                     (is_error false, true, either) or raises an
                                     MCPError with that code; the elicitation
                                     callback answers A and must be asked N times

It prints one JSON object per line on stdout:
    {"sdk": "2.3.0"}                 first: the SDK version in use
    {"mode": M, "step": S, "passed": B, "saw": TEXT}
                                     one per step, as soon as it ends
                                     (with "tried": false when it could not run)
    {"missing": "sdk" | "sdk-version", "detail": TEXT}
                                     instead of all that, when the SDK cannot be used
`saw` is what the SDK handed back, in the SDK's own terms (`is_error`,
`input_schema`): the wire says `isError` and `inputSchema`, the SDK does not.
Exit status: 0 every step passed, 1 a step failed, 2 a bad command line or
plan, 3 the SDK cannot be used.
"""

import argparse
import json
import sys

# The first step of every connection: entering the SDK's client connects.
CONNECT = "connect"

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
    """One connection in one mode, and the plan's steps run over it."""

    def __init__(self, sdk, mode, steps, timeout):
        self.sdk, self.mode, self.steps, self.timeout = sdk, mode, steps, timeout
        self.elicit = None
        self.asked = []
        self.client = None

    async def elicitation(self, context, params):
        """The user, as the SDK's elicitation callback: answers as the step says."""
        self.asked.append(params)
        answer = self.elicit or {"action": "cancel"}
        if answer["action"] == "accept":
            return self.sdk.types.ElicitResult(action="accept", content=answer.get("content", {}))
        return self.sdk.types.ElicitResult(action=answer["action"])

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
                await self.step(CONNECT, self.check_connect)
                for step in self.steps:
                    await self.step(step["id"], lambda step=step: self.check(step))
        except Exception as error:
            if not entered:
                emit(mode=self.mode, step=CONNECT, passed=False, saw=self.describe(error))
                for step in self.steps:
                    emit(mode=self.mode, step=step["id"], passed=False, tried=False, saw="not tried: no connection")
            # Otherwise every step has reported; how the server exits is not a step.

    async def step(self, label, check):
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

    async def check(self, step):
        if "list_tools" in step:
            return await self.list_tools(step["list_tools"])
        return await self.call(step)

    async def list_tools(self, wanted):
        listed = await self.client.list_tools()
        names = [tool.name for tool in listed.tools]
        for name in wanted:
            tool = next((t for t in listed.tools if t.name == name), None)
            if tool is None:
                raise Failed(f"tools={names}: no {name!r}")
            if tool.input_schema.get("type") != "object":
                raise Failed(f"{name}.input_schema={short(tool.input_schema)}")
        return f"tools={names}"

    async def call(self, step):
        self.elicit, self.asked = step.get("elicit"), []
        arguments = step.get("arguments", {})
        shown = f"{step['call']}({', '.join(f'{k}={v!r}' for k, v in arguments.items())})"
        try:
            result = await self.client.call_tool(step["call"], arguments)
        except self.sdk.MCPError as error:
            said = f"{shown}: MCPError {error.code}: {short(error.error.message)}"
            if error.code != step.get("error"):
                raise Failed(said)
            return said
        text = text_of(result)
        said = f"{shown}: is_error={result.is_error}, text={short(text)!r}"
        if self.elicit is not None:
            said = f"{self.asked_line()}; {said}"
        if not self.result_holds(step, result, text):
            raise Failed(said)
        return said

    def asked_line(self):
        if not self.asked:
            return "not asked"
        question = short(self.asked[0].message, 60)
        times = "once" if len(self.asked) == 1 else f"{len(self.asked)} times"
        return f"asked {question!r} {times}, answered {self.elicit['action']}"

    def result_holds(self, step, result, text):
        """Whether a completed call is what the step expects."""
        kind = step.get("result")
        if kind is None:  # an error was expected
            return False
        if (kind == "ok" and result.is_error) or (kind == "tool-error" and not result.is_error):
            return False
        if self.elicit is not None and len(self.asked) != self.elicit.get("times", 1):
            return False
        if "text_number" in step and as_number(text) != float(step["text_number"]):
            return False
        if "text_has" in step and step["text_has"] not in text:
            return False
        return not ("text_lacks" in step and step["text_lacks"] in text)


def main():
    parser = argparse.ArgumentParser(description="Drive an MCP stdio server with the official MCP Python SDK.")
    parser.add_argument("--probe", action="store_true", help="only report the SDK version")
    parser.add_argument("--plan", help="the connections and their steps, as JSON")
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
    try:
        plan = json.loads(args.plan or "")
    except ValueError as error:
        parser.error(f"--plan must be the connections as JSON: {error}")
    server = sdk.Params(command=args.server[0], args=args.server[1:], cwd=args.cwd)

    async def every_mode():
        for connection in plan:
            await Connection(sdk, connection["mode"], connection["steps"], args.timeout).run(server)

    sdk.anyio.run(every_mode)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
