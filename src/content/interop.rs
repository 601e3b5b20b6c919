//! A lesson's `interop.toml`: the steps the official MCP Python SDK, as a
//! client, runs against the lesson's server exercise in `learn interop`,
//! after it connects: what each sends, what it expects back, and its words
//! in both languages. The driver that runs them knows no lesson.

use super::template::{Bindings, VarSpec};
use super::text::Localized;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct Interop {
    /// The file it was read from.
    pub file: PathBuf,
    /// The server exercise the steps are written for.
    pub exercise: String,
    /// Values drawn afresh for every connection.
    pub vars: BTreeMap<String, VarSpec>,
    pub steps: Vec<InteropStep>,
}

/// One step: its words, and what the driver does (the fields it is sent).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InteropStep {
    pub id: String,
    /// Its one-line title.
    #[serde(skip_serializing)]
    pub title: Localized,
    /// What the SDK needed from the server, said when it fails.
    #[serde(skip_serializing)]
    pub needed: Localized,
    /// List the tools: each of these must be there, its `inputSchema` an object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_tools: Option<Vec<String>>,
    /// Call this tool...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<String>,
    /// ...with these arguments (an empty object when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arguments: Option<Value>,
    /// How the SDK's elicitation callback answers the server, which must
    /// ask exactly `times` times.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elicit: Option<Elicit>,
    /// The call completes with a result of this kind...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultKind>,
    /// ...or the SDK raises a JSON-RPC error with this code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<i64>,
    /// The result's text reads as this number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_number: Option<Value>,
    /// The result's text holds this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_has: Option<String>,
    /// The result's text does not hold this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_lacks: Option<String>,
}

/// The answer the SDK's elicitation callback gives.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Elicit {
    pub action: ElicitAction,
    /// What an accepted answer holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Value>,
    #[serde(default = "once")]
    pub times: u32,
}

fn once() -> u32 {
    1
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ElicitAction {
    Accept,
    Decline,
    Cancel,
}

/// What kind of tool result a call must complete with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultKind {
    /// `isError` false: the tool ran and worked.
    Ok,
    /// `isError` true: the tool ran and failed.
    ToolError,
    /// Either.
    Any,
}

/// The id of the step the driver runs first, to connect; no lesson step
/// may take it.
pub const CONNECT: &str = "connect";

impl Interop {
    pub fn step(&self, id: &str) -> Option<&InteropStep> {
        self.steps.iter().find(|s| s.id == id)
    }
}

impl InteropStep {
    /// What the driver is sent for this step, its `${vars}` filled in.
    pub fn filled(&self, bindings: &Bindings) -> Value {
        fill(&serde_json::to_value(self).unwrap_or(Value::Null), bindings)
    }
}

/// Every `${name}` in the strings of `value` filled in: a string that is
/// one `${name}` becomes its value, whatever its type; inside a longer
/// string, the value's text. An unbound name stays as written (the loader
/// refuses one).
pub fn fill(value: &Value, bindings: &Bindings) -> Value {
    match value {
        Value::String(text) => {
            if let Some(bound) = super::template::var_name(text).and_then(|n| bindings.get(n)) {
                return bound.clone();
            }
            Value::String(super::template::fill_text(text, bindings))
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| fill(v, bindings)).collect()),
        Value::Object(members) => Value::Object(
            members
                .iter()
                .map(|(k, v)| (k.clone(), fill(v, bindings)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Every `${name}` the strings of `value` refer to.
pub fn names_in(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => {
            let mut rest = text.as_str();
            while let Some(at) = rest.find("${") {
                let Some(end) = rest[at..].find('}') else {
                    break;
                };
                out.push(rest[at + 2..at + end].to_string());
                rest = &rest[at + end + 1..];
            }
        }
        Value::Array(items) => items.iter().for_each(|v| names_in(v, out)),
        Value::Object(members) => members.values().for_each(|v| names_in(v, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_whole_var_keeps_its_type_and_a_var_inside_text_becomes_text() {
        let bindings: Bindings = BTreeMap::from([
            ("a".to_string(), json!(-7)),
            ("name".to_string(), json!("Ada")),
        ]);
        let filled = fill(
            &json!({"a": "${a}", "who": "${name}${a}", "tool": "no-such-${a}", "odd": "${", "x": "${b}"}),
            &bindings,
        );
        assert_eq!(
            filled,
            json!({"a": -7, "who": "Ada-7", "tool": "no-such--7", "odd": "${", "x": "${b}"})
        );
        let mut names = Vec::new();
        names_in(&json!({"k": ["${a}${name}", "${"]}), &mut names);
        assert_eq!(names, vec!["a", "name"]);
    }
}
