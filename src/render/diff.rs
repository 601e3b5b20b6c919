//! A line diff of two JSON values, pretty-printed: expected in red with `-`,
//! what came back in green with `+`. Lines are compared without their
//! trailing comma, which only says whether a member is the last one: a value
//! that is right must never show as changed because a member after it is
//! missing. Each line is shown as its own side printed it, comma and all.

use colored::Colorize;
use serde_json::Value;
use similar::{ChangeTag, TextDiff};

pub fn json_diff(expected: &Value, got: &Value, indent: &str) -> String {
    let left = pretty(expected);
    let right = pretty(got);
    let (left_bare, right_bare) = (without_commas(&left), without_commas(&right));
    let diff = TextDiff::from_slices(&left_bare, &right_bare);
    let mut out = String::new();
    for change in diff.iter_all_changes() {
        // The line as printed: the side it comes from, with its comma.
        let line = match (change.new_index(), change.old_index()) {
            (Some(new), _) => &right[new],
            (None, Some(old)) => &left[old],
            (None, None) => continue,
        };
        let rendered = match change.tag() {
            ChangeTag::Equal => format!("  {line}").dimmed().to_string(),
            ChangeTag::Delete => format!("- {line}").red().to_string(),
            ChangeTag::Insert => format!("+ {line}").green().to_string(),
        };
        out.push_str(indent);
        out.push_str(&rendered);
        out.push('\n');
    }
    out
}

fn without_commas(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(|line| line.strip_suffix(',').unwrap_or(line))
        .collect()
}

fn pretty(value: &Value) -> Vec<String> {
    let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
    super::pattern_words::unmark(&text)
        .lines()
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::style::plain;
    use serde_json::json;

    #[test]
    fn marks_only_the_differing_lines() {
        let text = plain(&json_diff(
            &json!({"id": 7, "result": "$object"}),
            &json!({"id": "7", "result": "$object"}),
            "",
        ));
        assert_eq!(
            text,
            "  {\n-   \"id\": 7,\n+   \"id\": \"7\",\n    \"result\": \"$object\"\n  }\n"
        );
    }

    #[test]
    fn each_line_keeps_the_comma_its_side_printed() {
        let text = plain(&json_diff(
            &json!({"id": 5, "error": {"code": -32602}}),
            &json!({"id": 5, "result": {}}),
            "",
        ));
        assert_eq!(
            text,
            "  {\n    \"id\": 5,\n-   \"error\": {\n-     \"code\": -32602\n-   }\n+   \"result\": {}\n  }\n"
        );
    }

    #[test]
    fn a_missing_last_member_does_not_mark_the_one_before() {
        let text = plain(&json_diff(
            &json!({"id": 346216, "result": {}}),
            &json!({"id": 346216}),
            "",
        ));
        assert_eq!(text, "  {\n    \"id\": 346216\n-   \"result\": {}\n  }\n");
    }
}
