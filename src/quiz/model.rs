//! A loaded, validated quiz: what the session, the grader and `--list` use.

use crate::content::Localized;
use crate::wire;
use std::collections::BTreeSet;

/// The pass mark when a quiz file does not set `pass_percent`.
pub const DEFAULT_PASS_PERCENT: u32 = 80;

/// One objective's quiz (`lessons/<lesson>/quizzes/<objective id>.toml`).
#[derive(Clone, Debug)]
pub struct Quiz {
    /// The objective id, which is also the file's name.
    pub id: String,
    /// The lesson it belongs to: two lessons may reuse an objective id.
    pub lesson: String,
    /// A quiz is passed when at least this share of its questions is right.
    pub pass_percent: u32,
    pub questions: Vec<Question>,
}

impl Quiz {
    /// Its step's key in the learner's progress.
    pub fn step_key(&self) -> String {
        crate::content::Step::Quiz(self.id.clone()).progress_key(&self.lesson)
    }
}

#[derive(Clone, Debug)]
pub struct Question {
    /// Unique in the course; the key in answers files and in progress.
    pub id: String,
    pub kind: Kind,
    /// The CURRICULUM facts it checks, e.g. `F9`.
    pub facts: Vec<String>,
    /// The lesson section that explains it (`learn read <section>`).
    pub section: String,
    pub prompt: Localized,
    /// A message (or raw line) shown with the prompt.
    pub message: Option<String>,
    /// Shown after every answer, right or wrong.
    pub explanation: Localized,
}

/// The question types, each with its answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// One right choice.
    Single {
        choices: Vec<Localized>,
        answer: usize,
    },
    /// Every right choice, and no wrong one.
    Multiple {
        choices: Vec<Localized>,
        answers: BTreeSet<usize>,
    },
    /// A statement that is true or false.
    TrueFalse { answer: bool },
    /// Typed text, compared with each accepted answer after normalising case and spaces.
    Short { accepted: Vec<String> },
    /// "What kind of message is this?": the message is shown, the learner names its kind.
    MessageKind { answer: wire::Kind },
    /// "What does the server send back?": the choices are response shapes, or nothing.
    ServerReply {
        choices: Vec<Localized>,
        answer: usize,
    },
}

/// The kinds a `message-kind` question offers: the envelope kinds of
/// [`crate::wire`], always shown in this order, so a letter always means the
/// same kind.
pub const MESSAGE_KINDS: [wire::Kind; 5] = [
    wire::Kind::Request,
    wire::Kind::Notification,
    wire::Kind::Result,
    wire::Kind::Error,
    wire::Kind::Invalid,
];

/// The kind a quiz file's `answer` names (`"notification"`, ...).
pub fn message_kind_named(name: &str) -> Option<wire::Kind> {
    MESSAGE_KINDS.into_iter().find(|k| k.name() == name)
}

/// A choice as a question offers it: the quiz file's own text, or one of
/// the fixed sets whose words the front end gives (`render::quiz`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choice<'a> {
    Text(&'a Localized),
    True,
    False,
    MessageKind(wire::Kind),
}

/// Words a learner may type instead of the letter of a message kind.
fn message_kind_words(kind: wire::Kind) -> &'static [&'static str] {
    match kind {
        wire::Kind::Request => &["request", "请求"],
        wire::Kind::Notification => &["notification", "通知"],
        wire::Kind::Result => &["result", "result response", "结果", "结果响应"],
        wire::Kind::Error => &["error", "error response", "错误", "错误响应"],
        wire::Kind::Invalid => &["invalid", "无效", "无效消息"],
    }
}

const TRUE_WORDS: &[&str] = &["true", "t", "yes", "y", "对", "是", "正确", "真"];
const FALSE_WORDS: &[&str] = &["false", "f", "no", "n", "错", "否", "错误", "假"];

impl Kind {
    /// The name used in quiz files, `--list` and `--json`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Kind::Single { .. } => "single",
            Kind::Multiple { .. } => "multiple",
            Kind::TrueFalse { .. } => "true-false",
            Kind::Short { .. } => "short",
            Kind::MessageKind { .. } => "message-kind",
            Kind::ServerReply { .. } => "server-reply",
        }
    }

    /// The choices in file order (`a`, `b`, ... before any shuffling).
    /// Empty for short answers.
    pub fn options(&self) -> Vec<Choice<'_>> {
        match self {
            Kind::Single { choices, .. }
            | Kind::Multiple { choices, .. }
            | Kind::ServerReply { choices, .. } => choices.iter().map(Choice::Text).collect(),
            Kind::TrueFalse { .. } => vec![Choice::True, Choice::False],
            Kind::MessageKind { .. } => {
                MESSAGE_KINDS.into_iter().map(Choice::MessageKind).collect()
            }
            Kind::Short { .. } => Vec::new(),
        }
    }

    /// The right choices, as indexes into [`Kind::options`].
    pub fn correct_options(&self) -> BTreeSet<usize> {
        match self {
            Kind::Single { answer, .. } | Kind::ServerReply { answer, .. } => {
                BTreeSet::from([*answer])
            }
            Kind::Multiple { answers, .. } => answers.clone(),
            Kind::TrueFalse { answer } => BTreeSet::from([usize::from(!answer)]),
            Kind::MessageKind { answer } => MESSAGE_KINDS
                .iter()
                .position(|k| k == answer)
                .into_iter()
                .collect(),
            Kind::Short { .. } => BTreeSet::new(),
        }
    }

    /// Whether the learner picks several letters.
    pub fn picks_many(&self) -> bool {
        matches!(self, Kind::Multiple { .. })
    }

    /// Whether the choices are shuffled. True/false and message kinds keep
    /// a fixed order: their letters name a fixed set, and the learner may
    /// type the word instead.
    pub fn shuffles(&self) -> bool {
        matches!(
            self,
            Kind::Single { .. } | Kind::Multiple { .. } | Kind::ServerReply { .. }
        )
    }

    /// Whether a word (`true`, `notification`, ...) may stand for a letter.
    pub fn takes_words(&self) -> bool {
        matches!(self, Kind::TrueFalse { .. } | Kind::MessageKind { .. })
    }

    /// The option a typed word stands for (already normalised), if any.
    pub fn option_for_word(&self, word: &str) -> Option<usize> {
        match self {
            Kind::TrueFalse { .. } if TRUE_WORDS.contains(&word) => Some(0),
            Kind::TrueFalse { .. } if FALSE_WORDS.contains(&word) => Some(1),
            Kind::MessageKind { .. } => MESSAGE_KINDS
                .into_iter()
                .position(|k| message_kind_words(k).contains(&word)),
            _ => None,
        }
    }
}

/// The letter shown for the choice at `position` (0 -> `a`).
pub fn letter(position: usize) -> char {
    (b'a' + (position % 26) as u8) as char
}

/// The position a letter stands for (`a` -> 0), if it is a letter.
pub fn position_of(letter: char) -> Option<usize> {
    letter
        .is_ascii_lowercase()
        .then(|| usize::from(letter as u8 - b'a'))
}

/// The most choices a question may have, so letters stay short and clear.
pub const MAX_CHOICES: usize = 8;
