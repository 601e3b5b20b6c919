"""A correct trip planner for exercise 14 (input-rounds), written apart from
the Rust reference to show the checker judges meaning, not one spelling.

Its own choices, all spec-legal: input-request keys `q-where`, `q-name`,
`q-who` and `q-nights`, put in that order (roots first); requestState is
`base64url(JSON).hex(HMAC-SHA256)` with a key of its own and the asked keys
under `pending`; an answer that is not an object, and an inputResponses
that is not one, get the question asked again (a new input_required), not
-32602; results carry `structuredContent` and errors carry `data`.

    python3 lessons/02-mcp-stateless-server/programs/input_rounds.py [--defect NAME]

Each defect is one beginner's mistake, and fails the scenario of its rule:

- `asks-without-elicitation`: with no elicitation declared it still asks
  (an input_required holding elicitation/create) instead of -32021.
- `asks-undeclared`: asks sampling and roots together when the client
  declared either one of them.
- `error-on-missing`: a retry that lacks an answer gets -32602 instead of
  the question asked again.
- `list-asks`: a tools/list or prompts/list that carries inputResponses or a
  requestState gets input_required.
- `trusts-nights`: takes whatever the nights answer holds (-3, 0, "three",
  2.5) and plans with it, instead of asking again for an integer of at least 1.
- `no-server-info`: leaves `_meta["io.modelcontextprotocol/serverInfo"]` off
  every result (a SHOULD in the spec, required by the exercise).

An answer outside the form's schema (nights that is not an integer of at
least 1) is asked for again here, with a new input_required, where the Rust
solution answers -32602: the spec recommends the error, and the exercise
takes both.
"""

import base64
import hashlib
import hmac
import json
import sys

DEFECTS = set()
for index, arg in enumerate(sys.argv):
    if arg == "--defect" and index + 1 < len(sys.argv):
        DEFECTS.add(sys.argv[index + 1])

SECRET = b"python trip planner, tests only"
VERSION = "2026-07-28"
INFO = {"io.modelcontextprotocol/serverInfo": {"name": "py-trips", "version": "0.9"}}


class Refusal(Exception):
    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


# ---------------------------------------------------------------- the state

def pack(state):
    body = base64.urlsafe_b64encode(json.dumps(state, sort_keys=True).encode()).decode().rstrip("=")
    return body + "." + hmac.new(SECRET, body.encode(), hashlib.sha256).hexdigest()


def unpack(text, kind, city):
    if not isinstance(text, str) or text.count(".") != 1:
        raise Refusal(-32602, "requestState is not ours", {"field": "requestState"})
    body, mac = text.split(".")
    good = hmac.new(SECRET, body.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(mac, good):
        raise Refusal(-32602, "requestState failed verification", {"field": "requestState"})
    try:
        state = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except ValueError:
        raise Refusal(-32602, "requestState is unreadable")
    if not isinstance(state, dict) or state.get("kind") != kind or state.get("city") != city:
        raise Refusal(-32602, "requestState belongs to another request")
    return state


# ---------------------------------------------------------------- questions

def form(message, field, schema):
    return {"method": "elicitation/create",
            "params": {"message": message,
                       "requestedSchema": {"type": "object", "required": [field],
                                           "properties": {field: schema}}}}


def question(key, known, city):
    if key == "q-who":
        return form(f"Who is going to {city}?", "traveller", {"type": "string", "title": "Traveller"})
    if key == "q-nights":
        return form(f"{known['who']}, how many nights in {city}?", "nights", {"type": "integer", "minimum": 1})
    if key == "q-name":
        return {"method": "sampling/createMessage",
                "params": {"maxTokens": 16, "systemPrompt": "You name trips.",
                           "messages": [{"role": "user", "content": {"type": "text", "text": f"Name a trip to {city}."}}]}}
    return {"method": "roots/list", "params": {}}


def declared(caps, name):
    return isinstance(caps.get(name), dict)


def wanted(known, caps):
    if "asks-undeclared" in DEFECTS:
        either = declared(caps, "roots") or declared(caps, "sampling")
        can_roots = can_sample = either
    else:
        can_roots, can_sample = declared(caps, "roots"), declared(caps, "sampling")
    keys = []
    if can_roots and "where" not in known:
        keys.append("q-where")
    if can_sample and "name" not in known:
        keys.append("q-name")
    if "who" not in known:
        keys.append("q-who")
    if not keys and "nights" not in known:
        keys.append("q-nights")
    return keys


# ---------------------------------------------------------------- answers

def absorb(known, pending, answers):
    """Reads the pending keys only. Returns "refused" when the user said no."""
    for key in pending:
        answer = answers.get(key)
        if answer is None or not isinstance(answer, dict):
            continue  # missing or unusable: asked again below
        if key in ("q-who", "q-nights"):
            action = answer.get("action")
            if action in ("decline", "cancel"):
                return "refused"
            content = answer.get("content") if action == "accept" else None
            if not isinstance(content, dict):
                continue
            if key == "q-who" and isinstance(content.get("traveller"), str) and content["traveller"].strip():
                known["who"] = content["traveller"].strip()
            value = content.get("nights")
            if key == "q-nights" and "trusts-nights" in DEFECTS and value is not None:
                known["nights"] = value  # BUG: never checked against the form's schema
            elif key == "q-nights" and isinstance(value, int) and not isinstance(value, bool) and value > 0:
                known["nights"] = value
        elif key == "q-name":
            blocks = answer.get("content")
            blocks = blocks if isinstance(blocks, list) else [blocks]
            texts = [b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)]
            if texts and texts[0].strip():
                known["name"] = texts[0].strip()
        elif key == "q-where" and isinstance(answer.get("roots"), list):
            roots = [r.get("uri") for r in answer["roots"] if isinstance(r, dict)]
            known["where"] = roots[0] if roots else ""
    return None


def ask(kind, city, known, keys):
    state = {"kind": kind, "city": city, "known": known, "pending": keys}
    return {"inputRequests": {key: question(key, known, city) for key in keys},
            "requestState": pack(state), "resultType": "input_required"}


def run_rounds(kind, city, params, caps, keys_for):
    if not declared(caps, "elicitation"):
        if "asks-without-elicitation" in DEFECTS:
            return ask(kind, city, {}, ["q-who"])
        raise Refusal(-32021, "elicitation is needed to ask who travels",
                      {"requiredCapabilities": {"elicitation": {}}})
    if "requestState" in params:
        state = unpack(params["requestState"], kind, city)
        known, pending = state.get("known", {}), state.get("pending", [])
    else:
        known, pending = {}, []
    answers = params.get("inputResponses", {})
    if not isinstance(answers, dict):
        answers = {}  # unreadable: everything is asked again
    if "error-on-missing" in DEFECTS and any(key not in answers for key in pending):
        raise Refusal(-32602, "an answer is missing")
    if absorb(known, pending, answers) == "refused":
        return None
    keys = keys_for(known, caps)
    if keys:
        return ask(kind, city, known, keys)
    return known


def plan_trip(params, caps):
    city = (params.get("arguments") or {}).get("city")
    if not isinstance(city, str) or not city.strip():
        raise Refusal(-32602, "plan_trip wants a city")
    outcome = run_rounds("trip", city, params, caps, wanted)
    if outcome is None:
        text = "Nothing planned."
        return {"content": [{"type": "text", "text": text}], "resultType": "complete"}
    if outcome.get("resultType") == "input_required":
        return outcome
    known = outcome
    parts = [f"{known['who']} goes to {city} for {known['nights']} nights"]
    if known.get("name"):
        parts.append(f"the trip is called {known['name']}")
    if known.get("where"):
        parts.append(f"the plan is filed under {known['where']}")
    text = "; ".join(parts) + "."
    return {"structuredContent": {"city": city, **known}, "isError": False,
            "content": [{"type": "text", "text": text}], "resultType": "complete"}


def trip_brief(params, caps):
    def only_who(known, _caps):
        return [] if "who" in known else ["q-who"]
    outcome = run_rounds("brief", "", params, caps, only_who)
    if isinstance(outcome, dict) and outcome.get("resultType") == "input_required":
        return outcome
    who = (outcome or {}).get("who", "someone")
    text = f"Draft a friendly travel brief for {who}."
    return {"messages": [{"content": {"text": text, "type": "text"}, "role": "user"}], "resultType": "complete"}


def lists(method, params):
    if "list-asks" in DEFECTS and ("inputResponses" in params or "requestState" in params):
        return {"resultType": "input_required", "requestState": pack({"kind": "list"})}
    if method == "tools/list":
        items = {"tools": [{"name": "plan_trip", "title": "Trip planner",
                            "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}
    else:
        items = {"prompts": [{"name": "trip_brief", "arguments": []}]}
    return {**items, "cacheScope": "public", "ttlMs": 0, "resultType": "complete"}


# ---------------------------------------------------------------- the wire

def handle(message):
    method, params = message.get("method"), message.get("params", {})
    if message.get("jsonrpc") != "2.0" or not isinstance(method, str) or not isinstance(params, dict):
        raise Refusal(-32600, "not a valid request")
    meta = params.get("_meta")
    if not isinstance(meta, dict) or "io.modelcontextprotocol/protocolVersion" not in meta:
        raise Refusal(-32602, "_meta with a protocol version is required")
    if meta["io.modelcontextprotocol/protocolVersion"] != VERSION:
        raise Refusal(-32022, "unsupported version",
                      {"supported": [VERSION], "requested": meta["io.modelcontextprotocol/protocolVersion"]})
    caps = meta.get("io.modelcontextprotocol/clientCapabilities")
    if not isinstance(caps, dict):
        raise Refusal(-32602, "clientCapabilities are required")
    if method in ("tools/list", "prompts/list"):
        return lists(method, params)
    if method == "tools/call" and params.get("name") == "plan_trip":
        return plan_trip(params, caps)
    if method == "prompts/get" and params.get("name") == "trip_brief":
        return trip_brief(params, caps)
    if method in ("tools/call", "prompts/get"):
        raise Refusal(-32602, "unknown name")
    raise Refusal(-32601, "no such method")


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            print(json.dumps({"jsonrpc": "2.0", "error": {"code": -32700, "message": "parse error"}}), flush=True)
            continue
        if not isinstance(message, dict) or "id" not in message or "method" not in message:
            continue
        try:
            result = handle(message)
            if "no-server-info" not in DEFECTS:
                result["_meta"] = INFO
            reply = {"result": result, "id": message["id"], "jsonrpc": "2.0"}
        except Refusal as refusal:
            error = {"code": refusal.code, "message": refusal.message}
            if refusal.data is not None:
                error["data"] = refusal.data
            reply = {"error": error, "id": message["id"], "jsonrpc": "2.0"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
