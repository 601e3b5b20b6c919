//! Exercise 1 · message-kinds
//!
//! This program reads one JSON object per line on stdin and writes exactly
//! one JSON line per input line on stdout, in the same order.
//!
//! Input line:   {"message": <any JSON value>, "answers": "<method>" | null}
//!               `answers` is the method of the request that the message
//!               answers, when it is a response and that is known.
//! Output line:  {"kind": "request" | "notification" | "result" | "error" | "invalid",
//!                "type": "<schema.ts type name>" | null}
//!
//! Your job:
//!   1. `classify`: which of the four JSON-RPC shapes the message is, or
//!      "invalid" when it breaks any rule of its shape.
//!   2. `is_usable_id`: which ids a request (and a result) may carry.
//!   3. `type_name`: the schema.ts type, using the Given tables at the bottom.
//!
//! Check your work with `learn check message-kinds`. Stuck? `learn hint message-kinds`.
//! Try one message by hand with `learn explain` (it prints the whole parse path).
//! Debug with `eprintln!`: stderr is yours, stdout is for answers.

use mcp_harness::{Value, json, serve_lines};

fn main() {
    serve_lines(|line| Some(answer(line)));
}

/// Given: one output line for one input line.
fn answer(line: &str) -> Value {
    // A line outside the contract is answered like an invalid message.
    let input: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    let message = input.get("message").unwrap_or(&Value::Null);
    let answers = input.get("answers").and_then(Value::as_str);
    let kind = classify(message);
    json!({"kind": kind.name(), "type": type_name(kind, message, answers)})
}

/// Given: the five answers, and their names on the output line.
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

/// TODO: which of the four JSON-RPC shapes `message` is, or `Kind::Invalid`.
///   - It must be an object with "jsonrpc": "2.0".
///   - `method` (a string) with an `id` member: a request; the id must be
///     usable. `method` without an `id` member: a notification. Either way,
///     `params`, when present, is an object, and there is no result/error.
///   - No `method`: `result` (an object) with a usable id is a result;
///     `error` (an object with an integer `code` and a string `message`) is
///     an error, whose id may also be null or missing. Both or neither: invalid.
fn classify(message: &Value) -> Kind {
    todo!("sort the message into one of the four shapes, or invalid")
}

/// TODO: true for a string or an integer id; false for null, 1.5, true, {} ...
fn is_usable_id(id: &Value) -> bool {
    todo!("decide which ids a request may use")
}

/// TODO: the schema.ts type of a message of this kind, or None.
///   - request / notification: look the method up in REQUESTS / NOTIFICATIONS.
///   - result: a response has no method, so look `answers` up in RESULTS; but
///     `"resultType": "input_required"` makes it an InputRequiredResult
///     whatever it answers. No resultType means "complete" (older servers);
///     any other value: None.
///   - error: look `error.code` up in ERRORS.
///   - invalid: None.
fn type_name(kind: Kind, message: &Value, answers: Option<&str>) -> Option<&'static str> {
    todo!("name the schema.ts type")
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
