"""An independent answer to the http-status exercise, written without looking
at the reference: headers are lower-cased into a dict once, and the rules are
a table. `--defect NAME` plants one beginner's mistake; `--form NAME` makes
another choice the spec leaves open, and must pass (cases.toml).

Forms (each as right as the plain program):
- `internal-200`: -32603 goes back with 200 instead of 500;
- `invalid-request-200`: -32600 goes back with 200 instead of 400;
- `spec-minimum`: only the statuses the spec fixes (404 for -32601; 400 for
  -32020, -32021, -32022, and for -32602 when the body lacks a required
  `_meta` field); every other error goes back with 200, as a server that
  answers over an event stream must;
- `server-errors-503`: -32603 goes back with 503, -32700/-32600/other -32602
  with 422.

Defects beyond the obvious ones: `no-base64` compares an `Mcp-Name` marked
`=?base64?...?=` without decoding it; `lenient-base64` decodes with Python's
default decoder, which drops characters outside the alphabet instead of
refusing the value; `meta-32602-200` is `spec-minimum` that forgets the one
-32602 the spec ties to 400 (a required `_meta` field missing);
`ok-hides-code` is `spec-minimum` that writes a null code whenever the status
is 200, as if 200 meant "no error".
"""
import base64
import binascii
import json
import sys


def option(name):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else None


DEFECT = option("--defect")
FORM = option("--form")

STATUS = {-32601: 404, -32603: 500}
for code in (-32700, -32600, -32602, -32020, -32021, -32022):
    STATUS[code] = 400
if DEFECT == "all-errors-400":
    STATUS[-32601] = 400
if FORM == "internal-200":
    STATUS[-32603] = 200
if FORM == "invalid-request-200":
    STATUS[-32600] = 200
if FORM == "server-errors-503":
    STATUS.update({-32603: 503, -32700: 422, -32600: 422, -32602: 422})

NAMED = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
REQUIRED_META = ("io.modelcontextprotocol/protocolVersion",
                 "io.modelcontextprotocol/clientCapabilities")
MARK_OPEN, MARK_CLOSE = "=?base64?", "?="


def params_of(body):
    return body.get("params") if isinstance(body.get("params"), dict) else {}


def meta_of(body):
    meta = params_of(body).get("_meta")
    return meta if isinstance(meta, dict) else {}


def mirrored(body):
    """(header, body value or None) for each header that repeats the body."""
    pairs = [("mcp-protocol-version", meta_of(body).get(REQUIRED_META[0])),
             ("mcp-method", body.get("method"))]
    field = NAMED.get(body.get("method"))
    if field:
        pairs.append(("mcp-name", params_of(body).get(field)))
    return pairs


def unwrap(header, sent):
    """The value a header stands for, or None when it cannot be read."""
    if header != "mcp-name" or DEFECT == "no-base64":
        return sent
    if not (sent.startswith(MARK_OPEN) and sent.endswith(MARK_CLOSE)
            and len(sent) >= len(MARK_OPEN) + len(MARK_CLOSE)):
        return sent
    inner = sent[len(MARK_OPEN):-len(MARK_CLOSE)]
    try:
        # The defect: Python's default decoder drops characters outside the
        # alphabet instead of refusing them.
        raw = base64.b64decode(inner, validate=DEFECT != "lenient-base64")
        return raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def status_of(code, body):
    lacks_meta = any(key not in meta_of(body) for key in REQUIRED_META)
    if code == -32602 and lacks_meta and DEFECT != "meta-32602-200":
        return 400  # the spec's: a malformed request, whatever the form
    if FORM == "spec-minimum" or DEFECT in ("meta-32602-200", "ok-hides-code"):
        if code == -32601:
            return 404
        return 400 if code in (-32020, -32021, -32022) else 200
    return STATUS.get(code, 200)


def judge(post):
    body = post.get("body") or {}
    if "id" not in body or "method" not in body:
        return (200 if DEFECT == "notification-200" else 202), None
    raw = post.get("headers") or {}
    headers = dict(raw) if DEFECT == "case-sensitive-names" else {k.lower(): v for k, v in raw.items()}
    for header, value in mirrored(body):
        if DEFECT == "case-sensitive-names":
            header = {"mcp-protocol-version": "MCP-Protocol-Version", "mcp-method": "Mcp-Method",
                      "mcp-name": "Mcp-Name"}[header]
        sent = headers.get(header)
        if sent is None:
            if DEFECT == "missing-header-ok":
                continue
            return 400, -32020
        if value is None and DEFECT == "body-missing-is-mismatch":
            return 400, -32020
        if isinstance(value, str) and unwrap(header.lower(), sent) != value:
            return 400, -32020
    error = (post.get("reply") or {}).get("error")
    if error is None:
        return 200, None
    status = status_of(error["code"], body)
    if DEFECT == "ok-hides-code" and status == 200:
        return 200, None
    return status, error["code"]


for line in sys.stdin:
    status, code = judge(json.loads(line))
    print(json.dumps({"status": status, "code": code}), flush=True)
