"""An independent answer to the http-status exercise, written without looking
at the reference: headers are lower-cased into a dict once, and the rules are
a table. `--defect NAME` plants one beginner's mistake (tests/http_status.rs).
"""
import json
import sys

DEFECT = sys.argv[sys.argv.index("--defect") + 1] if "--defect" in sys.argv else None

STATUS = {-32601: 404, -32603: 500}
for code in (-32700, -32600, -32602, -32020, -32021, -32022):
    STATUS[code] = 400
if DEFECT == "all-errors-400":
    STATUS[-32601] = 400

NAMED = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}


def mirrored(body):
    """(header, body value or None) for each header that repeats the body."""
    params = body.get("params") if isinstance(body.get("params"), dict) else {}
    meta = params.get("_meta") if isinstance(params.get("_meta"), dict) else {}
    pairs = [("mcp-protocol-version", meta.get("io.modelcontextprotocol/protocolVersion")),
             ("mcp-method", body.get("method"))]
    field = NAMED.get(body.get("method"))
    if field:
        pairs.append(("mcp-name", params.get(field)))
    return pairs


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
        if isinstance(value, str) and sent != value:
            return 400, -32020
    error = (post.get("reply") or {}).get("error")
    if error is None:
        return 200, None
    return STATUS.get(error["code"], 200), error["code"]


for line in sys.stdin:
    status, code = judge(json.loads(line))
    print(json.dumps({"status": status, "code": code}), flush=True)
