//! Explaining one message the way a receiver reads it (F17, F18): the
//! envelope first, then the method and its schema.ts type, then params and
//! `_meta`, then result content. Pure: values in, an [`Explanation`] out;
//! `render::explain` turns it into English or Chinese text.

pub(crate) mod content;
/// The envelope rules live in [`crate::wire`]; explain reads through them.
pub use crate::wire::envelope;
pub mod meta_keys;
pub(crate) mod schema_types;

pub use envelope::{Kind, Problem};
pub use meta_keys::Verdict;

use content::ContentGroup;
use serde::Serialize;
use serde_json::{Map, Value};

/// The four layers of schema.ts, in the order the file is usually read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    CommonTypes,
    JsonRpcEnvelopes,
    MethodTypes,
    ResultContent,
}

impl Layer {
    pub fn name(self) -> &'static str {
        match self {
            Layer::CommonTypes => "common-types",
            Layer::JsonRpcEnvelopes => "json-rpc-envelopes",
            Layer::MethodTypes => "method-types",
            Layer::ResultContent => "result-content",
        }
    }

    /// The layer's number in the lesson's table (1 to 4).
    pub fn number(self) -> u8 {
        match self {
            Layer::CommonTypes => 1,
            Layer::JsonRpcEnvelopes => 2,
            Layer::MethodTypes => 3,
            Layer::ResultContent => 4,
        }
    }
}

/// What one step of the parse path found.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    /// A valid envelope; `id` is absent for notifications and id-less errors.
    Shape { kind: Kind, id: Option<Value> },
    /// None of the four shapes; `meant` is what the members point to.
    Broken { meant: Option<Kind> },
    /// An error's code, and the error type it names, if any.
    ErrorCode { code: Option<i64> },
    /// A method with a type for this kind of message.
    Method { kind: Kind, method: String },
    /// A method schema.ts does not define for this kind of message.
    UnknownMethod { kind: Kind, method: String },
    /// A method that names the other kind: a notification's method with an
    /// id, or a request's method without one. `other` is that type.
    OtherKindsMethod {
        kind: Kind,
        method: String,
        other: &'static str,
    },
    /// An MRTR input request (`elicitation/create`, ...) sent as a request.
    InputRequestMethod { method: String, other: &'static str },
    /// The result answers a request with this method.
    Answers { method: String, known: bool },
    /// Nobody said which request the result answers.
    AnswersNotGiven,
    /// `resultType` as found (`None`: missing, read as `complete`).
    ResultType { found: Option<Value> },
    /// A request's `_meta`: how many keys, and which required ones are missing.
    RequestMeta {
        keys: usize,
        missing: Vec<&'static str>,
    },
    /// Any other `_meta` object.
    Meta { keys: usize },
    /// `_meta` is there but is not an object.
    MetaNotObject,
    /// What a result carries.
    Content { groups: Vec<ContentGroup> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct PathStep {
    pub layer: Layer,
    pub type_name: Option<&'static str>,
    pub finding: Finding,
}

/// One `_meta` key, where it was and who owns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetaKey {
    pub key: String,
    /// JSON pointer of the `_meta` object holding it.
    pub at: &'static str,
    pub verdict: Verdict,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    pub kind: Kind,
    /// The most specific schema.ts type; `None` when the message does not
    /// say (a result whose request is unknown, an unknown method, ...).
    pub type_name: Option<&'static str>,
    /// The method of the request a result answers, as given.
    pub answers: Option<String>,
    pub path: Vec<PathStep>,
    /// Why the message is invalid; empty for the four valid shapes.
    pub problems: Vec<Problem>,
    pub meta_keys: Vec<MetaKey>,
}

/// The `_meta` keys every request must carry (F12).
const REQUIRED_META: [&str; 2] = [
    "io.modelcontextprotocol/protocolVersion",
    "io.modelcontextprotocol/clientCapabilities",
];

/// Explains a line of text: text that is not JSON is an invalid message.
pub fn explain_text(text: &str, answers: Option<&str>) -> Explanation {
    match serde_json::from_str::<Value>(text) {
        Ok(value) => explain(&value, answers),
        Err(e) => Explanation {
            kind: Kind::Invalid,
            type_name: None,
            answers: answers.map(str::to_string),
            path: vec![step(
                Layer::JsonRpcEnvelopes,
                None,
                Finding::Broken { meant: None },
            )],
            problems: vec![Problem::NotJson {
                reason: e.to_string(),
            }],
            meta_keys: Vec::new(),
        },
    }
}

/// Explains one JSON value as a message. `answers` is the method of the
/// request a result answers, when the reader knows it.
pub fn explain(value: &Value, answers: Option<&str>) -> Explanation {
    let envelope = envelope::read(value);
    let kind = envelope.kind();
    let mut out = Explanation {
        kind,
        type_name: None,
        answers: answers.map(str::to_string),
        path: Vec::new(),
        problems: envelope.problems,
        meta_keys: Vec::new(),
    };
    let (Value::Object(message), Some(envelope_type)) = (value, kind.envelope_type()) else {
        out.path.push(step(
            Layer::JsonRpcEnvelopes,
            None,
            Finding::Broken {
                meant: envelope.meant,
            },
        ));
        return out;
    };
    let id = message.get("id").filter(|id| !id.is_null()).cloned();
    out.path.push(step(
        Layer::JsonRpcEnvelopes,
        Some(envelope_type),
        Finding::Shape { kind, id },
    ));
    match kind {
        Kind::Request | Kind::Notification => read_call(message, kind, &mut out),
        Kind::Result => read_result(message, answers, &mut out),
        Kind::Error => read_error(message, &mut out),
        Kind::Invalid => {}
    }
    out
}

fn step(layer: Layer, type_name: Option<&'static str>, finding: Finding) -> PathStep {
    PathStep {
        layer,
        type_name,
        finding,
    }
}

/// Layer 3 from the method, then layer 1 from `params._meta`.
fn read_call(message: &Map<String, Value>, kind: Kind, out: &mut Explanation) {
    let method = message
        .get("method")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let (own, other) = match kind {
        Kind::Request => (
            schema_types::request_type(&method),
            schema_types::notification_type(&method),
        ),
        _ => (
            schema_types::notification_type(&method),
            schema_types::request_type(&method),
        ),
    };
    let input = schema_types::input_request_type(&method);
    let finding = match (own, other, input) {
        (Some(_), _, _) => Finding::Method {
            kind,
            method: method.clone(),
        },
        (None, Some(other), _) => Finding::OtherKindsMethod {
            kind,
            method: method.clone(),
            other,
        },
        (None, None, Some(other)) => Finding::InputRequestMethod {
            method: method.clone(),
            other,
        },
        (None, None, None) => Finding::UnknownMethod {
            kind,
            method: method.clone(),
        },
    };
    out.type_name = own;
    out.path.push(step(Layer::MethodTypes, own, finding));

    let params = message.get("params").and_then(Value::as_object);
    let meta = params.and_then(|p| p.get("_meta"));
    if kind == Kind::Request {
        let keys = meta.and_then(Value::as_object);
        let missing = REQUIRED_META
            .into_iter()
            .filter(|k| !keys.is_some_and(|m| m.contains_key(*k)))
            .collect();
        let finding = match meta {
            Some(m) if !m.is_object() => Finding::MetaNotObject,
            _ => Finding::RequestMeta {
                keys: keys.map_or(0, Map::len),
                missing,
            },
        };
        out.path
            .push(step(Layer::CommonTypes, Some("RequestParams"), finding));
    } else if let Some(meta) = meta {
        out.path.push(meta_step(meta));
    }
    collect_keys(meta, "/params/_meta", out);
}

/// Layer 3 from the request the result answers, layer 1 from `resultType`
/// and `_meta`, layer 4 from what the result carries.
fn read_result(message: &Map<String, Value>, answers: Option<&str>, out: &mut Explanation) {
    let result = message
        .get("result")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let answered = answers.and_then(schema_types::result_type);
    out.path.push(step(
        Layer::MethodTypes,
        answered,
        match answers {
            Some(method) => Finding::Answers {
                method: method.to_string(),
                known: answered.is_some(),
            },
            None => Finding::AnswersNotGiven,
        },
    ));
    let result_type = result.get("resultType");
    out.path.push(step(
        Layer::CommonTypes,
        Some("Result"),
        Finding::ResultType {
            found: result_type.cloned(),
        },
    ));
    // F8: a missing resultType is an older server's `complete`; any value
    // but the two this lesson's servers use belongs to an extension.
    out.type_name = match result_type {
        None => answered,
        Some(Value::String(v)) if v == "complete" => answered,
        Some(Value::String(v)) if v == "input_required" => {
            Some(schema_types::INPUT_REQUIRED_RESULT)
        }
        Some(_) => None,
    };
    if let Some(meta) = result.get("_meta") {
        out.path.push(meta_step(meta));
    }
    let groups = content::groups(&result);
    let content_type = (out.type_name == Some(schema_types::INPUT_REQUIRED_RESULT))
        .then_some(schema_types::INPUT_REQUIRED_RESULT);
    if !groups.is_empty() || content_type.is_some() {
        out.path.push(step(
            Layer::ResultContent,
            content_type,
            Finding::Content { groups },
        ));
    }
    collect_keys(result.get("_meta"), "/result/_meta", out);
}

/// The error's code names its type.
fn read_error(message: &Map<String, Value>, out: &mut Explanation) {
    let code = message
        .get("error")
        .and_then(|e| e.get("code"))
        .and_then(Value::as_i64);
    out.type_name = code.and_then(schema_types::error_type);
    out.path.push(step(
        Layer::JsonRpcEnvelopes,
        out.type_name,
        Finding::ErrorCode { code },
    ));
}

fn meta_step(meta: &Value) -> PathStep {
    let finding = match meta.as_object() {
        Some(keys) => Finding::Meta { keys: keys.len() },
        None => Finding::MetaNotObject,
    };
    step(Layer::CommonTypes, Some("MetaObject"), finding)
}

fn collect_keys(meta: Option<&Value>, at: &'static str, out: &mut Explanation) {
    if let Some(Value::Object(keys)) = meta {
        out.meta_keys.extend(keys.keys().map(|key| MetaKey {
            key: key.clone(),
            at,
            verdict: meta_keys::verdict(key),
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kind_and_type(value: Value, answers: Option<&str>) -> (&'static str, Option<&'static str>) {
        let e = explain(&value, answers);
        (e.kind.name(), e.type_name)
    }

    #[test]
    fn requests_and_notifications_are_typed_by_method() {
        let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}});
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"_meta": meta}}),
                None
            ),
            ("request", Some("CallToolRequest"))
        );
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 2}}),
                None
            ),
            ("notification", Some("ProgressNotification"))
        );
        // The envelope decides the kind; the method only names a type of that kind.
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "id": 4, "method": "notifications/progress"}),
                None
            ),
            ("request", None)
        );
        assert_eq!(
            kind_and_type(json!({"jsonrpc": "2.0", "method": "tools/call"}), None),
            ("notification", None)
        );
        assert_eq!(
            kind_and_type(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}), None),
            ("request", None)
        );
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create"}),
                None
            ),
            ("request", None)
        );
    }

    #[test]
    fn a_result_is_typed_by_the_request_it_answers() {
        let result =
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "content": []}});
        assert_eq!(
            kind_and_type(result.clone(), Some("tools/call")),
            ("result", Some("CallToolResult"))
        );
        assert_eq!(kind_and_type(result.clone(), None), ("result", None));
        assert_eq!(kind_and_type(result, Some("ping")), ("result", None));
        // A missing resultType is an older server's `complete`.
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}),
                Some("tools/list")
            ),
            ("result", Some("ListToolsResult"))
        );
        let asking = json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "requestState": "s"}});
        assert_eq!(
            kind_and_type(asking.clone(), Some("tools/call")),
            ("result", Some("InputRequiredResult"))
        );
        assert_eq!(
            kind_and_type(asking, None),
            ("result", Some("InputRequiredResult"))
        );
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "task"}}),
                Some("tools/call")
            ),
            ("result", None)
        );
    }

    #[test]
    fn errors_are_typed_by_code_and_invalid_has_no_type() {
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "x"}}),
                None
            ),
            ("error", Some("ParseError"))
        );
        assert_eq!(
            kind_and_type(
                json!({"jsonrpc": "2.0", "id": 3, "error": {"code": -32000, "message": "x"}}),
                None
            ),
            ("error", None)
        );
        assert_eq!(
            kind_and_type(json!({"id": 1, "method": "tools/call"}), None),
            ("invalid", None)
        );
        let text = explain_text("{not json", None);
        assert_eq!(text.kind, Kind::Invalid);
        assert_eq!(text.problems[0].code(), "not-json");
    }

    #[test]
    fn meta_keys_are_collected_with_verdicts() {
        let e = explain(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                "com.example/-x": 1}}}),
            None,
        );
        let verdicts: Vec<(&str, Verdict)> = e
            .meta_keys
            .iter()
            .map(|k| (k.key.as_str(), k.verdict))
            .collect();
        assert_eq!(
            verdicts,
            vec![
                ("io.modelcontextprotocol/protocolVersion", Verdict::Reserved),
                ("traceparent", Verdict::TraceContext),
                ("com.example/-x", Verdict::Invalid)
            ]
        );
        let missing = e.path.iter().find_map(|s| match &s.finding {
            Finding::RequestMeta { missing, .. } => Some(missing.clone()),
            _ => None,
        });
        assert_eq!(
            missing,
            Some(vec!["io.modelcontextprotocol/clientCapabilities"])
        );
    }

    #[test]
    fn the_path_runs_envelope_first() {
        let e = explain(
            &json!({"jsonrpc": "2.0", "id": 7, "result": {"resultType": "complete", "content": [{"type": "text", "text": "5"}], "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "d", "version": "1"}}}}),
            Some("tools/call"),
        );
        let layers: Vec<(Layer, Option<&str>)> =
            e.path.iter().map(|s| (s.layer, s.type_name)).collect();
        assert_eq!(
            layers,
            vec![
                (Layer::JsonRpcEnvelopes, Some("JSONRPCResultResponse")),
                (Layer::MethodTypes, Some("CallToolResult")),
                (Layer::CommonTypes, Some("Result")),
                (Layer::CommonTypes, Some("MetaObject")),
                (Layer::ResultContent, None),
            ]
        );
    }
}
