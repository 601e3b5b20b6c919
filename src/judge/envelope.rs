//! Rules every line a server writes must follow, whatever the scenario.

use super::verdict::Problem;
use serde_json::Value;

/// What an output line is, once parsed.
#[derive(Debug)]
pub enum Output {
    Response(Value),
    /// A notification from the program (allowed: they may flow either way).
    Notification(Value),
    Invalid(Problem),
}

pub fn classify(line: &str) -> Output {
    let message: Value = match serde_json::from_str(line) {
        Ok(message) => message,
        Err(_) => {
            return Output::Invalid(Problem::NotJson {
                line: line.to_string(),
            });
        }
    };
    let Some(object) = message.as_object() else {
        return Output::Invalid(Problem::NotAnObject { message });
    };
    if object.get("jsonrpc") != Some(&Value::from("2.0")) {
        return Output::Invalid(Problem::BadJsonrpc { message });
    }
    let has = |key| object.contains_key(key);
    if has("method") {
        return if has("id") {
            Output::Invalid(Problem::ServerRequest { message })
        } else {
            Output::Notification(message)
        };
    }
    match (has("result"), has("error")) {
        (false, false) => return Output::Invalid(Problem::NotAResponse { message }),
        (true, true) => return Output::Invalid(Problem::ResultAndError { message }),
        _ => {}
    }
    if let Some(error) = object.get("error") {
        let code_ok = error.get("code").is_some_and(|c| c.is_i64());
        let message_ok = error.get("message").is_some_and(Value::is_string);
        if !code_ok || !message_ok {
            return Output::Invalid(Problem::BadErrorObject { message });
        }
    }
    let id_ok = match object.get("id") {
        Some(Value::String(_)) => true,
        Some(Value::Number(n)) => n.is_i64() || n.is_u64(),
        Some(Value::Null) | None => has("error"),
        Some(_) => false,
    };
    if !id_ok {
        return Output::Invalid(Problem::BadResponseId { message });
    }
    Output::Response(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(line: &str) -> Option<Problem> {
        match classify(line) {
            Output::Invalid(p) => Some(p),
            _ => None,
        }
    }

    #[test]
    fn accepts_both_response_shapes_and_notifications() {
        assert!(matches!(
            classify(r#"{"jsonrpc":"2.0","id":"a","result":{}}"#),
            Output::Response(_)
        ));
        assert!(matches!(
            classify(r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#),
            Output::Response(_)
        ));
        assert!(matches!(
            classify(r#"{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"}}"#),
            Output::Response(_)
        ));
        assert!(matches!(
            classify(r#"{"jsonrpc":"2.0","method":"notifications/message"}"#),
            Output::Notification(_)
        ));
    }

    #[test]
    fn names_each_broken_envelope_rule() {
        assert!(matches!(problem("hello"), Some(Problem::NotJson { .. })));
        assert!(matches!(problem("[1]"), Some(Problem::NotAnObject { .. })));
        assert!(matches!(
            problem(r#"{"id":1,"result":{}}"#),
            Some(Problem::BadJsonrpc { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":1,"method":"x"}"#),
            Some(Problem::ServerRequest { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":1}"#),
            Some(Problem::NotAResponse { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":1,"result":{},"error":{}}"#),
            Some(Problem::ResultAndError { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}"#),
            Some(Problem::BadErrorObject { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":1.5,"result":{}}"#),
            Some(Problem::BadResponseId { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":null,"result":{}}"#),
            Some(Problem::BadResponseId { .. })
        ));
    }
}
