//! The hidden scenarios' inputs, kept out of everything a student reads.
//! A hidden scenario's own failure says only that it failed; this is the
//! second line of defence, for text that could echo an input elsewhere (a
//! visible scenario's output or stderr): every line a hidden scenario sent,
//! as sent and as compact JSON, and every string in it of 8 characters or
//! more, is replaced wherever it appears, unless a visible scenario of the
//! same exercise sent it too (then it is no secret).

use crate::judge::ScenarioVerdict;
use serde_json::Value;
use std::collections::BTreeSet;

/// Shown in place of a hidden input.
pub const PLACEHOLDER: &str = "‹hidden input›";

/// The shortest string value of a hidden input that is hidden on its own:
/// shorter ones (`2.0`, `ping`) would blank out ordinary text.
const SHORTEST: usize = 8;

#[derive(Debug, Default, Clone)]
pub struct HiddenInputs {
    /// Longest first, so a whole line goes before a part of it.
    secrets: Vec<String>,
}

impl HiddenInputs {
    /// From one exercise's verdicts (any student's), `hidden` telling which
    /// scenarios are the teacher's hidden ones.
    pub fn add(&mut self, scenarios: &[ScenarioVerdict], hidden: impl Fn(&str) -> bool) {
        let mut visible = BTreeSet::new();
        let mut secret = BTreeSet::new();
        for s in scenarios {
            let into = if hidden(&s.name) {
                &mut secret
            } else {
                &mut visible
            };
            for line in s.runs.iter().flat_map(|r| &r.sent) {
                for form in forms(line) {
                    into.insert(form);
                }
            }
        }
        for form in secret.difference(&visible) {
            if !self.secrets.contains(form) {
                self.secrets.push(form.clone());
            }
        }
        self.secrets
            .sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    }

    /// `text` with every hidden input replaced.
    pub fn hide(&self, text: &str) -> String {
        let mut text = text.to_string();
        for secret in &self.secrets {
            if text.contains(secret.as_str()) {
                text = text.replace(secret.as_str(), PLACEHOLDER);
            }
        }
        text
    }
}

/// A sent line as it could come back: itself, as compact JSON, and its long
/// string values.
fn forms(line: &str) -> Vec<String> {
    let mut forms = vec![line.trim().to_string()];
    if let Ok(value) = serde_json::from_str::<Value>(line) {
        forms.push(value.to_string());
        strings(&value, &mut forms);
    }
    forms.retain(|f| f.chars().count() >= SHORTEST);
    forms
}

fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            out.push(k.clone());
            strings(v, out);
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Localized;
    use crate::judge::RunEvidence;
    use crate::runner::transcript::ProcessEnd;

    fn text(en: &str) -> Localized {
        Localized {
            en: en.into(),
            zh: en.into(),
        }
    }

    fn scenario(name: &str, sent: &[&str]) -> ScenarioVerdict {
        ScenarioVerdict {
            name: name.into(),
            title: text(name),
            fact: "F1".into(),
            rule: text("a rule"),
            problems: Vec::new(),
            runs: vec![RunEvidence {
                sent: sent.iter().map(|s| s.to_string()).collect(),
                received: Vec::new(),
                received_total: 0,
                end: ProcessEnd::Exited(0),
                stderr_tail: String::new(),
                stderr_bytes: 0,
                limit: None,
            }],
            role: Default::default(),
        }
    }

    #[test]
    fn a_hidden_line_is_hidden_as_sent_as_json_and_by_its_long_strings() {
        let hidden_line = r#"{"jsonrpc": "2.0", "id": "req-7f3a", "method": "tools/list", "params": {"cursor": "page-two-secret"}}"#;
        let mut inputs = HiddenInputs::default();
        inputs.add(
            &[
                scenario(
                    "visible",
                    &[r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#],
                ),
                scenario("hidden one", &[hidden_line]),
            ],
            |name| name.starts_with("hidden"),
        );
        assert_eq!(
            inputs.hide(&format!("not JSON: {hidden_line}")),
            format!("not JSON: {PLACEHOLDER}")
        );
        let compact = serde_json::from_str::<Value>(hidden_line)
            .unwrap()
            .to_string();
        assert_eq!(inputs.hide(&compact), PLACEHOLDER);
        assert_eq!(
            inputs.hide("the cursor was page-two-secret"),
            format!("the cursor was {PLACEHOLDER}")
        );
        assert_eq!(inputs.hide("id req-7f3a"), format!("id {PLACEHOLDER}"));
        // Sent by a visible scenario too, or too short: no secret.
        assert_eq!(inputs.hide("tools/list, 2.0"), "tools/list, 2.0");
        assert!(
            inputs.hide("jsonrpc method params").contains("jsonrpc"),
            "member names shorter than 8 stay"
        );
    }
}
