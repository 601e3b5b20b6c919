//! A message the checker sent, shown so the part a scenario is about stays
//! visible: the values in `params._meta` fold to `‹…›` (their keys stay, as
//! a missing or extra key is often the point), a message that still does not
//! fit one line is shown over several, and only long string values (a
//! `requestState`, say) are cut, in the middle, keeping both ends.

use super::pattern_words::{placeholder, unmark};
use super::style::clip_middle;
use serde_json::Value;

/// Longest string value shown whole in a multi-line message.
const STRING_CHARS: usize = 90;

/// `line` as one line when it fits in `width`, else pretty-printed with
/// each line prefixed by `indent`, starting on a new line.
pub fn sent_text(line: &str, width: usize, indent: &str) -> String {
    let Ok(mut message) = serde_json::from_str::<Value>(line) else {
        // Not JSON (a scenario may send a broken line on purpose): as it is.
        return clip_middle(line, width);
    };
    if let Some(Value::Object(meta)) = message.pointer_mut("/params/_meta") {
        for value in meta.values_mut() {
            *value = placeholder("…");
        }
    }
    let one_line = unmark(&message.to_string());
    if one_line.chars().count() <= width {
        return one_line;
    }
    clip_strings(&mut message);
    let pretty = serde_json::to_string_pretty(&message).unwrap_or(one_line);
    let mut out = String::new();
    for line in unmark(&pretty).lines() {
        out.push('\n');
        out.push_str(indent);
        out.push_str(line);
    }
    out
}

fn clip_strings(value: &mut Value) {
    match value {
        Value::String(text) if text.chars().count() > STRING_CHARS => {
            *text = clip_middle(text, STRING_CHARS);
        }
        Value::Array(items) => items.iter_mut().for_each(clip_strings),
        Value::Object(members) => members.values_mut().for_each(clip_strings),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_keys_stay_and_their_values_fold() {
        let line = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"a/clientCapabilities":{"x":{}}}}}"#;
        assert_eq!(
            sent_text(line, 200, ""),
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"a/clientCapabilities":‹…›}}}"#
        );
    }

    #[test]
    fn a_long_message_is_shown_whole_over_several_lines() {
        let state = format!("issued-{}-forged", "x".repeat(300));
        let line = serde_json::json!({
            "jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "greet", "requestState": state,
                       "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                                 "io.modelcontextprotocol/clientCapabilities": {}}}
        })
        .to_string();
        let text = sent_text(&line, 120, "  ");
        assert!(text.starts_with("\n  {"), "{text}");
        assert!(
            text.contains("\"io.modelcontextprotocol/protocolVersion\": ‹…›"),
            "{text}"
        );
        assert!(text.contains("\"requestState\": \"issued-"), "{text}");
        assert!(
            text.contains("-forged\""),
            "the end of a long value stays: {text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= 120), "{text}");
    }

    #[test]
    fn a_line_that_is_not_json_is_shown_as_sent() {
        assert_eq!(sent_text("hello, server", 100, ""), "hello, server");
    }
}
