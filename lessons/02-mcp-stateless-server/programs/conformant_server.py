#!/usr/bin/env python3
"""Lesson 2's capstone (conformant-server), written apart from the Rust
reference and making other spec-legal choices: cacheScope "private" on
resources/read; a requestState in the format the exercise fixes (the hex of
a JSON object with method, name, round and answers, a ".", the hex of an
HMAC-SHA256 tag) but with members sorted, Python's JSON spacing and a key of
its own; resource subscriptions asked for refused in so many words (an
empty list in the acknowledgment); an answer of the wrong shape asked again (a new input_required) rather than
refused; log messages at info and warning; errors with other messages. It
must pass every scenario of the exercise. Standard library only."""
import hashlib
import hmac
import json
import sys

VERSION = "2026-07-28"
SECRET = b"an independent python server keeps its own key"
LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
SUB_KEY = "io.modelcontextprotocol/subscriptionId"

# Open streams, keyed by the listen id's JSON text (so 7 and "7" differ).
streams = {}


class RpcError(Exception):
    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def reply(msg_id, result):
    result.setdefault("_meta", {})["io.modelcontextprotocol/serverInfo"] = {
        "name": "python-capstone", "version": "0.9"}
    return {"jsonrpc": "2.0", "result": result, "id": msg_id}


def failure(msg_id, err):
    body = {"code": err.code, "message": err.message}
    if err.data is not None:
        body["data"] = err.data
    out = {"jsonrpc": "2.0", "error": body}
    if msg_id is not None:
        out["id"] = msg_id
    return out


def handle_line(line):
    try:
        msg = json.loads(line)
    except ValueError:
        return [failure(None, RpcError(-32700, "unparseable line"))]
    if not isinstance(msg, dict):
        return [failure(None, RpcError(-32600, "expected an object"))]
    if "id" not in msg:
        on_notification(msg)
        return []
    if "method" not in msg and ("result" in msg or "error" in msg):
        return []
    msg_id = msg["id"]
    if isinstance(msg_id, bool) or not isinstance(msg_id, (int, str)):
        return [failure(None, RpcError(-32600, "bad id"))]
    out = []
    try:
        if msg.get("jsonrpc") != "2.0" or not isinstance(msg.get("method"), str):
            raise RpcError(-32600, "not a JSON-RPC 2.0 request")
        params = msg.get("params", {})
        if not isinstance(params, dict):
            raise RpcError(-32600, "params is not an object")
        result = dispatch(msg_id, msg["method"], params, out)
        if result is not None:
            out.append(reply(msg_id, result))
    except RpcError as err:
        out.append(failure(msg_id, err))
    return out


def on_notification(msg):
    if msg.get("method") == "notifications/cancelled":
        params = msg.get("params") or {}
        if "requestId" in params:
            streams.pop(json.dumps(params["requestId"]), None)


def check_meta(params):
    meta = params.get("_meta")
    if not isinstance(meta, dict):
        raise RpcError(-32602, "missing _meta")
    version = meta.get("io.modelcontextprotocol/protocolVersion")
    if not isinstance(version, str):
        raise RpcError(-32602, "missing protocol version")
    if version != VERSION:
        raise RpcError(-32022, "version not supported", {"supported": [VERSION], "requested": version})
    caps = meta.get("io.modelcontextprotocol/clientCapabilities")
    if not isinstance(caps, dict):
        raise RpcError(-32602, "missing client capabilities")
    level = meta.get("io.modelcontextprotocol/logLevel")
    if level is not None and level not in LEVELS:
        raise RpcError(-32602, "unknown log level %r" % (level,))
    return caps, level


def dispatch(msg_id, method, params, out):
    handler = HANDLERS.get(method)
    if handler is None:
        raise RpcError(-32601, "no such method")
    caps, level = check_meta(params)
    result = handler(msg_id, params, caps, level, out)
    return add_hints(method, result)


CACHEABLE = {"server/discover": "public", "tools/list": "public", "prompts/list": "public",
             "resources/list": "public", "resources/templates/list": "public",
             "resources/read": "private"}


def add_hints(method, result):
    if result is not None and method in CACHEABLE and result.get("resultType") == "complete":
        result["cacheScope"] = CACHEABLE[method]
        result["ttlMs"] = 30000
    return result


def no_cursor(params):
    if "cursor" in params:
        raise RpcError(-32602, "that cursor is unknown here")


def done(**fields):
    fields["resultType"] = "complete"
    return fields


# ---------------------------------------------------------------- discovery and lists

def discover(msg_id, params, caps, level, out):
    return done(supportedVersions=[VERSION],
                capabilities={"logging": {}, "resources": {}, "prompts": {},
                              "tools": {"listChanged": True}})


TOOL_NAMES = ["test_simple_text", "test_error_handling", "test_logging_tool",
              "test_trigger_tool_change", "test_missing_capability", "test_streaming_elicitation"] + [
    "test_input_required_result_" + n for n in
    ["elicitation", "sampling", "list_roots", "request_state", "multiple_inputs",
     "multi_round", "tampered_state", "capabilities"]]


def list_tools(msg_id, params, caps, level, out):
    no_cursor(params)
    return done(tools=[{"name": n, "description": "Conformance fixture " + n,
                        "inputSchema": {"type": "object"}} for n in TOOL_NAMES])


def list_prompts(msg_id, params, caps, level, out):
    no_cursor(params)
    return done(prompts=[
        {"name": "test_simple_prompt", "description": "plain"},
        {"name": "test_prompt_with_arguments", "description": "two arguments",
         "arguments": [{"name": "arg1", "required": True}, {"name": "arg2", "required": True}]},
        {"name": "test_input_required_result_prompt", "description": "asks first"}])


def list_resources(msg_id, params, caps, level, out):
    no_cursor(params)
    return done(resources=[{"name": "static", "uri": "test://static-text", "mimeType": "text/plain"}])


def list_templates(msg_id, params, caps, level, out):
    no_cursor(params)
    return done(resourceTemplates=[{"name": "data", "uriTemplate": "test://template/{id}/data"}])


def read_resource(msg_id, params, caps, level, out):
    uri = params.get("uri")
    if uri == "test://static-text":
        return done(contents=[{"uri": uri, "mimeType": "text/plain", "text": "static text"}])
    if isinstance(uri, str) and uri.startswith("test://template/") and uri.endswith("/data"):
        ident = uri[len("test://template/"):-len("/data")]
        if ident and "/" not in ident:
            return done(contents=[{"uri": uri, "mimeType": "application/json",
                                   "text": json.dumps({"id": ident})}])
    raise RpcError(-32602, "no resource at that uri", {"uri": uri})


# ---------------------------------------------------------------- subscriptions

def listen(msg_id, params, caps, level, out):
    wanted = params.get("notifications")
    if not isinstance(wanted, dict):
        raise RpcError(-32602, "a listen needs a notifications filter")
    agreed = {}
    if wanted.get("toolsListChanged") is True:
        agreed["toolsListChanged"] = True
    if wanted.get("resourceSubscriptions"):
        # No resource here can be subscribed to (no `resources.subscribe`).
        agreed["resourceSubscriptions"] = []
    out.append({"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                "params": {"notifications": agreed, "_meta": {SUB_KEY: msg_id}}})
    streams[json.dumps(msg_id)] = (msg_id, agreed)
    return None  # the stream stays open: no response


def announce_tools_changed(out):
    for sub_id, agreed in streams.values():
        if agreed.get("toolsListChanged"):
            out.append({"jsonrpc": "2.0", "method": "notifications/tools/list_changed",
                        "params": {"_meta": {SUB_KEY: sub_id}}})


# ---------------------------------------------------------------- logging

def emit_log(level, wanted, text, out):
    if wanted is not None and LEVELS.index(level) >= LEVELS.index(wanted):
        out.append({"jsonrpc": "2.0", "method": "notifications/message",
                    "params": {"level": level, "data": {"message": text}}})


# ---------------------------------------------------------------- MRTR

def form(message, field, kind="string"):
    return {"method": "elicitation/create",
            "params": {"message": message,
                       "requestedSchema": {"type": "object", "properties": {field: {"type": kind}},
                                           "required": [field]}}}


def sampling(text):
    return {"method": "sampling/createMessage",
            "params": {"messages": [{"role": "user", "content": {"type": "text", "text": text}}],
                       "maxTokens": 64}}


ROOTS = {"method": "roots/list", "params": {}}
NEEDS = {"elicitation/create": "elicitation", "sampling/createMessage": "sampling",
         "roots/list": "roots"}


def plan(name, caps):
    """The rounds of questions of a tool or prompt: a list of {key: request}."""
    if name in ("test_input_required_result_sampling", "test_missing_capability"):
        return [{"capital_question": sampling("What is the capital of France?")}]
    if name == "test_input_required_result_list_roots":
        return [{"client_roots": ROOTS}]
    if name in ("test_input_required_result_request_state", "test_input_required_result_tampered_state"):
        return [{"confirm": form("Please confirm", "ok", "boolean")}]
    if name == "test_input_required_result_multiple_inputs":
        return [{"user_name": form("What is your name?", "name"),
                 "greeting": sampling("Generate a greeting"), "client_roots": ROOTS}]
    if name == "test_input_required_result_multi_round":
        return [{"step1": form("Step 1: What is your name?", "name")},
                {"step2": form("Step 2: What is your favorite color?", "color")}]
    if name == "test_input_required_result_capabilities":
        choice = {k: v for k, v in [("user_name", form("What is your name?", "name")),
                                    ("capital_question", sampling("Capital of France?")),
                                    ("client_roots", ROOTS)] if NEEDS[v["method"]] in caps}
        if not choice:
            raise RpcError(-32021, "declare sampling, elicitation or roots",
                           {"requiredCapabilities": {"sampling": {}}})
        return [choice]
    if name == "test_input_required_result_prompt":
        return [{"user_context": form("What context should the prompt use?", "context")}]
    return [{"user_name": form("What is your name?", "name")}]


def tag_of(body):
    return hmac.new(SECRET, body.encode(), hashlib.sha256).hexdigest()


def verified(body, tag):
    return hmac.compare_digest(tag, tag_of(body))


def sign(record):
    body = json.dumps(record, sort_keys=True).encode().hex()
    return body + "." + tag_of(body)


def unsign(token, method, name, rounds):
    try:
        body, tag = token.split(".")
        if not verified(body, tag):
            raise ValueError("tag")
        record = json.loads(bytes.fromhex(body))
        if record["method"] != method or record["name"] != name:
            raise ValueError("another request")
        if type(record["round"]) is not int or not 0 <= record["round"] < rounds:
            raise ValueError("round")
        if not isinstance(record["answers"], dict):
            raise ValueError("answers")
        return record
    except (ValueError, KeyError, TypeError, AttributeError):
        raise RpcError(-32602, "requestState failed its integrity check")


def usable(request, answer):
    """True when `answer` is a usable result for `request`."""
    if not isinstance(answer, dict):
        return False
    method = request["method"]
    if method == "elicitation/create":
        action = answer.get("action")
        if action in ("decline", "cancel"):
            return True
        content = answer.get("content")
        required = request["params"]["requestedSchema"]["required"]
        return action == "accept" and isinstance(content, dict) and all(k in content for k in required)
    if method == "sampling/createMessage":
        return "content" in answer
    return isinstance(answer.get("roots"), list)


def step(name, params, caps, method="tools/call"):
    """One retry of a multi round-trip request: ("ask", result) or ("done", answers)."""
    rounds = plan(name, caps)
    missing_caps = {NEEDS[r["method"]]: {} for rnd in rounds for r in rnd.values()
                    if NEEDS[r["method"]] not in caps}
    if missing_caps:
        raise RpcError(-32021, "client capability missing", {"requiredCapabilities": missing_caps})
    record = {"method": method, "name": name, "round": 0, "answers": {}}
    if "requestState" in params:
        record = unsign(params["requestState"], method, name, len(rounds))
    responses = params.get("inputResponses", {})
    if not isinstance(responses, dict):
        raise RpcError(-32602, "inputResponses must be a map")
    current = rounds[record["round"]]
    for key, request in current.items():
        if key in responses and usable(request, responses[key]):
            record["answers"][key] = responses[key]
    still = {k: v for k, v in current.items() if k not in record["answers"]}
    if not still:
        record["round"] += 1
        if record["round"] == len(rounds):
            return "done", record["answers"]
        still = rounds[record["round"]]
    return "ask", {"resultType": "input_required", "requestState": sign(record), "inputRequests": still}


def words(answer):
    if "action" in answer:
        return ", ".join(str(v) for v in (answer.get("content") or {}).values()) or answer["action"]
    if "roots" in answer:
        return ", ".join(r.get("uri", "?") for r in answer["roots"])
    content = answer.get("content")
    return content.get("text", "") if isinstance(content, dict) else str(content)


def finish(name, got):
    if name == "test_input_required_result_multi_round":
        return "Thanks %s, %s noted." % (words(got["step1"]), words(got["step2"]))
    if name in ("test_input_required_result_request_state", "test_input_required_result_tampered_state"):
        return "state-ok"
    return "; ".join("%s=%s" % (k, words(v)) for k, v in sorted(got.items()))


def text(message, error=False):
    result = done(content=[{"type": "text", "text": message}])
    if error:
        result["isError"] = True
    return result


def call_tool(msg_id, params, caps, level, out):
    name = params.get("name")
    if not isinstance(params.get("arguments", {}), dict):
        raise RpcError(-32602, "arguments must be a map")
    if name == "test_simple_text":
        return text("simple text")
    if name == "test_error_handling":
        return text("this tool always fails", error=True)
    if name == "test_logging_tool":
        emit_log("info", level, "working", out)
        emit_log("warning", level, "nearly done", out)
        return text("logged")
    if name == "test_trigger_tool_change":
        announce_tools_changed(out)
        return text("tools changed")
    if name in TOOL_NAMES:
        kind, value = step(name, params, caps)
        if kind == "ask":
            return value
        if name == "test_input_required_result_elicitation":
            return text("Hi " + words(value["user_name"]))
        return text(finish(name, value))
    raise RpcError(-32602, "no tool called %r" % (name,))


def get_prompt(msg_id, params, caps, level, out):
    name = params.get("name")
    args = params.get("arguments") or {}
    if name == "test_simple_prompt":
        return done(messages=[{"role": "user", "content": {"type": "text", "text": "simple"}}])
    if name == "test_prompt_with_arguments":
        if not all(isinstance(args.get(k), str) for k in ("arg1", "arg2")):
            raise RpcError(-32602, "arg1 and arg2 are required")
        said = "arg1=%s arg2=%s" % (args["arg1"], args["arg2"])
        return done(messages=[{"role": "user", "content": {"type": "text", "text": said}}])
    if name == "test_input_required_result_prompt":
        kind, value = step(name, params, caps, "prompts/get")
        if kind == "ask":
            return value
        said = "Context: " + words(value["user_context"])
        return done(messages=[{"role": "user", "content": {"type": "text", "text": said}}])
    raise RpcError(-32602, "no prompt called %r" % (name,))


HANDLERS = {
    "server/discover": discover,
    "tools/list": list_tools,
    "tools/call": call_tool,
    "prompts/list": list_prompts,
    "prompts/get": get_prompt,
    "resources/list": list_resources,
    "resources/templates/list": list_templates,
    "resources/read": read_resource,
    "subscriptions/listen": listen,
}


def main():
    for line in sys.stdin:
        if line.strip():
            for message in handle_line(line):
                sys.stdout.write(json.dumps(message) + "\n")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
