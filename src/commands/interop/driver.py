"""Drive an MCP stdio server with the official MCP Python SDK (PyPI `mcp`, 2.x).

Shipped inside `learn` (see src/commands/interop.rs) and run by
`learn interop`; tests/interop.rs runs this file directly. It uses only the
standard library and the SDK, so it works in any virtual environment that has
`mcp` installed.

    python driver.py [--timeout S] [--cwd DIR] -- SERVER [ARGS...]
    python driver.py --probe

Prints one JSON object per line on stdout:
    {"sdk": "2.3.0"}                      first, the SDK version in use
    {"mode": M, "step": S, "passed": B, "saw": TEXT}
                                          one per step, as soon as it ends
    {"missing": "sdk" | "sdk-version", "detail": TEXT}
                                          instead, when the SDK cannot be used
`saw` is what the SDK handed back, in the SDK's own terms (`is_error`,
`input_schema`, ...): the wire names are camelCase, the SDK's are not.
Exit status: 0 every step passed, 1 some step failed, 3 the SDK is missing.
"""

import argparse
import json
import random
import sys

# Each step, in the order it runs; learn has the words for each name.
STEPS = ["connect", "list-tools", "add", "tool-error", "greet", "greet-declined", "unknown-tool"]
MODES = ["auto", "2026-07-28"]


# Every step that failed, so the exit status agrees with what was printed.
FAILED = []


def emit(**fields):
    if fields.get("passed") is False:
        FAILED.append(fields)
    print(json.dumps(fields, ensure_ascii=False), flush=True)


def load_sdk():
    """The SDK's modules, or None after saying why they cannot be used."""
    try:
        from importlib.metadata import version

        installed = version("mcp")
    except Exception as error:  # not installed at all
        emit(missing="sdk", detail=f"{type(error).__name__}: {error}")
        return None
    if not installed.split(".")[0].isdigit() or int(installed.split(".")[0]) < 2:
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
    return anyio, mcp_types, Client, MCPError, StdioServerParameters


def text_of(result):
    """Every text block of a CallToolResult, joined."""
    return " ".join(block.text for block in result.content if getattr(block, "type", "") == "text")


def as_number(text):
    try:
        return float(text.strip())
    except ValueError:
        return None


def short(value, limit=160):
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Failed(Exception):
    """A step's check did not hold; the message says what the SDK saw."""


async def run_mode(sdk, mode, server, timeout):
    anyio, types, Client, MCPError, _ = sdk
    rng = random.Random()
    # The name the elicitation callback gives; drawn so no server can know it.
    name = rng.choice(["Ada", "Grace", "Edsger", "Barbara", "Wei", "Amara"]) + str(rng.randint(10, 99))
    answer = {"action": "accept"}
    asked = []

    async def elicitation(context, params):
        asked.append(params)
        if answer["action"] == "accept":
            return types.ElicitResult(action="accept", content={"name": name})
        return types.ElicitResult(action=answer["action"])

    async def step(label, check):
        try:
            with anyio.fail_after(timeout):
                saw = await check()
            emit(mode=mode, step=label, passed=True, saw=saw)
        except Failed as failure:
            emit(mode=mode, step=label, passed=False, saw=str(failure))
        except MCPError as error:
            emit(mode=mode, step=label, passed=False, saw=f"MCPError {error.code}: {short(error.error.message)}")
        except TimeoutError:
            emit(mode=mode, step=label, passed=False, saw=f"no answer within {timeout:g} s")
        except Exception as error:  # whatever the SDK raised is what it saw
            emit(mode=mode, step=label, passed=False, saw=f"{type(error).__name__}: {short(str(error))}")

    client = Client(server, mode=mode, elicitation_callback=elicitation, read_timeout_seconds=timeout)
    try:
        with anyio.fail_after(timeout):
            await client.__aenter__()
    except BaseException as error:  # nothing else can run without a connection
        detail = f"{type(error).__name__}: {short(str(error))}"
        if isinstance(error, MCPError):
            detail = f"MCPError {error.code}: {short(error.error.message)}"
        elif isinstance(error, TimeoutError):
            detail = f"no answer within {timeout:g} s"
        emit(mode=mode, step="connect", passed=False, saw=detail)
        for label in STEPS[1:]:
            emit(mode=mode, step=label, passed=False, saw="not tried: no connection")
        return
    try:

        async def connect():
            session = client.session
            info = client.server_info
            who = f"{info.name} {info.version}" if info else "no serverInfo"
            if mode == "auto":
                discovered = session.discover_result
                if discovered is None or session.initialize_result is not None:
                    raise Failed(f"fell back to the legacy initialize handshake (version {client.protocol_version})")
                return f"server/discover: supported_versions={discovered.supported_versions}, {who}"
            return f"adopted {client.protocol_version} without a probe"

        async def list_tools():
            listed = await client.list_tools()
            names = [tool.name for tool in listed.tools]
            for wanted in ["add", "greet"]:
                tool = next((t for t in listed.tools if t.name == wanted), None)
                if tool is None:
                    raise Failed(f"tools={names}: no {wanted!r}")
                if tool.input_schema.get("type") != "object":
                    raise Failed(f"{wanted}.input_schema={short(tool.input_schema)}")
            return f"tools={names}"

        a, b = rng.randint(-50, 50), rng.randint(1, 99)

        async def add():
            result = await client.call_tool("add", {"a": a, "b": b})
            text = text_of(result)
            if result.is_error or as_number(text) != a + b:
                raise Failed(f"add(a={a}, b={b}): is_error={result.is_error}, text={short(text)!r}")
            return f"add(a={a}, b={b}): text={short(text)!r}"

        async def tool_error():
            result = await client.call_tool("add", {"a": "one", "b": b})
            if not result.is_error:
                raise Failed(f"add(a='one', b={b}): is_error={result.is_error}, text={short(text_of(result))!r}")
            return f"add(a='one', b={b}): is_error=True, text={short(text_of(result))!r}"

        async def greet():
            answer["action"], asked[:] = "accept", []
            result = await client.call_tool("greet", {})
            text = text_of(result)
            if len(asked) != 1 or result.is_error or name not in text:
                raise Failed(f"elicitation asked {len(asked)} time(s); is_error={result.is_error}, text={short(text)!r}")
            return f"elicitation {short(asked[0].message)!r} answered {name!r}; text={short(text)!r}"

        async def greet_declined():
            answer["action"], asked[:] = "decline", []
            result = await client.call_tool("greet", {})
            text = text_of(result)
            if len(asked) != 1 or name in text:
                raise Failed(f"elicitation asked {len(asked)} time(s); text={short(text)!r}")
            return f"declined; is_error={result.is_error}, text={short(text)!r}"

        async def unknown_tool():
            missing = f"no-such-tool-{rng.randint(100, 999)}"
            try:
                result = await client.call_tool(missing, {})
            except MCPError as error:
                if error.code != -32602:
                    raise Failed(f"MCPError {error.code} (wanted -32602): {short(error.error.message)}")
                return f"MCPError -32602: {short(error.error.message)}"
            raise Failed(f"no error: a result with is_error={result.is_error}, text={short(text_of(result))!r}")

        checks = [connect, list_tools, add, tool_error, greet, greet_declined, unknown_tool]
        for label, check in zip(STEPS, checks):
            await step(label, check)
    finally:
        with anyio.move_on_after(timeout, shield=True):
            try:
                await client.__aexit__(None, None, None)
            except Exception:
                pass  # the server's own exit is not one of the steps


def main():
    parser = argparse.ArgumentParser(description="Drive an MCP stdio server with the official MCP Python SDK.")
    parser.add_argument("--probe", action="store_true", help="only report the SDK version")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds for each step")
    parser.add_argument("--cwd", help="the server's working folder")
    parser.add_argument("server", nargs="*", help="the server's command line (after --)")
    args = parser.parse_args()
    sdk = load_sdk()
    if sdk is None:
        return 3
    if args.probe:
        return 0
    if not args.server:
        parser.error("give the server's command line after --")
    anyio, _, _, _, StdioServerParameters = sdk
    server = StdioServerParameters(command=args.server[0], args=args.server[1:], cwd=args.cwd)

    async def everything():
        for mode in MODES:
            await run_mode(sdk, mode, server, args.timeout)

    anyio.run(everything)
    return 1 if FAILED else 0

if __name__ == "__main__":
    sys.exit(main())
