"""A correct notes server for exercise 15 (signed-state), written apart from
the Rust reference to show the checker judges meaning, not one spelling.

The state keeps the format the exercise fixes (`<hex of a JSON object>.<hex
HMAC-SHA256 under STATE_KEY>`, with `tool`, `title` and `expires` in it, so
the checker can forge states as an attacker who read the source would).
Everything else is its own, all spec-legal: Python's hmac and hashlib, the
key read from the environment (`NOTES_STATE_KEY`) with the exercise's demo
key as the default; JSON with Python's default spacing; the payload starts
with a long random nonce and binds the request by a SHA-256 digest of the
tool name and its canonical arguments as well as by the title; question
keys are `rename.to`, `rename.ok` and `delete.ok`; a refused state gets
-32600 with `data.reason` (any JSON-RPC error refuses); an elicitation
answer of the wrong shape is asked again.

    python3 lessons/02-mcp-stateless-server/programs/signed_state.py [--defect NAME]

Each defect is one beginner's mistake, and fails the scenario of its rule:

- `any-note`: the state is checked for its signature and tool, but not bound
  to the note, so a confirmation replays onto another note.
- `any-tool`: the state is checked for its signature and note, but not for
  the tool that issued it.
- `accepts-tampered`: when the signature does not match, a payload that
  still reads and names this request is trusted anyway ("the client may have
  re-encoded it"), so a state with one character changed gets through.
- `title-in-memory`: the new title of a rename is kept in a dict in this
  process instead of in the state, so a fresh process cannot finish.
"""

import hashlib
import hmac
import json
import os
import sys
import time

DEFECTS = set(sys.argv[index + 1] for index, arg in enumerate(sys.argv[:-1]) if arg == "--defect")
KEY = os.environ.get("NOTES_STATE_KEY", "learn notes server: requestState signing key, 1 block, demo only").encode()
# Rotated out, still verified until the states it signed expire.
OLD_KEYS = [os.environ.get(
    "NOTES_PREVIOUS_STATE_KEY",
    "learn notes server: the requestState signing key before STATE_KEY, longer than one block, demo only",
).encode()]
REMEMBERED = {}  # only the `title-in-memory` defect uses it


class Refused(Exception):
    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def digest(tool, arguments):
    canonical = json.dumps([tool, arguments], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def seal(payload):
    body = json.dumps(payload).encode().hex()
    return body + "." + hmac.new(KEY, body.encode(), hashlib.sha256).hexdigest()


def unseal(state, tool, arguments):
    def refuse(reason):
        return Refused(-32600, "requestState refused", {"reason": reason})
    parts = state.split(".") if isinstance(state, str) else []
    if len(parts) != 2:
        raise refuse("not a state of this server")
    try:
        tag = bytes.fromhex(parts[1])
        signed = any(
            hmac.compare_digest(tag, hmac.new(key, parts[0].encode(), hashlib.sha256).digest())
            for key in [KEY, *OLD_KEYS])
        if not signed and "accepts-tampered" not in DEFECTS:
            raise refuse("bad signature")
        payload = json.loads(bytes.fromhex(parts[0]))
    except (ValueError, TypeError):
        raise refuse("unreadable")
    if not isinstance(payload, dict):
        raise refuse("unreadable")
    expires = payload.get("expires")
    if not isinstance(expires, int) or expires < time.time():
        raise refuse("expired")
    if "any-tool" in DEFECTS:
        if payload.get("title") != arguments.get("title"):
            raise refuse("another request")
    elif "any-note" in DEFECTS:
        if payload.get("tool") != tool:
            raise refuse("another request")
    elif payload.get("req") != digest(tool, arguments) or payload.get("title") != arguments.get("title"):
        raise refuse("another request")
    return payload


def ask(tool, arguments, key, message, field, schema, extra):
    payload = {"nonce": os.urandom(150).hex(), "req": digest(tool, arguments), "tool": tool,
               "title": arguments.get("title"), "asked": key, "expires": int(time.time()) + 300, **extra}
    return {"resultType": "input_required", "requestState": seal(payload),
            "inputRequests": {key: {"method": "elicitation/create", "params": {
                "mode": "form", "message": message,
                "requestedSchema": {"type": "object", "properties": {field: schema}, "required": [field]}}}}}


def answer(payload, answers, key, field):
    """("yes", value), ("no", None) or (None, None) when there is nothing to use."""
    if payload is None or payload.get("asked") != key:
        return None, None
    reply = answers.get(key)
    if not isinstance(reply, dict):
        return None, None
    if reply.get("action") in ("decline", "cancel"):
        return "no", None
    content = reply.get("content")
    if reply.get("action") == "accept" and isinstance(content, dict) and field in content:
        return "yes", content[field]
    return None, None


def done(text):
    return {"resultType": "complete", "content": [{"type": "text", "text": text}]}


def call(name, arguments, params):
    title = arguments.get("title")
    if not isinstance(title, str) or not title:
        raise Refused(-32602, "a note title is needed")
    payload = unseal(params["requestState"], name, arguments) if "requestState" in params else None
    answers = params.get("inputResponses") or {}
    if not isinstance(answers, dict):
        raise Refused(-32602, "inputResponses must be an object")
    if name == "delete_note":
        said, value = answer(payload, answers, "delete.ok", "confirm")
        if said == "no" or value is False:
            return done(f"The note {title} stays.")
        if value is True:
            return done(f"The note {title} is gone.")
        return ask(name, arguments, "delete.ok", f"Really delete {title}?", "confirm", {"type": "boolean"}, {})
    # rename_note
    new = (payload or {}).get("to")
    if "title-in-memory" in DEFECTS and payload is not None:
        new = REMEMBERED.get(payload.get("nonce"))
    if new is None:
        said, value = answer(payload, answers, "rename.to", "new_title")
        if said == "no":
            return done(f"The note {title} keeps its name.")
        if not isinstance(value, str) or not value.strip():
            return ask(name, arguments, "rename.to", f"New title for {title}?", "new_title", {"type": "string"}, {})
        new = value.strip()
        question = ask(name, arguments, "rename.ok", f"Call {title} {new} from now on?", "confirm",
                       {"type": "boolean"}, {} if "title-in-memory" in DEFECTS else {"to": new})
        if "title-in-memory" in DEFECTS:
            sealed = json.loads(bytes.fromhex(question["requestState"].split(".")[0]))
            REMEMBERED[sealed["nonce"]] = new
        return question
    said, value = answer(payload, answers, "rename.ok", "confirm")
    if said == "no" or value is False:
        return done(f"The note {title} keeps its name.")
    if value is True:
        return done(f"The note {title} is now called {new}.")
    return ask(name, arguments, "rename.ok", f"Call {title} {new} from now on?", "confirm",
               {"type": "boolean"}, {} if "title-in-memory" in DEFECTS else {"to": new})


def handle(message):
    params = message.get("params", {})
    meta = params.get("_meta") if isinstance(params, dict) else None
    if not isinstance(meta, dict) or not isinstance(meta.get("io.modelcontextprotocol/clientCapabilities"), dict):
        raise Refused(-32602, "_meta with clientCapabilities is required")
    if meta.get("io.modelcontextprotocol/protocolVersion") != "2026-07-28":
        raise Refused(-32022, "unsupported protocol version",
                      {"supported": ["2026-07-28"], "requested": meta.get("io.modelcontextprotocol/protocolVersion")})
    if message.get("method") != "tools/call":
        raise Refused(-32601, "method not found")
    name = params.get("name")
    if name not in ("rename_note", "delete_note"):
        raise Refused(-32602, f"no tool {name!r}")
    if not isinstance(meta["io.modelcontextprotocol/clientCapabilities"].get("elicitation"), dict):
        raise Refused(-32021, "declare elicitation", {"requiredCapabilities": {"elicitation": {}}})
    arguments = params.get("arguments") if isinstance(params.get("arguments"), dict) else {}
    return call(name, arguments, params)


for line in sys.stdin:
    try:
        message = json.loads(line)
    except ValueError:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "error": {"code": -32700, "message": "parse error"}}) + "\n")
        sys.stdout.flush()
        continue
    if not isinstance(message, dict) or "id" not in message or "method" not in message:
        continue
    try:
        reply = {"jsonrpc": "2.0", "id": message["id"], "result": handle(message)}
        reply["result"]["_meta"] = {"io.modelcontextprotocol/serverInfo": {"name": "py-notes", "version": "2"}}
    except Refused as refused:
        error = {"code": refused.code, "message": refused.message}
        if refused.data:
            error["data"] = refused.data
        reply = {"jsonrpc": "2.0", "id": message["id"], "error": error}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
