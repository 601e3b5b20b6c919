//! Reference solution · exercise 1 · message-kinds
//!
//! Line contract. Each input line is one JSON object:
//!     {"message": <any JSON value>, "answers": "<method>" | null}
//! `answers` is the method of the request that a result answers (null or
//! missing when unknown). For each input line, exactly one output line:
//!     {"kind": "request" | "notification" | "result" | "error" | "invalid",
//!      "type": "<schema.ts type name>" | null}
//!
//! The envelope decides the kind (F1-F4, F6); the method, the request a
//! result answers, or the error code decides the type (F17, F18).

use mcp_harness::{Value, json, serve_lines};

fn main() {
    serve_lines(|line| Some(answer(line)));
}

/// One output line for one input line.
fn answer(line: &str) -> Value {
    // A line outside the contract is answered like an invalid message.
    let input: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    let message = input.get("message").unwrap_or(&Value::Null);
    let answers = input.get("answers").and_then(Value::as_str);
    let kind = classify(message);
    json!({"kind": kind.name(), "type": type_name(kind, message, answers)})
}

/// The five answers, and their names on the output line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Request,
    Notification,
    Result,
    Error,
    Invalid,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Request => "request",
            Kind::Notification => "notification",
            Kind::Result => "result",
            Kind::Error => "error",
            Kind::Invalid => "invalid",
        }
    }
}

/// Which of the four JSON-RPC shapes `message` is, or `Invalid`.
fn classify(message: &Value) -> Kind {
    let Some(object) = message.as_object() else {
        return Kind::Invalid;
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Kind::Invalid;
    }
    let params_ok = object.get("params").is_none_or(Value::is_object);
    let has_answer = object.contains_key("result") || object.contains_key("error");
    if let Some(method) = object.get("method") {
        if !method.is_string() || !params_ok || has_answer {
            return Kind::Invalid;
        }
        // The `id` MEMBER decides, whatever its value: `"id": null` is not
        // a notification but a request whose id is unusable.
        return match object.get("id") {
            None => Kind::Notification,
            Some(id) if is_usable_id(id) => Kind::Request,
            Some(_) => Kind::Invalid,
        };
    }
    match (object.get("result"), object.get("error")) {
        (Some(result), None) => {
            let id_ok = object.get("id").is_some_and(is_usable_id);
            if id_ok && result.is_object() {
                Kind::Result
            } else {
                Kind::Invalid
            }
        }
        (None, Some(error)) => {
            // An error's id may be null or missing: the request's id could
            // not be read.
            let id_ok = object
                .get("id")
                .is_none_or(|id| id.is_null() || is_usable_id(id));
            let code_ok = error.get("code").is_some_and(is_integer);
            let message_ok = error.get("message").is_some_and(Value::is_string);
            if id_ok && code_ok && message_ok {
                Kind::Error
            } else {
                Kind::Invalid
            }
        }
        // Both, or neither: not one of the four shapes.
        _ => Kind::Invalid,
    }
}

/// A request id is a string or an integer; never null, 1.5, true or {}.
fn is_usable_id(id: &Value) -> bool {
    id.is_string() || is_integer(id)
}

/// The schema.ts type of a message of this kind, or None.
fn type_name(kind: Kind, message: &Value, answers: Option<&str>) -> Option<&'static str> {
    let method = message.get("method").and_then(Value::as_str).unwrap_or("");
    match kind {
        Kind::Request => lookup(&REQUESTS, method),
        Kind::Notification => lookup(&NOTIFICATIONS, method),
        Kind::Result => {
            // A result has no method: its type comes from the request it
            // answers, unless resultType says input_required (F8, F18).
            let result_type = message.get("result").and_then(|r| r.get("resultType"));
            match result_type.map(|t| t.as_str()) {
                None | Some(Some("complete")) => answers.and_then(|m| lookup(&RESULTS, m)),
                Some(Some("input_required")) => Some(INPUT_REQUIRED_RESULT),
                Some(_) => None,
            }
        }
        Kind::Error => {
            let code = message.get("error").and_then(|e| e.get("code"));
            code.and_then(Value::as_i64)
                .and_then(|code| ERRORS.iter().find(|(c, _)| *c == code))
                .map(|(_, name)| *name)
        }
        Kind::Invalid => None,
    }
}

/// Given: true for a JSON integer as JSON Schema (and so the MCP schema)
/// counts one: a number whose fraction is zero, written `7`, `7.0` or `7e0`
/// alike. 1.5 is not one. serde_json reads `7.0` as a float, hence the last test.
fn is_integer(value: &Value) -> bool {
    value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0)
}

/// Given: the type a table lists for `method`, if any.
fn lookup(table: &[(&str, &'static str)], method: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(m, _)| *m == method)
        .map(|(_, name)| *name)
}

/// Given: requests a client sends, by method (schema.ts, 2026-07-28).
const REQUESTS: [(&str, &str); 10] = [
    ("server/discover", "DiscoverRequest"),
    ("tools/list", "ListToolsRequest"),
    ("tools/call", "CallToolRequest"),
    ("resources/list", "ListResourcesRequest"),
    ("resources/templates/list", "ListResourceTemplatesRequest"),
    ("resources/read", "ReadResourceRequest"),
    ("subscriptions/listen", "SubscriptionsListenRequest"),
    ("prompts/list", "ListPromptsRequest"),
    ("prompts/get", "GetPromptRequest"),
    ("completion/complete", "CompleteRequest"),
];

/// Given: the result type of each request, by the request's method.
const RESULTS: [(&str, &str); 10] = [
    ("server/discover", "DiscoverResult"),
    ("tools/list", "ListToolsResult"),
    ("tools/call", "CallToolResult"),
    ("resources/list", "ListResourcesResult"),
    ("resources/templates/list", "ListResourceTemplatesResult"),
    ("resources/read", "ReadResourceResult"),
    ("subscriptions/listen", "SubscriptionsListenResult"),
    ("prompts/list", "ListPromptsResult"),
    ("prompts/get", "GetPromptResult"),
    ("completion/complete", "CompleteResult"),
];

/// Given: notifications, by method.
const NOTIFICATIONS: [(&str, &str); 8] = [
    ("notifications/cancelled", "CancelledNotification"),
    ("notifications/progress", "ProgressNotification"),
    ("notifications/message", "LoggingMessageNotification"),
    (
        "notifications/resources/list_changed",
        "ResourceListChangedNotification",
    ),
    (
        "notifications/resources/updated",
        "ResourceUpdatedNotification",
    ),
    (
        "notifications/prompts/list_changed",
        "PromptListChangedNotification",
    ),
    (
        "notifications/tools/list_changed",
        "ToolListChangedNotification",
    ),
    (
        "notifications/subscriptions/acknowledged",
        "SubscriptionsAcknowledgedNotification",
    ),
];

/// Given: error types, by error code.
const ERRORS: [(i64, &str); 8] = [
    (-32700, "ParseError"),
    (-32600, "InvalidRequestError"),
    (-32601, "MethodNotFoundError"),
    (-32602, "InvalidParamsError"),
    (-32603, "InternalError"),
    (-32020, "HeaderMismatchError"),
    (-32021, "MissingRequiredClientCapabilityError"),
    (-32022, "UnsupportedProtocolVersionError"),
];

/// Given: the type of any result whose resultType is "input_required".
const INPUT_REQUIRED_RESULT: &str = "InputRequiredResult";
