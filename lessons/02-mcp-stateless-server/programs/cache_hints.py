#!/usr/bin/env python3
"""CORRECT (cache-hints): the library server of exercise 11, written apart from
the Rust reference and in other legal forms: keys in another order, a
different ttlMs for each kind of result (0 for the caller's loans: stale at
once is a legal choice), another input-request key, `instructions` and
`title` fields, and a plain dispatch table. The wrong programs beside it
import it and change one function each.
"""
import json
import sys

VERSION = "2026-07-28"
PV = "io.modelcontextprotocol/protocolVersion"
CAPS = "io.modelcontextprotocol/clientCapabilities"
INFO = "io.modelcontextprotocol/clientInfo"
HOURS = "library://opening-hours"
LOANS = "library://my-loans"
ASK = "please-confirm"

# Hints by method; resources/read decides per URI (see scope_for / ttl_for).
CACHEABLE = {"server/discover", "tools/list", "prompts/list", "resources/list",
             "resources/templates/list", "resources/read"}


class RpcError(Exception):
    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def ttl_for(method, params):
    if method == "resources/read" and params.get("uri") == LOANS:
        return 0
    if method == "server/discover":
        return 3_600_000
    return 120_000


def scope_for(method, params):
    if method == "resources/read" and params.get("uri") == LOANS:
        return "private"
    return "public"


def add_hints(method, params, result):
    """Puts the hints on complete results of the cacheable methods only."""
    if method in CACHEABLE and result.get("resultType") == "complete":
        result["cacheScope"] = scope_for(method, params)
        result["ttlMs"] = ttl_for(method, params)
    return result


def discover(params):
    return {"instructions": "A small library: opening hours and your loans.",
            "capabilities": {"resources": {}, "prompts": {}, "tools": {}},
            "supportedVersions": [VERSION],
            "resultType": "complete"}


def tools_list(params):
    return {"tools": [{"inputSchema": {"type": "object", "properties": {}},
                       "title": "Renew my loans", "name": "renew_loans"}],
            "resultType": "complete"}


def prompts_list(params):
    return {"prompts": [{"title": "Recommend a book", "name": "recommend"}],
            "resultType": "complete"}


def resources_list(params):
    return {"resources": [{"name": "my-loans", "uri": LOANS},
                          {"name": "opening-hours", "uri": HOURS}],
            "resultType": "complete"}


def templates_list(params):
    return {"resourceTemplates": [{"name": "book", "uriTemplate": "library://books/{isbn}"}],
            "resultType": "complete"}


def read(params):
    uri = params.get("uri")
    if not isinstance(uri, str):
        raise RpcError(-32602, "uri is required")
    if uri == HOURS:
        text = "Weekdays and Saturday from nine to six."
    elif uri == LOANS:
        who = params["_meta"].get(INFO, {}).get("name", "you")
        text = f"{who} has 1 book on loan."
    else:
        raise RpcError(-32602, "Resource not found", {"uri": uri})
    return {"contents": [{"text": text, "mimeType": "text/plain", "uri": uri}],
            "resultType": "complete"}


def call(params):
    if params.get("name") != "renew_loans":
        raise RpcError(-32602, "No such tool")
    caps = params["_meta"][CAPS]
    if not isinstance(caps.get("elicitation"), dict):
        raise RpcError(-32021, "Elicitation needed", {"requiredCapabilities": {"elicitation": {}}})
    answers = params.get("inputResponses") or {}
    answer = answers.get(ASK) if isinstance(answers, dict) else None
    if not isinstance(answer, dict):
        return {"inputRequests": {ASK: {"params": {
                    "requestedSchema": {"required": ["confirm"], "type": "object",
                                        "properties": {"confirm": {"type": "boolean"}}},
                    "message": "Renew everything you have on loan?", "mode": "form"},
                    "method": "elicitation/create"}},
                "resultType": "input_required"}
    ok = answer.get("action") == "accept" and (answer.get("content") or {}).get("confirm") is True
    return {"content": [{"text": "Renewed." if ok else "Left as it was.", "type": "text"}],
            "resultType": "complete"}


METHODS = {"server/discover": discover, "tools/list": tools_list,
           "prompts/list": prompts_list, "resources/list": resources_list,
           "resources/templates/list": templates_list, "resources/read": read,
           "tools/call": call}


def check_meta(params):
    meta = params.get("_meta")
    if not isinstance(meta, dict) or PV not in meta or not isinstance(meta.get(CAPS), dict):
        raise RpcError(-32602, "missing _meta keys")
    if meta[PV] != VERSION:
        raise RpcError(-32022, "unsupported version",
                       {"requested": meta[PV], "supported": [VERSION]})


def handle(msg):
    if not isinstance(msg, dict):
        return {"error": {"message": "not an object", "code": -32600}, "jsonrpc": "2.0"}
    if "id" not in msg or ("method" not in msg and ("result" in msg or "error" in msg)):
        return None
    rid = msg["id"]
    method = msg.get("method")
    if not isinstance(method, str):
        return {"error": {"message": "no method", "code": -32600}, "id": rid, "jsonrpc": "2.0"}
    params = msg.get("params") or {}
    try:
        if method not in METHODS:
            raise RpcError(-32601, "Method not found")
        check_meta(params)
        result = add_hints(method, params, METHODS[method](params))
        result["_meta"] = {"io.modelcontextprotocol/serverInfo": {"version": "2.1", "name": "py-library"}}
        return {"result": result, "id": rid, "jsonrpc": "2.0"}
    except RpcError as e:
        error = {"message": e.message, "code": e.code}
        if e.data is not None:
            error["data"] = e.data
        return {"error": error, "id": rid, "jsonrpc": "2.0"}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            out = {"error": {"message": "Parse error", "code": -32700}, "jsonrpc": "2.0"}
        else:
            out = handle(msg)
        if out is not None:
            sys.stdout.write(json.dumps(out) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
