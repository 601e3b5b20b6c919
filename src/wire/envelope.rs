//! Layer 2: which of the four JSON-RPC shapes a value is, and every way it
//! fails to be one.
//!
//! The members decide the shape a sender meant: `method` with an `id` member
//! is a request, `method` without one a notification; no `method` and a
//! `result` is a result response, an `error` an error response. Then the
//! shape's own rules are checked; any problem makes the message invalid.

use serde::Serialize;
use serde_json::{Map, Value};

/// The four wire shapes (F2-F4), or none of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Request,
    Notification,
    Result,
    Error,
    Invalid,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Request => "request",
            Kind::Notification => "notification",
            Kind::Result => "result",
            Kind::Error => "error",
            Kind::Invalid => "invalid",
        }
    }

    /// The schema.ts envelope type of a valid shape.
    pub fn envelope_type(self) -> Option<&'static str> {
        match self {
            Kind::Request => Some("JSONRPCRequest"),
            Kind::Notification => Some("JSONRPCNotification"),
            Kind::Result => Some("JSONRPCResultResponse"),
            Kind::Error => Some("JSONRPCErrorResponse"),
            Kind::Invalid => None,
        }
    }
}

/// One reason a value is not a valid JSON-RPC message.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The text is not JSON at all.
    NotJson {
        reason: String,
    },
    /// JSON, but not an object (an array, a string, ...).
    NotAnObject,
    JsonrpcMissing,
    /// `jsonrpc` is there but is not the string "2.0".
    JsonrpcWrong {
        found: Value,
    },
    MethodNotString {
        found: Value,
    },
    /// A request or notification that also has `result` or `error`.
    MethodWithAnswer,
    /// A request's id is not a string or an integer (null, 1.5, true, ...).
    RequestIdUnusable {
        found: Value,
    },
    /// A result response's id is missing or not a string or an integer.
    ResultIdUnusable {
        found: Option<Value>,
    },
    /// An error response's id is not a string, an integer or null.
    ErrorIdUnusable {
        found: Value,
    },
    ResultAndError,
    /// No `method`, `result` or `error`: none of the four shapes.
    NoShape,
    ParamsNotObject {
        found: Value,
    },
    ResultNotObject {
        found: Value,
    },
    ErrorNotObject {
        found: Value,
    },
    /// `error.code` is missing or not an integer.
    ErrorCodeNotInteger {
        found: Option<Value>,
    },
    /// `error.message` is missing or not a string.
    ErrorMessageNotString {
        found: Option<Value>,
    },
}

impl Problem {
    /// A stable name, for `--json` and tests.
    pub fn code(&self) -> &'static str {
        match self {
            Problem::NotJson { .. } => "not-json",
            Problem::NotAnObject => "not-an-object",
            Problem::JsonrpcMissing => "jsonrpc-missing",
            Problem::JsonrpcWrong { .. } => "jsonrpc-wrong",
            Problem::MethodNotString { .. } => "method-not-string",
            Problem::MethodWithAnswer => "method-with-result-or-error",
            Problem::RequestIdUnusable { .. } => "request-id-unusable",
            Problem::ResultIdUnusable { .. } => "result-id-unusable",
            Problem::ErrorIdUnusable { .. } => "error-id-unusable",
            Problem::ResultAndError => "result-and-error",
            Problem::NoShape => "no-shape",
            Problem::ParamsNotObject { .. } => "params-not-object",
            Problem::ResultNotObject { .. } => "result-not-object",
            Problem::ErrorNotObject { .. } => "error-not-object",
            Problem::ErrorCodeNotInteger { .. } => "error-code-not-integer",
            Problem::ErrorMessageNotString { .. } => "error-message-not-string",
        }
    }

    /// Where in the message it is, as a JSON pointer ("" is the whole value).
    pub fn at(&self) -> &'static str {
        match self {
            Problem::NotJson { .. }
            | Problem::NotAnObject
            | Problem::NoShape
            | Problem::MethodWithAnswer
            | Problem::ResultAndError => "",
            Problem::JsonrpcMissing | Problem::JsonrpcWrong { .. } => "/jsonrpc",
            Problem::MethodNotString { .. } => "/method",
            Problem::RequestIdUnusable { .. }
            | Problem::ResultIdUnusable { .. }
            | Problem::ErrorIdUnusable { .. } => "/id",
            Problem::ParamsNotObject { .. } => "/params",
            Problem::ResultNotObject { .. } => "/result",
            Problem::ErrorNotObject { .. } => "/error",
            Problem::ErrorCodeNotInteger { .. } => "/error/code",
            Problem::ErrorMessageNotString { .. } => "/error/message",
        }
    }
}

/// What the envelope layer found.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
    /// The shape the members say was meant, even when it is broken.
    pub meant: Option<Kind>,
    /// Empty exactly when the message is valid.
    pub problems: Vec<Problem>,
}

impl Envelope {
    /// The kind: the meant shape when nothing is wrong, else `Invalid`.
    pub fn kind(&self) -> Kind {
        match self.meant {
            Some(kind) if self.problems.is_empty() => kind,
            _ => Kind::Invalid,
        }
    }
}

/// A request id, and the id of a result, is a string or an integer (F6).
pub fn is_usable_id(id: &Value) -> bool {
    id.is_string() || is_integer(id)
}

/// A JSON integer as the MCP schema (JSON Schema) reads one: a number whose
/// fraction is zero, however it is written (`7`, `7.0`, `7e0`; an error code
/// beyond `i64::MAX` too). `1.5` is not one, nor is `"7"`.
pub fn is_integer(value: &Value) -> bool {
    crate::content::numbers::is_integer(value)
}

/// Reads the envelope of any JSON value.
pub fn read(value: &Value) -> Envelope {
    let Value::Object(message) = value else {
        return Envelope {
            meant: None,
            problems: vec![Problem::NotAnObject],
        };
    };
    let mut problems = Vec::new();
    match message.get("jsonrpc") {
        None => problems.push(Problem::JsonrpcMissing),
        Some(Value::String(v)) if v == "2.0" => {}
        Some(other) => problems.push(Problem::JsonrpcWrong {
            found: other.clone(),
        }),
    }
    let meant = match members(message) {
        Members::Call(kind) => {
            check_call(message, &mut problems);
            Some(kind)
        }
        Members::Result => {
            check_result(message, &mut problems);
            Some(Kind::Result)
        }
        Members::Error => {
            check_error(message, &mut problems);
            Some(Kind::Error)
        }
        Members::BothAnswers => {
            problems.push(Problem::ResultAndError);
            check_error_id(message, &mut problems);
            None
        }
        Members::Nothing => {
            problems.push(Problem::NoShape);
            None
        }
    };
    Envelope { meant, problems }
}

/// What the members of an object point to.
enum Members {
    /// `method`: a request or a notification.
    Call(Kind),
    Result,
    Error,
    /// Both `result` and `error`: two shapes at once, so neither.
    BothAnswers,
    Nothing,
}

fn members(message: &Map<String, Value>) -> Members {
    let has = |member| message.contains_key(member);
    if has("method") {
        // The `id` member decides, whatever its value: `"id": null` is a
        // request with an unusable id, not a notification.
        Members::Call(if has("id") {
            Kind::Request
        } else {
            Kind::Notification
        })
    } else {
        match (has("result"), has("error")) {
            (true, true) => Members::BothAnswers,
            (true, false) => Members::Result,
            (false, true) => Members::Error,
            (false, false) => Members::Nothing,
        }
    }
}

/// Requests and notifications.
fn check_call(message: &Map<String, Value>, problems: &mut Vec<Problem>) {
    if let Some(method) = message.get("method").filter(|m| !m.is_string()) {
        problems.push(Problem::MethodNotString {
            found: method.clone(),
        });
    }
    if let Some(id) = message.get("id").filter(|id| !is_usable_id(id)) {
        problems.push(Problem::RequestIdUnusable { found: id.clone() });
    }
    if let Some(params) = message.get("params").filter(|p| !p.is_object()) {
        problems.push(Problem::ParamsNotObject {
            found: params.clone(),
        });
    }
    if message.contains_key("result") || message.contains_key("error") {
        problems.push(Problem::MethodWithAnswer);
    }
}

fn check_result(message: &Map<String, Value>, problems: &mut Vec<Problem>) {
    match message.get("id") {
        Some(id) if is_usable_id(id) => {}
        found => problems.push(Problem::ResultIdUnusable {
            found: found.cloned(),
        }),
    }
    if let Some(result) = message.get("result").filter(|r| !r.is_object()) {
        problems.push(Problem::ResultNotObject {
            found: result.clone(),
        });
    }
}

fn check_error(message: &Map<String, Value>, problems: &mut Vec<Problem>) {
    check_error_id(message, problems);
    let Some(error) = message.get("error") else {
        return;
    };
    let Value::Object(error) = error else {
        problems.push(Problem::ErrorNotObject {
            found: error.clone(),
        });
        return;
    };
    let code = error.get("code");
    if !code.is_some_and(is_integer) {
        problems.push(Problem::ErrorCodeNotInteger {
            found: code.cloned(),
        });
    }
    let text = error.get("message");
    if !text.is_some_and(Value::is_string) {
        problems.push(Problem::ErrorMessageNotString {
            found: text.cloned(),
        });
    }
}

/// An error's id may also be null or left out: the request's id could not
/// be read (F3).
fn check_error_id(message: &Map<String, Value>, problems: &mut Vec<Problem>) {
    if let Some(id) = message
        .get("id")
        .filter(|id| !id.is_null() && !is_usable_id(id))
    {
        problems.push(Problem::ErrorIdUnusable { found: id.clone() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(value: Value) -> (Kind, Vec<&'static str>) {
        let envelope = read(&value);
        let codes = envelope.problems.iter().map(Problem::code).collect();
        (envelope.kind(), codes)
    }

    #[test]
    fn the_four_valid_shapes() {
        let none: Vec<&str> = vec![];
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}})),
            (Kind::Request, none.clone())
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": "a", "method": "tools/list"})),
            (Kind::Request, none.clone())
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "method": "notifications/progress"})),
            (Kind::Notification, none.clone())
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": -3, "result": {}})),
            (Kind::Result, none.clone())
        );
        for id in [json!(5), json!("x"), json!(null)] {
            assert_eq!(
                codes(
                    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "no"}})
                ),
                (Kind::Error, none.clone())
            );
        }
        assert_eq!(
            codes(
                json!({"jsonrpc": "2.0", "error": {"code": -32700, "message": "bad", "data": 1}})
            ),
            (Kind::Error, none)
        );
    }

    #[test]
    fn a_big_integer_id_is_usable() {
        assert!(is_usable_id(&json!(9_007_199_254_740_993_u64)));
        assert!(!is_usable_id(&json!(1.5)));
        // 7.0 is the integer 7 to JSON Schema, so a usable id.
        assert!(is_usable_id(&json!(7.0)));
        assert!(!is_usable_id(&json!(true)));
    }

    #[test]
    fn request_problems_are_all_reported() {
        assert_eq!(
            codes(json!({"jsonrpc": "1.0", "id": null, "method": 5, "params": [1], "result": {}})),
            (
                Kind::Invalid,
                vec![
                    "jsonrpc-wrong",
                    "method-not-string",
                    "request-id-unusable",
                    "params-not-object",
                    "method-with-result-or-error"
                ]
            )
        );
        for id in [json!(null), json!(1.5), json!(true), json!({}), json!([1])] {
            assert_eq!(
                codes(json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"})).1,
                vec!["request-id-unusable"]
            );
        }
    }

    #[test]
    fn a_notification_with_an_id_member_is_a_request() {
        let envelope =
            read(&json!({"jsonrpc": "2.0", "id": null, "method": "notifications/cancelled"}));
        assert_eq!(envelope.meant, Some(Kind::Request));
        assert_eq!(envelope.kind(), Kind::Invalid);
    }

    #[test]
    fn missing_jsonrpc_and_wrong_types() {
        assert_eq!(
            codes(json!({"id": 1, "method": "tools/list"})).1,
            vec!["jsonrpc-missing"]
        );
        assert_eq!(
            codes(json!({"jsonrpc": 2.0, "method": "x"})).1,
            vec!["jsonrpc-wrong"]
        );
        assert_eq!(codes(json!([1, 2])).1, vec!["not-an-object"]);
        assert_eq!(codes(json!("hi")).1, vec!["not-an-object"]);
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": 1})).1,
            vec!["no-shape"]
        );
    }

    #[test]
    fn response_problems() {
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": 1, "message": "m"}})).1,
            vec!["result-and-error"]
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": null, "result": {}})).1,
            vec!["result-id-unusable"]
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "result": "done"})).1,
            vec!["result-id-unusable", "result-not-object"]
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": 2.5, "error": {"code": "x"}})).1,
            vec![
                "error-id-unusable",
                "error-code-not-integer",
                "error-message-not-string"
            ]
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32600.5, "message": "m"}}))
                .1,
            vec!["error-code-not-integer"]
        );
        assert_eq!(
            codes(json!({"jsonrpc": "2.0", "id": 1, "error": "oops"})).1,
            vec!["error-not-object"]
        );
    }
}
