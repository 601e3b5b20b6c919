//! Numbers as the program wrote them. JSON reads `3e5` as 300000.0, and
//! printed back it says `300000.0`: feedback about what a program sent
//! shows the program's own text, so the learner recognises their output.

use crate::judge::{NearMiss, Problem};
use crate::render::pattern_words::written;
use serde_json::Value;
use std::collections::BTreeMap;

/// For each number as JSON prints it back (`300000.0`), the text the
/// program wrote for it (`3e5`), where that differs; `None` where the
/// program wrote one number two ways (then it is shown as printed).
#[derive(Debug, Default)]
pub(super) struct NumberTexts(BTreeMap<String, Option<String>>);

impl NumberTexts {
    /// From the lines a program wrote. A line that is not JSON, or whose
    /// numbers cannot be paired one for one with its text, adds nothing.
    pub(super) fn of_lines<'a>(lines: impl IntoIterator<Item = &'a String>) -> NumberTexts {
        let mut texts = NumberTexts::default();
        for line in lines {
            let Ok(value) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let mut numbers = Vec::new();
            numbers_of(&value, &mut numbers);
            let tokens = number_tokens(line);
            if tokens.len() != numbers.len() {
                continue;
            }
            for (number, token) in numbers.iter().zip(tokens) {
                let printed = number.to_string();
                let same = token.parse::<f64>().ok() == number.as_f64();
                if printed == token || !same {
                    continue;
                }
                texts
                    .0
                    .entry(printed)
                    .and_modify(|known| {
                        if known.as_deref() != Some(token) {
                            *known = None;
                        }
                    })
                    .or_insert_with(|| Some(token.to_string()));
            }
        }
        texts
    }

    /// `value` with each number the program wrote otherwise standing as
    /// its own text (see `pattern_words::written`).
    fn mark(&self, value: &Value) -> Value {
        match value {
            Value::Number(n) => match self.0.get(&n.to_string()) {
                Some(Some(text)) => written(text),
                _ => value.clone(),
            },
            Value::Array(items) => Value::Array(items.iter().map(|v| self.mark(v)).collect()),
            Value::Object(members) => Value::Object(
                members
                    .iter()
                    .map(|(k, v)| (k.clone(), self.mark(v)))
                    .collect(),
            ),
            _ => value.clone(),
        }
    }

    /// `problem` with what the program sent in it marked (see `mark`); what
    /// was expected stays as the lesson wrote it.
    pub(super) fn problem(&self, problem: &Problem) -> Problem {
        if self.0.is_empty() {
            return problem.clone();
        }
        let mut marked = problem.clone();
        match &mut marked {
            Problem::WrongResponse {
                got,
                shown,
                mismatches,
                ..
            } => {
                *got = self.mark(got);
                *shown = self.mark(shown);
                for mismatch in mismatches {
                    mismatch.got = mismatch.got.as_ref().map(|v| self.mark(v));
                }
            }
            Problem::MissingResponse {
                near: Some(NearMiss::IdTypeDiffers { got } | NearMiss::OtherId { got }),
                ..
            } => *got = self.mark(got),
            Problem::NotAnObject { message }
            | Problem::BadJsonrpc { message }
            | Problem::ServerRequest { message }
            | Problem::NotAResponse { message }
            | Problem::ResultAndError { message }
            | Problem::BadErrorObject { message }
            | Problem::BadResponseId { message }
            | Problem::BrokenEnvelope { message, .. }
            | Problem::Duplicate { message, .. }
            | Problem::AnsweredSilence { message, .. }
            | Problem::Unexpected { message }
            | Problem::ExtraLine { message, .. }
            | Problem::Unasked { message } => *message = self.mark(message),
            _ => {}
        }
        marked
    }
}

/// The numbers of `value` in the order its text holds them (objects keep
/// their members' order).
fn numbers_of<'a>(value: &'a Value, out: &mut Vec<&'a serde_json::Number>) {
    match value {
        Value::Number(n) => out.push(n),
        Value::Array(items) => items.iter().for_each(|v| numbers_of(v, out)),
        Value::Object(members) => members.values().for_each(|v| numbers_of(v, out)),
        _ => {}
    }
}

/// The number tokens of a JSON text, in order, strings skipped.
fn number_tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    let mut start = None;
    for (at, c) in text.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        // `true` and `false` hold an `e`: only a digit or `-` starts a number.
        let starts = c.is_ascii_digit() || c == '-';
        let goes_on = starts || matches!(c, '+' | '.' | 'e' | 'E');
        match (start, starts, goes_on) {
            (None, true, _) => start = Some(at),
            (Some(from), _, false) => {
                tokens.push(&text[from..at]);
                start = None;
            }
            _ => {}
        }
        in_string = c == '"';
    }
    if let Some(from) = start {
        tokens.push(&text[from..]);
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::pattern_words::unmark;
    use serde_json::json;

    fn texts(lines: &[&str]) -> NumberTexts {
        let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        NumberTexts::of_lines(&lines)
    }

    #[test]
    fn numbers_keep_the_text_the_program_wrote() {
        let texts = texts(&[
            r#"{"id": 1, "result": {"ttlMs": 3e5, "note": "2e3 \" 4E1", "x": [1.50, -0.0]}}"#,
        ]);
        let got = json!({"id": 1, "result": {"ttlMs": 300000.0, "x": [1.5, -0.0]}});
        let printed = unmark(&texts.mark(&got).to_string());
        assert_eq!(
            printed,
            r#"{"id":1,"result":{"ttlMs":3e5,"x":[1.50,-0.0]}}"#
        );
    }

    #[test]
    fn a_number_written_two_ways_is_shown_as_printed() {
        let texts = texts(&[r#"{"a": 3e5}"#, r#"{"b": 300000.00}"#, r#"{"c": 1E2}"#]);
        let printed = unmark(&texts.mark(&json!([300000.0, 100.0, 7])).to_string());
        assert_eq!(printed, "[300000.0,1E2,7]");
    }

    #[test]
    fn a_line_that_does_not_pair_up_adds_nothing() {
        assert!(texts(&["not json 3e5", r#"{"a": 3e5"#]).0.is_empty());
        assert_eq!(
            number_tokens(r#"{"k-1e": -2.5e-3, "s": "9", "t": true, "f": false, "n": 4}"#),
            vec!["-2.5e-3", "4"]
        );
    }
}
