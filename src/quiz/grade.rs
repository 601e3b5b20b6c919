//! Reading and checking one answer. Pure: text in, verdict out.
//!
//! Letters are read through a [`ChoiceOrder`]: the shuffled order in an
//! interactive quiz, the file's own order for an answers file. A reply that
//! cannot be read (a letter with no choice, two letters for a one-letter
//! question) is [`Unclear`], never guessed.

use super::model::{Kind, letter, position_of};
use super::shuffle::ChoiceOrder;
use std::collections::BTreeSet;

/// What a learner's reply says, in the file's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nothing given: scores zero.
    Blank,
    /// Chosen options, as indexes in the file's order.
    Options(BTreeSet<usize>),
    /// Typed text, already normalised.
    Text(String),
}

/// Why a reply could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unclear {
    /// A letter past the last choice.
    NoSuchChoice { given: char, last: char },
    /// Several letters where one is asked for.
    OneLetterOnly { last: char },
    /// Something that is not letters (nor a word this question accepts).
    NotLetters { last: char, words: bool },
}

/// Lower case, no surrounding quotes or backticks, runs of spaces as one.
/// Short answers are compared in this form.
pub fn normalise(text: &str) -> String {
    let mut text = text.trim();
    for quote in ['`', '"', '\''] {
        if text.len() >= 2 && text.starts_with(quote) && text.ends_with(quote) {
            text = text[1..text.len() - 1].trim();
        }
    }
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Reads a reply typed (or written in an answers file) for one question.
pub fn read_reply(kind: &Kind, order: &ChoiceOrder, text: &str) -> Result<Reply, Unclear> {
    let text = normalise(text);
    if text.is_empty() {
        return Ok(Reply::Blank);
    }
    if let Kind::Short { .. } = kind {
        return Ok(Reply::Text(text));
    }
    if let Some(option) = kind.option_for_word(&text) {
        return Ok(Reply::Options(BTreeSet::from([option])));
    }
    let last = letter(order.len().saturating_sub(1));
    let words = kind.takes_words();
    let mut letters = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || ",，、;；".contains(c)) {
        let token = token.trim_matches(|c: char| "()（）.。".contains(c));
        if token.is_empty() {
            continue;
        }
        // A longer token is a word, where a word may stand for a choice.
        if !token.chars().all(|c| c.is_ascii_lowercase()) || (words && token.len() > 1) {
            return Err(Unclear::NotLetters { last, words });
        }
        letters.extend(token.chars());
    }
    if letters.is_empty() {
        return Err(Unclear::NotLetters { last, words });
    }
    if letters.len() > 1 && !kind.picks_many() {
        return Err(Unclear::OneLetterOnly { last });
    }
    let mut chosen = BTreeSet::new();
    for given in letters {
        let original = position_of(given)
            .and_then(|p| order.original(p))
            .ok_or(Unclear::NoSuchChoice { given, last })?;
        chosen.insert(original);
    }
    Ok(Reply::Options(chosen))
}

/// Whether a reply is right. A blank reply never is.
pub fn is_right(kind: &Kind, reply: &Reply) -> bool {
    match (kind, reply) {
        (_, Reply::Blank) => false,
        (Kind::Short { accepted }, Reply::Text(text)) => {
            accepted.iter().any(|a| normalise(a) == *text)
        }
        (Kind::Short { .. }, Reply::Options(_)) | (_, Reply::Text(_)) => false,
        (kind, Reply::Options(chosen)) => *chosen == kind.correct_options(),
    }
}

/// Reads and checks in one go.
pub fn grade(kind: &Kind, order: &ChoiceOrder, text: &str) -> Result<bool, Unclear> {
    read_reply(kind, order, text).map(|reply| is_right(kind, &reply))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Localized;
    use crate::wire;

    fn choices(n: usize) -> Vec<Localized> {
        (0..n)
            .map(|i| Localized {
                en: format!("choice {i}"),
                zh: format!("选项 {i}"),
            })
            .collect()
    }

    fn single(answer: usize) -> Kind {
        Kind::Single {
            choices: choices(4),
            answer,
        }
    }

    #[test]
    fn single_choice_right_wrong_blank() {
        let kind = single(1);
        let plain = ChoiceOrder::unshuffled(4);
        assert_eq!(grade(&kind, &plain, "b"), Ok(true));
        assert_eq!(grade(&kind, &plain, " B) "), Ok(true));
        assert_eq!(grade(&kind, &plain, "a"), Ok(false));
        assert_eq!(grade(&kind, &plain, ""), Ok(false));
        assert_eq!(grade(&kind, &plain, "   "), Ok(false));
        assert_eq!(
            grade(&kind, &plain, "e"),
            Err(Unclear::NoSuchChoice {
                given: 'e',
                last: 'd'
            })
        );
        assert_eq!(
            grade(&kind, &plain, "a b"),
            Err(Unclear::OneLetterOnly { last: 'd' })
        );
        assert!(matches!(
            grade(&kind, &plain, "7"),
            Err(Unclear::NotLetters { .. })
        ));
    }

    #[test]
    fn letters_follow_the_shown_order() {
        let kind = single(0);
        let reversed = ChoiceOrder::for_question(
            &crate::quiz::model::Question {
                id: "any".into(),
                kind: kind.clone(),
                facts: vec![],
                section: String::new(),
                prompt: choices(1)[0].clone(),
                message: None,
                explanation: choices(1)[0].clone(),
            },
            3,
        );
        let shown = reversed.shown(0).unwrap();
        let right = letter(shown).to_string();
        assert_eq!(grade(&kind, &reversed, &right), Ok(true));
        for p in (0..4).filter(|&p| p != shown) {
            assert_eq!(grade(&kind, &reversed, &letter(p).to_string()), Ok(false));
        }
    }

    #[test]
    fn multiple_choice_needs_the_exact_set() {
        let kind = Kind::Multiple {
            choices: choices(4),
            answers: BTreeSet::from([0, 2]),
        };
        let plain = ChoiceOrder::unshuffled(4);
        for text in ["a c", "c,a", "ac", "a, c", "(a) (c)", "a，c"] {
            assert_eq!(grade(&kind, &plain, text), Ok(true), "{text}");
        }
        for text in ["a", "c", "a b c", "abcd", "b d", ""] {
            assert_eq!(grade(&kind, &plain, text), Ok(false), "{text}");
        }
    }

    #[test]
    fn true_false_takes_letters_and_words_in_both_languages() {
        let kind = Kind::TrueFalse { answer: false };
        let plain = ChoiceOrder::unshuffled(2);
        for text in ["b", "false", "F", "no", "错", "否"] {
            assert_eq!(grade(&kind, &plain, text), Ok(true), "{text}");
        }
        for text in ["a", "true", "yes", "对", ""] {
            assert_eq!(grade(&kind, &plain, text), Ok(false), "{text}");
        }
        assert_eq!(
            grade(&kind, &plain, "c"),
            Err(Unclear::NoSuchChoice {
                given: 'c',
                last: 'b'
            })
        );
    }

    #[test]
    fn message_kind_takes_letters_and_names() {
        let kind = Kind::MessageKind {
            answer: wire::Kind::Notification,
        };
        let plain = ChoiceOrder::unshuffled(5);
        for text in ["b", "notification", "Notification", "通知"] {
            assert_eq!(grade(&kind, &plain, text), Ok(true), "{text}");
        }
        for text in ["a", "request", "e", "无效"] {
            assert_eq!(grade(&kind, &plain, text), Ok(false), "{text}");
        }
        assert_eq!(
            grade(&kind, &plain, "note"),
            Err(Unclear::NotLetters {
                last: 'e',
                words: true
            })
        );
    }

    #[test]
    fn short_answers_ignore_case_spaces_and_quotes() {
        let kind = Kind::Short {
            accepted: vec!["inputSchema".into(), "input schema".into()],
        };
        let none = ChoiceOrder::unshuffled(0);
        for text in [
            "inputSchema",
            "  INPUTSCHEMA ",
            "`inputSchema`",
            "input   schema",
        ] {
            assert_eq!(grade(&kind, &none, text), Ok(true), "{text}");
        }
        for text in ["input_schema", "inputschemas", ""] {
            assert_eq!(grade(&kind, &none, text), Ok(false), "{text}");
        }
    }
}
