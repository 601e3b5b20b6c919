//! What one POST body is, read the way the transport needs it: a request (an
//! answer is owed), or something that only gets `202 Accepted`.

use crate::wire::is_usable_id;
use serde_json::{Map, Value, json};

/// One JSON-RPC message as the bridge sorts it.
#[derive(Debug)]
pub enum Incoming {
    /// A request: `method` and `id` both there. The program owes an answer.
    Request {
        /// The id as sent, whatever its type (the program judges it).
        id: Value,
        /// The body, re-written on one line for the program's stdin.
        line: String,
        object: Map<String, Value>,
    },
    /// Anything without an `id` (notifications), and responses (`result` or
    /// `error` without `method`): nobody waits for an answer.
    NoAnswer { line: String },
}

/// Why a body is not one JSON-RPC message; the bridge answers these itself.
#[derive(Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Not JSON at all: -32700.
    NotJson,
    /// A batch (JSON array): one message per POST in this revision.
    Batch,
    /// JSON, but not an object.
    NotObject,
}

impl Unreadable {
    pub fn code(&self) -> i64 {
        match self {
            Unreadable::NotJson => -32700,
            Unreadable::Batch | Unreadable::NotObject => -32600,
        }
    }

    pub fn message(&self) -> &'static str {
        match self {
            Unreadable::NotJson => "Parse error: the POST body is not JSON",
            Unreadable::Batch => {
                "Invalid request: one JSON-RPC message per POST (batches are not part of 2026-07-28)"
            }
            Unreadable::NotObject => "Invalid request: a JSON-RPC message is a JSON object",
        }
    }
}

pub fn classify(body: &[u8]) -> Result<Incoming, Unreadable> {
    let value: Value = serde_json::from_slice(body).map_err(|_| Unreadable::NotJson)?;
    let line = value.to_string();
    match value {
        Value::Array(_) => Err(Unreadable::Batch),
        Value::Object(object) => {
            let is_response = !object.contains_key("method")
                && (object.contains_key("result") || object.contains_key("error"));
            match object.get("id") {
                Some(id) if !is_response => Ok(Incoming::Request {
                    id: id.clone(),
                    line,
                    object,
                }),
                _ => Ok(Incoming::NoAnswer { line }),
            }
        }
        _ => Err(Unreadable::NotObject),
    }
}

/// A JSON-RPC error made by the bridge. The id is echoed when it is one a
/// response may carry (string or integer), else left out, as schema.json's
/// error response allows.
pub fn error_body(id: Option<&Value>, code: i64, message: &str) -> String {
    let mut body = json!({"jsonrpc": "2.0", "error": {"code": code, "message": message}});
    if let Some(id) = id.filter(|id| is_usable_id(id)) {
        body["id"] = id.clone();
    }
    body.to_string()
}

/// The JSON-RPC error code of a response line, if it is an error.
pub fn error_code(line: &str) -> Option<i64> {
    serde_json::from_str::<Value>(line)
        .ok()?
        .pointer("/error/code")?
        .as_i64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_sorted_by_what_they_owe() {
        let request = classify(br#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#);
        assert!(matches!(request, Ok(Incoming::Request { id, .. }) if id == json!(7)));
        let notification = classify(br#"{"jsonrpc":"2.0","method":"notifications/x"}"#);
        assert!(matches!(notification, Ok(Incoming::NoAnswer { .. })));
        let response = classify(br#"{"jsonrpc":"2.0","id":1,"result":{}}"#);
        assert!(matches!(response, Ok(Incoming::NoAnswer { .. })));
        // A null id is still an id: the program must answer (with -32600).
        let null_id = classify(br#"{"jsonrpc":"2.0","id":null,"method":"m"}"#);
        assert!(matches!(null_id, Ok(Incoming::Request { .. })));
        assert_eq!(classify(b"{nope").err(), Some(Unreadable::NotJson));
        assert_eq!(classify(b"[]").err(), Some(Unreadable::Batch));
        assert_eq!(classify(b"3").err(), Some(Unreadable::NotObject));
    }

    #[test]
    fn a_multi_line_body_goes_to_the_program_on_one_line() {
        let Ok(Incoming::Request { line, .. }) =
            classify(b"{\n \"jsonrpc\": \"2.0\",\n \"id\": 1,\n \"method\": \"m\"\n}")
        else {
            panic!("a request")
        };
        assert!(!line.contains('\n'), "{line}");
    }

    #[test]
    fn bridge_errors_echo_only_usable_ids() {
        let with: Value =
            serde_json::from_str(&error_body(Some(&json!("a")), -32020, "m")).unwrap();
        assert_eq!(with["id"], "a");
        let without: Value =
            serde_json::from_str(&error_body(Some(&json!(1.5)), -32020, "m")).unwrap();
        assert!(without.get("id").is_none());
    }
}
