//! Rules every line a server writes must follow, whatever the scenario.

use super::verdict::Problem;
use crate::wire::{self, Kind, Problem as WireProblem};
use serde_json::Value;

/// What an output line is, once parsed.
#[derive(Debug)]
pub enum Output {
    Response(Value),
    /// A notification from the program (allowed: they may flow either way).
    Notification,
    Invalid(Problem),
}

/// Sorts one output line by the shared envelope rules ([`crate::wire`]), so
/// the judge and `learn explain` never disagree about a message.
pub fn classify(line: &str) -> Output {
    let message: Value = match serde_json::from_str(line) {
        Ok(message) => message,
        Err(_) => {
            return Output::Invalid(Problem::NotJson {
                line: line.to_string(),
            });
        }
    };
    let envelope = wire::read(&message);
    match envelope.kind() {
        Kind::Result | Kind::Error => return Output::Response(message),
        Kind::Notification => return Output::Notification,
        Kind::Request | Kind::Invalid => {}
    }
    let broke = |rule: fn(&WireProblem) -> bool| envelope.problems.iter().any(rule);
    // The first broken rule, in the order a reader meets them, names the problem.
    Output::Invalid(if !message.is_object() {
        Problem::NotAnObject { message }
    } else if broke(|p| {
        matches!(
            p,
            WireProblem::JsonrpcMissing | WireProblem::JsonrpcWrong { .. }
        )
    }) {
        Problem::BadJsonrpc { message }
    } else if envelope.meant == Some(Kind::Request) {
        Problem::ServerRequest { message }
    } else if broke(|p| matches!(p, WireProblem::NoShape)) {
        Problem::NotAResponse { message }
    } else if broke(|p| matches!(p, WireProblem::ResultAndError)) {
        Problem::ResultAndError { message }
    } else if broke(|p| {
        matches!(
            p,
            WireProblem::ErrorNotObject { .. }
                | WireProblem::ErrorCodeNotInteger { .. }
                | WireProblem::ErrorMessageNotString { .. }
        )
    }) {
        Problem::BadErrorObject { message }
    } else if broke(|p| {
        matches!(
            p,
            WireProblem::ResultIdUnusable { .. } | WireProblem::ErrorIdUnusable { .. }
        )
    }) {
        Problem::BadResponseId { message }
    } else {
        // A broken notification, or a result that is not an object.
        Problem::BrokenEnvelope {
            message,
            problems: envelope.problems,
        }
    })
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
            Output::Notification
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
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":true,"error":{"code":-32600,"message":"m"}}"#),
            Some(Problem::BadResponseId { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","id":1,"result":5}"#),
            Some(Problem::BrokenEnvelope { .. })
        ));
        assert!(matches!(
            problem(r#"{"jsonrpc":"2.0","method":5}"#),
            Some(Problem::BrokenEnvelope { .. })
        ));
        // Any integer is an error code, beyond i64::MAX too.
        assert!(matches!(
            classify(
                r#"{"jsonrpc":"2.0","id":1,"error":{"code":9223372036854775808,"message":"m"}}"#
            ),
            Output::Response(_)
        ));
    }
}
