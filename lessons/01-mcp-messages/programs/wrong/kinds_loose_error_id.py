#!/usr/bin/env python3
"""WRONG (message-kinds): right in every other way, but an error response's id is only checked for being present, so {"id": true, "error": ...} and {"id": 1.5, "error": ...} are called errors; they are invalid (an error's id is a string, an integer, or null/absent when unreadable)."""
import json
import sys

REQUESTS = {
    "server/discover": "DiscoverRequest", "tools/list": "ListToolsRequest",
    "tools/call": "CallToolRequest", "resources/list": "ListResourcesRequest",
    "resources/templates/list": "ListResourceTemplatesRequest",
    "resources/read": "ReadResourceRequest", "subscriptions/listen": "SubscriptionsListenRequest",
    "prompts/list": "ListPromptsRequest", "prompts/get": "GetPromptRequest",
    "completion/complete": "CompleteRequest",
}
RESULTS = {m: t[: -len("Request")] + "Result" for m, t in REQUESTS.items()}
NOTIFICATIONS = {
    "notifications/cancelled": "CancelledNotification",
    "notifications/progress": "ProgressNotification",
    "notifications/message": "LoggingMessageNotification",
    "notifications/resources/list_changed": "ResourceListChangedNotification",
    "notifications/resources/updated": "ResourceUpdatedNotification",
    "notifications/prompts/list_changed": "PromptListChangedNotification",
    "notifications/tools/list_changed": "ToolListChangedNotification",
    "notifications/subscriptions/acknowledged": "SubscriptionsAcknowledgedNotification",
}
ERRORS = {
    -32700: "ParseError", -32600: "InvalidRequestError", -32601: "MethodNotFoundError",
    -32602: "InvalidParamsError", -32603: "InternalError", -32020: "HeaderMismatchError",
    -32021: "MissingRequiredClientCapabilityError", -32022: "UnsupportedProtocolVersionError",
}


def is_int(v):
    # JSON Schema's integer: 7, and 7.0 too (a zero fraction)
    if isinstance(v, float):
        return v.is_integer()
    return isinstance(v, int) and not isinstance(v, bool)


def usable(v):
    return isinstance(v, str) or is_int(v)


def classify(m):
    if not isinstance(m, dict) or m.get("jsonrpc") != "2.0":
        return "invalid"
    has_answer = "result" in m or "error" in m
    if "method" in m:
        if not isinstance(m["method"], str) or not isinstance(m.get("params", {}), dict) or has_answer:
            return "invalid"
        if "id" not in m:
            return "notification"
        return "request" if usable(m["id"]) else "invalid"
    if "result" in m and "error" not in m:
        return "result" if usable(m.get("id")) and isinstance(m["result"], dict) else "invalid"
    if "error" in m and "result" not in m:
        e = m["error"]
        ok = isinstance(e, dict) and is_int(e.get("code")) and isinstance(e.get("message"), str)
        return "error" if ok else "invalid"  # BUG: the id is never looked at
    return "invalid"


def type_name(kind, m, answers):
    method = m.get("method") if isinstance(m, dict) else None
    if kind == "request":
        return REQUESTS.get(method)
    if kind == "notification":
        return NOTIFICATIONS.get(method)
    if kind == "result":
        rt = m["result"].get("resultType")
        if "resultType" not in m["result"] or rt == "complete":
            return RESULTS.get(answers) if isinstance(answers, str) else None
        return "InputRequiredResult" if rt == "input_required" else None
    if kind == "error":
        return ERRORS.get(m["error"]["code"])
    return None


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        event = json.loads(line)
    except ValueError:
        event = None
    message = event.get("message") if isinstance(event, dict) else None
    answers = event.get("answers") if isinstance(event, dict) else None
    kind = classify(message)
    print(json.dumps({"kind": kind, "type": type_name(kind, message, answers)}), flush=True)
