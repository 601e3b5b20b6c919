//! A question's `type` and its answer, checked against each other.

use super::{Problems, QuestionFile};
use crate::quiz::model::{Kind, MAX_CHOICES, message_kind_named};
use std::collections::BTreeSet;

/// The question's type and answer, checked against each other.
#[allow(
    clippy::too_many_lines,
    reason = "one match over the question kinds, each checked against its answer; the arms read best side by side"
)]
pub(super) fn check_kind(
    problems: &mut Problems,
    at: usize,
    label: &str,
    file: &QuestionFile,
) -> Option<Kind> {
    let answer_at = file.answer.as_ref().map_or(at, |a| a.span().start);
    let answer = file.answer.as_ref().map(|a| a.get_ref());
    let uses_choices = matches!(file.kind.as_str(), "single" | "multiple" | "server-reply");
    if !uses_choices && file.choices.is_some() {
        problems.at(
            at,
            format!(
                "{label}: a {} question has no `choices`; remove them",
                file.kind
            ),
        );
    }
    if file.kind != "short" && file.accepted.is_some() {
        problems.at(
            at,
            format!("{label}: `accepted` is only for short answers; use `answer`"),
        );
    }
    let choices = match (&file.choices, uses_choices) {
        (Some(choices), true) if (2..=MAX_CHOICES).contains(&choices.len()) => choices.clone(),
        (_, true) => {
            problems.at(
                at,
                format!("{label}: give from 2 to {MAX_CHOICES} `choices`"),
            );
            return None;
        }
        (_, false) => Vec::new(),
    };
    let letter_index = |value: &toml::Value| -> Option<usize> {
        let text = value.as_str()?;
        let mut chars = text.chars();
        let index = crate::quiz::model::position_of(chars.next()?)?;
        (chars.next().is_none() && index < choices.len()).then_some(index)
    };
    let last = crate::quiz::model::letter(choices.len().saturating_sub(1));
    let kind = match file.kind.as_str() {
        "single" | "server-reply" => {
            let Some(index) = answer.and_then(letter_index) else {
                problems.at(
                    answer_at,
                    format!(
                        "{label}: `answer` is one letter from a to {last}, e.g. answer = \"b\""
                    ),
                );
                return None;
            };
            if file.kind == "single" {
                Kind::Single {
                    choices,
                    answer: index,
                }
            } else {
                Kind::ServerReply {
                    choices,
                    answer: index,
                }
            }
        }
        "multiple" => {
            let letters = answer.and_then(toml::Value::as_array);
            let indexes: Option<BTreeSet<usize>> =
                letters.and_then(|items| items.iter().map(letter_index).collect());
            match (letters, indexes) {
                (Some(items), Some(set)) if !set.is_empty() && set.len() == items.len() => {
                    Kind::Multiple {
                        choices,
                        answers: set,
                    }
                }
                _ => {
                    problems.at(answer_at, format!("{label}: `answer` is a list of different letters from a to {last}, e.g. answer = [\"a\", \"c\"]"));
                    return None;
                }
            }
        }
        "true-false" => match answer.and_then(toml::Value::as_bool) {
            Some(answer) => Kind::TrueFalse { answer },
            None => {
                problems.at(
                    answer_at,
                    format!("{label}: `answer` is true or false (no quotes)"),
                );
                return None;
            }
        },
        "message-kind" => match answer
            .and_then(toml::Value::as_str)
            .and_then(message_kind_named)
        {
            Some(answer) => Kind::MessageKind { answer },
            None => {
                problems.at(answer_at, format!("{label}: `answer` is one of \"request\", \"notification\", \"result\", \"error\", \"invalid\""));
                return None;
            }
        },
        "short" => {
            if file.answer.is_some() {
                problems.at(
                    answer_at,
                    format!("{label}: a short answer lists `accepted` answers instead of `answer`"),
                );
            }
            match &file.accepted {
                Some(accepted)
                    if !accepted.is_empty() && accepted.iter().all(|a| !a.trim().is_empty()) =>
                {
                    Kind::Short {
                        accepted: accepted.clone(),
                    }
                }
                _ => {
                    problems.at(at, format!("{label}: `accepted` lists the right answers, none blank, e.g. accepted = [\"-32602\"]"));
                    return None;
                }
            }
        }
        other => {
            problems.at(at, format!("{label}: `type = \"{other}\"` is not a question type (single, multiple, true-false, short, message-kind, server-reply)"));
            return None;
        }
    };
    Some(kind)
}
