"""A second correct notes server for exercise 15 (signed-state), written
apart from the Rust reference and from signed_state.py, the way a learner
who follows the exercise's format might write it in Python.

The state has the exercise's format, `<payload>.<tag>`: the payload is the
lowercase hex of a JSON object with `tool`, `title` and `expires`, the tag
the hex of HMAC-SHA256 under the demo key over the payload text. Its own
spelling: members in another order (`expires` first), JSON written with an
indent (so the payload holds newlines), the key kept as hex and decoded at
start, the previous key (longer than one HMAC block) still verified, tags
compared as text with `hmac.compare_digest`; the question keys
are `new` and `sure`; a refused state gets -32602 with a message saying why.

    python3 lessons/02-mcp-stateless-server/programs/signed_state_fields.py [--defect NAME]

Each defect is one beginner's mistake about the signature, and fails the
scenarios of its rule:

- `constant-tag`: the "signature" is the same 64 hex digits for every
  payload, checked as such.
- `sha256-tag`: the tag is a plain SHA-256 of the payload, with no key, and
  is checked as such.
- `never-verifies`: states are signed, but the tag that comes back is never
  checked.
- `no-expiry`: everything is checked but `expires`.
- `unsigned`: the state is the base64url of the JSON, with no tag at all.
- `current-key-only`: tags are checked under the current key only, so a
  state signed before the key was rotated is refused.
"""

import base64
import hashlib
import hmac
import json
import sys
import time

DEFECTS = {sys.argv[i + 1] for i in range(1, len(sys.argv) - 1) if sys.argv[i] == "--defect"}
KEY = bytes.fromhex(
    "6c6561726e206e6f746573207365727665723a207265717565737453746174652073"
    "69676e696e67206b65792c203120626c6f636b2c2064656d6f206f6e6c79")
# The key before KEY (longer than a block); still verified after rotation.
PREVIOUS_KEY = (b"learn notes server: the requestState signing key before STATE_KEY, "
                b"longer than one block, demo only")
LIFETIME = 120
QUESTION = {"new": ("new_title", {"type": "string"}), "sure": ("confirm", {"type": "boolean"})}


class Refusal(Exception):
    pass


def tag_of(payload, key=KEY):
    if "constant-tag" in DEFECTS:
        return "ab" * 32
    if "sha256-tag" in DEFECTS:
        return hashlib.sha256(payload.encode()).hexdigest()
    return hmac.new(key, payload.encode(), "sha256").hexdigest()


def verifies(payload, tag):
    keys = [KEY] if "current-key-only" in DEFECTS else [KEY, PREVIOUS_KEY]
    return any(hmac.compare_digest(tag, tag_of(payload, key)) for key in keys)


def pack(fields):
    ordered = {"expires": int(time.time()) + LIFETIME}
    ordered.update((k, v) for k, v in fields.items() if k != "expires")
    text = json.dumps(ordered, indent=1)
    if "unsigned" in DEFECTS:
        return base64.urlsafe_b64encode(text.encode()).decode()
    payload = text.encode().hex()
    return payload + "." + tag_of(payload)


def unpack(state, tool, title):
    if not isinstance(state, str):
        raise Refusal("requestState must be a string")
    try:
        if "unsigned" in DEFECTS:
            fields = json.loads(base64.urlsafe_b64decode(state.encode()))
        else:
            payload, tag = state.split(".")
            if "never-verifies" not in DEFECTS and not verifies(payload, tag):
                raise Refusal("requestState has a bad signature")
            fields = json.loads(bytes.fromhex(payload))
    except (ValueError, TypeError):
        raise Refusal("requestState is not one of ours")
    if not isinstance(fields, dict) or fields.get("tool") != tool or fields.get("title") != title:
        raise Refusal("requestState was issued for another request")
    if "no-expiry" not in DEFECTS:
        expires = fields.get("expires")
        if type(expires) is not int or expires < time.time():
            raise Refusal("requestState has expired")
    return fields


def question(key, text, fields):
    name, schema = QUESTION[key]
    return {
        "resultType": "input_required",
        "inputRequests": {key: {"method": "elicitation/create", "params": {
            "mode": "form", "message": text,
            "requestedSchema": {"type": "object", "properties": {name: schema}, "required": [name]}}}},
        "requestState": pack(dict(fields, waiting=key)),
    }


def reply_to(fields, answers, key):
    """'yes' with the value, 'no', or None when there is no usable answer."""
    if fields.get("waiting") != key or not isinstance(answers.get(key), dict):
        return None, None
    answer = answers[key]
    if answer.get("action") in ("decline", "cancel"):
        return "no", None
    name = QUESTION[key][0]
    content = answer.get("content")
    if answer.get("action") == "accept" and isinstance(content, dict) and name in content:
        return "yes", content[name]
    return None, None


def finished(text):
    return {"resultType": "complete", "content": [{"type": "text", "text": text}]}


def delete_note(title, fields, answers):
    said, value = reply_to(fields, answers, "sure")
    if said == "no" or value is False:
        return finished(f"Kept {title}.")
    if value is True:
        return finished(f"{title} is deleted.")
    return question("sure", f"Delete {title}?", fields)


def rename_note(title, fields, answers):
    if "to" not in fields:
        said, value = reply_to(fields, answers, "new")
        if said == "no":
            return finished(f"Kept {title}.")
        if not isinstance(value, str) or not value.strip():
            return question("new", f"What should {title} be called?", fields)
        fields = dict(fields, to=value.strip())
        return question("sure", f"Rename {title} to {fields['to']}?", fields)
    said, value = reply_to(fields, answers, "sure")
    if said == "no" or value is False:
        return finished(f"Kept {title}.")
    if value is True:
        return finished(f"{title} is now {fields['to']}.")
    return question("sure", f"Rename {title} to {fields['to']}?", fields)


TOOLS = {"delete_note": delete_note, "rename_note": rename_note}


def answer(request):
    params = request.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    if not isinstance(meta, dict):
        return {"code": -32602, "message": "params._meta is required"}
    version = meta.get("io.modelcontextprotocol/protocolVersion")
    if version != "2026-07-28":
        return {"code": -32022, "message": "unsupported version",
                "data": {"supported": ["2026-07-28"], "requested": version}}
    caps = meta.get("io.modelcontextprotocol/clientCapabilities")
    if not isinstance(caps, dict):
        return {"code": -32602, "message": "clientCapabilities are required"}
    if request.get("method") != "tools/call":
        return {"code": -32601, "message": "Method not found"}
    tool = TOOLS.get(params.get("name"))
    title = (params.get("arguments") or {}).get("title")
    if tool is None or not isinstance(title, str) or not title.strip():
        return {"code": -32602, "message": "a known tool and a note title are needed"}
    if not isinstance(caps.get("elicitation"), dict):
        return {"code": -32021, "message": "elicitation is needed",
                "data": {"requiredCapabilities": {"elicitation": {}}}}
    answers = params.get("inputResponses", {})
    if not isinstance(answers, dict):
        return {"code": -32602, "message": "inputResponses must be an object"}
    try:
        if "requestState" in params:
            fields = unpack(params["requestState"], params["name"], title)
        else:
            fields = {"tool": params["name"], "title": title}
    except Refusal as refusal:
        return {"code": -32602, "message": str(refusal)}
    return tool(title, fields, answers)


def main():
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            print(json.dumps({"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}}),
                  flush=True)
            continue
        if not isinstance(request, dict) or "method" not in request or "id" not in request:
            continue
        outcome = answer(request)
        if "resultType" in outcome:
            outcome["_meta"] = {"io.modelcontextprotocol/serverInfo": {"name": "fields", "version": "1"}}
            response = {"jsonrpc": "2.0", "id": request["id"], "result": outcome}
        else:
            response = {"jsonrpc": "2.0", "id": request["id"], "error": outcome}
        print(json.dumps(response), flush=True)


main()
