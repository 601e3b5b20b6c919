//! The words of a quiz that the quiz module leaves to the front end: what
//! each question kind asks, the fixed choices (true/false, the message
//! kinds) and why a reply cannot be read.

use crate::content::Lang;
use crate::quiz::Kind;
use crate::quiz::grade::Unclear;
use crate::quiz::model::Choice;
use crate::wire;

/// What the learner is asked to do, for the question's heading.
pub fn label(kind: &Kind, lang: Lang) -> &'static str {
    let w = crate::words::of(lang);
    match kind {
        Kind::Single { .. } => w.single_choice(),
        Kind::Multiple { .. } => w.multiple_choice(),
        Kind::TrueFalse { .. } => w.true_or_false(),
        Kind::Short { .. } => w.short_answer(),
        Kind::MessageKind { .. } => w.name_the_kind(),
        Kind::ServerReply { .. } => w.server_reply(),
    }
}

/// A choice's text. A message kind's Chinese label keeps the English word,
/// which is what the learner meets in code and in the exercises.
pub fn choice<'a>(choice: &Choice<'a>, lang: Lang) -> &'a str {
    let w = crate::words::of(lang);
    match choice {
        Choice::Text(text) => text.get(lang),
        Choice::True => w.true_choice(),
        Choice::False => w.false_choice(),
        Choice::MessageKind(kind) => match kind {
            wire::Kind::Request => w.request_choice(),
            wire::Kind::Notification => w.notification_choice(),
            wire::Kind::Result => w.result_choice(),
            wire::Kind::Error => w.error_choice(),
            wire::Kind::Invalid => w.invalid_choice(),
        },
    }
}

/// Why a reply could not be read.
pub fn unclear(unclear: &Unclear, lang: Lang) -> String {
    let w = crate::words::of(lang);
    match unclear {
        Unclear::NoSuchChoice { given, last } => w.no_such_choice(*given, *last),
        Unclear::OneLetterOnly { last } => w.one_letter_only(*last),
        Unclear::NotLetters { last, words: true } => w.letter_or_word_from(*last),
        Unclear::NotLetters { last, words: false } => w.letters_from(*last),
    }
}
