//! Which schema.ts type a message is, from its method (requests and
//! notifications), from the method of the request it answers (results), or
//! from its code (errors). The tables follow schema.ts of 2026-07-28; the
//! tests below hold them against the official `schema.json`.

/// Method → request type, for the requests a client sends.
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

/// Method → the result type of that request. A result's type is known only
/// from the request it answers (F18).
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

/// Method → notification type.
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

/// Method → MRTR input request type. These travel inside an
/// `InputRequiredResult`, never as JSON-RPC requests of their own (F5).
const INPUT_REQUESTS: [(&str, &str); 3] = [
    ("elicitation/create", "ElicitRequest"),
    ("sampling/createMessage", "CreateMessageRequest"),
    ("roots/list", "ListRootsRequest"),
];

/// Error code → error type.
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

/// The type of a result whose `resultType` is `input_required`, whatever
/// request it answers.
pub const INPUT_REQUIRED_RESULT: &str = "InputRequiredResult";

fn find<K: PartialEq + ?Sized>(
    table: &[(&'static K, &'static str)],
    key: &K,
) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, name)| *name)
}

pub fn request_type(method: &str) -> Option<&'static str> {
    find(&REQUESTS, method)
}

pub fn notification_type(method: &str) -> Option<&'static str> {
    find(&NOTIFICATIONS, method)
}

/// The result type of the request with this method.
pub fn result_type(method: &str) -> Option<&'static str> {
    find(&RESULTS, method)
}

pub fn input_request_type(method: &str) -> Option<&'static str> {
    find(&INPUT_REQUESTS, method)
}

pub fn error_type(code: i64) -> Option<&'static str> {
    ERRORS
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, name)| *name)
}

/// The integration tests' rule for finding the official schema, shared so
/// the unit tests below skip and fail exactly as they do.
#[cfg(test)]
#[path = "../../tests/it/common/spec.rs"]
mod spec;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use std::collections::BTreeMap;

    /// The official schema.json's definitions, or `None` where this machine
    /// has no copy (see `tests/it/common/spec.rs`).
    fn schema() -> Option<serde_json::Map<String, Value>> {
        super::spec::schema_defs("a type-table check against schema.json")
    }

    fn has(def: &Value, member: &str) -> bool {
        def["properties"].get(member).is_some()
    }

    /// Each definition with a fixed `method`, sorted into the four tables by
    /// what its envelope holds.
    fn methods_in_schema() -> Option<BTreeMap<&'static str, BTreeMap<String, String>>> {
        let mut found: BTreeMap<&str, BTreeMap<String, String>> = BTreeMap::new();
        for (name, def) in schema()? {
            let Some(method) = def["properties"]["method"]["const"].as_str() else {
                continue;
            };
            // Unions that happen to have one member (ClientNotification) and
            // abstract bases are not message types of their own.
            if name.starts_with("Client") || name.starts_with("Server") {
                continue;
            }
            let table = match (has(&def, "jsonrpc"), has(&def, "id")) {
                (true, true) => "request",
                (true, false) => "notification",
                (false, _) => "input",
            };
            found
                .entry(table)
                .or_default()
                .insert(method.to_string(), name);
        }
        Some(found)
    }

    fn as_map(table: &[(&str, &str)]) -> BTreeMap<String, String> {
        table
            .iter()
            .map(|(m, n)| (m.to_string(), n.to_string()))
            .collect()
    }

    #[test]
    fn request_table_is_the_schemas() {
        if let Some(found) = methods_in_schema() {
            assert_eq!(as_map(&REQUESTS), found["request"]);
        }
    }

    #[test]
    fn notification_table_is_the_schemas() {
        if let Some(found) = methods_in_schema() {
            assert_eq!(as_map(&NOTIFICATIONS), found["notification"]);
        }
    }

    #[test]
    fn input_request_table_is_the_schemas() {
        if let Some(found) = methods_in_schema() {
            assert_eq!(as_map(&INPUT_REQUESTS), found["input"]);
        }
    }

    #[test]
    fn each_request_has_the_result_type_of_its_name() {
        let Some(defs) = schema() else { return };
        let expected: BTreeMap<String, String> = REQUESTS
            .iter()
            .map(|(method, request)| {
                let result = request.replace("Request", "Result");
                assert!(defs.contains_key(&result), "{result} is in schema.json");
                let response = format!("{result}Response");
                if let Some(def) = defs.get(&response) {
                    assert!(has(def, "result"), "{response} is a result response");
                }
                (method.to_string(), result)
            })
            .collect();
        assert_eq!(as_map(&RESULTS), expected);
        assert!(defs.contains_key(INPUT_REQUIRED_RESULT));
    }

    #[test]
    fn error_table_is_the_schemas() {
        let Some(defs) = schema() else { return };
        let mut expected = BTreeMap::new();
        for (name, def) in defs {
            // Error objects fix `code`; error responses fix `error.code`.
            let fixed = def["properties"]["code"]["const"].as_i64().or_else(|| {
                def["properties"]["error"]["allOf"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find_map(|part| part["properties"]["code"]["const"].as_i64())
            });
            if let Some(code) = fixed {
                expected.insert(code, name);
            }
        }
        let ours: BTreeMap<i64, String> = ERRORS.iter().map(|(c, n)| (*c, n.to_string())).collect();
        assert_eq!(ours, expected);
    }

    #[test]
    fn lookups() {
        assert_eq!(request_type("tools/call"), Some("CallToolRequest"));
        assert_eq!(request_type("notifications/progress"), None);
        assert_eq!(notification_type("tools/call"), None);
        assert_eq!(result_type("server/discover"), Some("DiscoverResult"));
        assert_eq!(result_type("ping"), None);
        assert_eq!(error_type(-32601), Some("MethodNotFoundError"));
        assert_eq!(error_type(-32000), None);
        assert_eq!(input_request_type("roots/list"), Some("ListRootsRequest"));
    }
}
