//! Reading `lessons/<lesson>/quizzes/<objective id>.toml` into a [`Quiz`],
//! checking all of it. Every problem names the file, the line and the fix.
//!
//! A quiz file:
//!
//! ```toml
//! format_version = 1
//! pass_percent = 80            # optional, default 80
//!
//! [[question]]
//! id = "notification-no-reply" # unique in the course: a-z, 0-9, `-`
//! type = "true-false"          # single | multiple | true-false | short | message-kind | server-reply
//! facts = ["F9"]
//! section = "<id>"             # a reading section; the explanation points there
//! prompt = { en = "...", zh = "..." }
//! message = '{"jsonrpc": "2.0", ...}'  # required for message-kind and server-reply
//! answer = false               # single/server-reply: "b"; multiple: ["a", "c"];
//!                              # true-false: true/false; message-kind: "notification"
//! # accepted = ["-32602"]      # short answers instead of `answer`
//! # choices = [{ en = "...", zh = "..." }, ...]   # single, multiple, server-reply
//! explanation = { en = "...", zh = "..." }
//! ```

mod kind;

use super::model::{DEFAULT_PASS_PERCENT, Kind, Question, Quiz};
use crate::content::error::{ContentError, ContentErrors, key_line, line_of};
use crate::content::load::read_toml;
use crate::content::{Course, Lang, Localized, Step};
use crate::wire;
use kind::check_kind;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use toml::Spanned;

/// An objective's quiz needs at least this many questions.
pub const MIN_QUESTIONS: usize = 3;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuizFile {
    #[allow(dead_code)]
    format_version: u32,
    pass_percent: Option<Spanned<i64>>,
    #[serde(default)]
    question: Vec<Spanned<QuestionFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuestionFile {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    facts: Vec<String>,
    section: String,
    prompt: Localized,
    message: Option<String>,
    choices: Option<Vec<Localized>>,
    answer: Option<Spanned<toml::Value>>,
    accepted: Option<Vec<String>>,
    explanation: Localized,
}

/// Collects the problems of one quiz file.
struct Problems<'a> {
    path: &'a Path,
    text: &'a str,
    found: Vec<ContentError>,
}

impl Problems<'_> {
    fn at(&mut self, offset: usize, message: impl Into<String>) {
        self.found.push(ContentError {
            file: self.path.to_path_buf(),
            line: Some(line_of(self.text, offset)),
            message: message.into(),
        });
    }

    fn localized(&mut self, offset: usize, what: &str, text: &Localized) {
        if let Some(lang) = text.missing() {
            self.at(
                offset,
                format!(
                    "{what} has no `{}` text: every text needs `en` and `zh`",
                    lang.code()
                ),
            );
        }
    }
}

/// Reads one quiz file of lesson `lesson`. `id` is the quiz id (the file's stem).
pub fn load_quiz(path: &Path, lesson: &str, id: &str) -> Result<Quiz, Vec<ContentError>> {
    // The one TOML reader of the course: format_version checked, parsed once.
    let mut errors = Vec::new();
    let Some((file, text)) = read_toml::<QuizFile>(path, &mut errors) else {
        return Err(errors);
    };

    let mut problems = Problems {
        path,
        text: &text,
        found: Vec::new(),
    };
    let pass_percent = match file.pass_percent {
        None => DEFAULT_PASS_PERCENT,
        Some(p) => match u32::try_from(*p.get_ref()) {
            Ok(value @ 1..=100) => value,
            _ => {
                problems.at(
                    p.span().start,
                    "`pass_percent` is a whole number from 1 to 100",
                );
                DEFAULT_PASS_PERCENT
            }
        },
    };
    if file.question.len() < MIN_QUESTIONS {
        problems.found.push(ContentError {
            file: path.to_path_buf(),
            line: None,
            message: format!(
                "{} question(s): a quiz needs at least {MIN_QUESTIONS}; add [[question]] tables",
                file.question.len()
            ),
        });
    }
    let lesson_dir = path.parent().and_then(Path::parent).unwrap_or(path);
    let mut ids = BTreeSet::new();
    let mut questions = Vec::new();
    for spanned in file.question {
        let at = spanned.span().start;
        let question = spanned.into_inner();
        if !ids.insert(question.id.clone()) {
            problems.at(at, format!("two questions have the id `{}`", question.id));
        }
        if let Some(question) = check_question(&mut problems, lesson_dir, at, question) {
            questions.push(question);
        }
    }
    if problems.found.is_empty() {
        Ok(Quiz {
            id: id.to_string(),
            lesson: lesson.to_string(),
            pass_percent,
            questions,
        })
    } else {
        Err(problems.found)
    }
}

fn check_question(
    problems: &mut Problems,
    lesson_dir: &Path,
    at: usize,
    file: QuestionFile,
) -> Option<Question> {
    let label = format!("question `{}`", file.id);
    if !is_question_id(&file.id) {
        problems.at(
            at,
            format!("{label}: an id is lower-case letters, digits and `-`, starting with a letter"),
        );
    }
    problems.localized(at, &format!("{label}'s prompt"), &file.prompt);
    problems.localized(at, &format!("{label}'s explanation"), &file.explanation);
    if file.facts.is_empty() {
        problems.at(
            at,
            format!("{label}: `facts` is empty; name the facts it checks, e.g. [\"F9\"]"),
        );
    }
    for fact in &file.facts {
        if !crate::content::load::is_fact_id(fact) {
            problems.at(
                at,
                format!("{label}: `{fact}` is not a fact id like \"F9\""),
            );
        }
    }
    for lang in Lang::ALL {
        let section = crate::content::model::section_file(lesson_dir, &file.section, lang);
        if !section.is_file() {
            problems.at(
                at,
                format!(
                    "{label}: `section = \"{}\"` has no {} text (sections/{}/{}.md)",
                    file.section,
                    lang.code(),
                    lang.code(),
                    file.section
                ),
            );
        }
    }
    if let Some(choices) = &file.choices {
        for (i, choice) in choices.iter().enumerate() {
            problems.localized(at, &format!("{label}'s choice {}", i + 1), choice);
        }
    }
    let kind = check_kind(problems, at, &label, &file)?;
    if matches!(kind, Kind::MessageKind { .. } | Kind::ServerReply { .. })
        && file.message.as_deref().is_none_or(|m| m.trim().is_empty())
    {
        problems.at(
            at,
            format!(
                "{label}: a {} question shows a `message`; add one",
                kind.type_name()
            ),
        );
    }
    if let (Kind::MessageKind { answer }, Some(message)) = (&kind, &file.message)
        && *answer != wire::Kind::Invalid
        && !serde_json::from_str::<serde_json::Value>(message).is_ok_and(|v| v.is_object())
    {
        problems.at(
            at,
            format!("{label}: the message is not a JSON object, so its kind can only be `invalid`"),
        );
    }
    Some(Question {
        id: file.id,
        kind,
        facts: file.facts,
        section: file.section,
        prompt: file.prompt,
        message: file.message,
        explanation: file.explanation,
    })
}

fn is_question_id(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Every quiz of the course, in lesson order, with question ids checked to
/// be unique across quizzes (answers files and progress key on them).
pub fn load_all(course: &Course) -> Result<Vec<Quiz>, ContentErrors> {
    let mut errors = Vec::new();
    let mut quizzes = Vec::new();
    let mut owners: BTreeMap<String, PathBuf> = BTreeMap::new();
    for (lesson, _, step) in course.steps() {
        let Step::Quiz(id) = step else { continue };
        let path = lesson.dir.join("quizzes").join(format!("{id}.toml"));
        match load_quiz(&path, &lesson.id, id) {
            Ok(quiz) => {
                for question in &quiz.questions {
                    if let Some(other) = owners.insert(question.id.clone(), path.clone()) {
                        errors.push(ContentError {
                            file: path.clone(),
                            line: key_line(&path, "id", Some(&question.id)),
                            message: format!(
                                "question id `{}` is also used in {}: ids are unique in the course",
                                question.id,
                                course.shown(&other).display()
                            ),
                        });
                    }
                }
                quizzes.push(quiz);
            }
            Err(found) => errors.extend(found),
        }
    }
    // Errors name files as the author sees them in the project.
    for error in &mut errors {
        error.file = course.shown(&error.file).to_path_buf();
    }
    if errors.is_empty() {
        Ok(quizzes)
    } else {
        Err(ContentErrors(errors))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    const GOOD: &str = r#"format_version = 1

[[question]]
id = "one"
type = "true-false"
facts = ["F9"]
section = "s"
prompt = { en = "A notification gets an empty result.", zh = "通知会得到一个空结果。" }
answer = false
explanation = { en = "No reply at all.", zh = "根本不回。" }

[[question]]
id = "two"
type = "single"
facts = ["F1"]
section = "s"
prompt = { en = "Pick.", zh = "选。" }
choices = [{ en = "x", zh = "x" }, { en = "y", zh = "y" }]
answer = "b"
explanation = { en = "Because.", zh = "因为。" }

[[question]]
id = "three"
type = "message-kind"
facts = ["F4"]
section = "s"
prompt = { en = "Kind?", zh = "种类？" }
message = '{"jsonrpc": "2.0", "method": "notifications/cancelled"}'
answer = "notification"
explanation = { en = "No id.", zh = "没有 id。" }
"#;

    /// Writes a quiz into a lesson-shaped temporary folder with section `s`.
    fn load(text: &str) -> Result<Quiz, Vec<ContentError>> {
        let dir = tempfile::tempdir().unwrap();
        for lang in ["en", "zh"] {
            let sections = dir.path().join("sections").join(lang);
            fs::create_dir_all(&sections).unwrap();
            fs::write(sections.join("s.md"), "# S\n").unwrap();
        }
        fs::create_dir_all(dir.path().join("quizzes")).unwrap();
        let path = dir.path().join("quizzes").join("q.toml");
        fs::write(&path, text).unwrap();
        load_quiz(&path, "l", "q")
    }

    fn problems(text: &str) -> Vec<String> {
        match load(text) {
            Ok(_) => Vec::new(),
            Err(found) => found
                .iter()
                .map(|e| format!("{}: {}", e.line.unwrap_or(0), e.message))
                .collect(),
        }
    }

    #[test]
    fn a_good_file_loads() {
        let quiz = load(GOOD).unwrap();
        assert_eq!(quiz.questions.len(), 3);
        assert_eq!(quiz.pass_percent, DEFAULT_PASS_PERCENT);
        assert_eq!(
            quiz.questions[1].kind.correct_options(),
            BTreeSet::from([1])
        );
    }

    #[test]
    fn a_missing_chinese_explanation_is_an_error_with_its_line() {
        let text = GOOD.replace(
            r#"explanation = { en = "Because.", zh = "因为。" }"#,
            r#"explanation = { en = "Because.", zh = " " }"#,
        );
        let found = problems(&text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("12: question `two`'s explanation has no `zh`"),
            "{found:?}"
        );
        let text = GOOD.replace(r#"explanation = { en = "No id.", zh = "没有 id。" }"#, "");
        assert!(problems(&text)[0].contains("missing field `explanation`"));
    }

    #[test]
    fn fewer_than_three_questions_is_an_error() {
        let two = GOOD.split("[[question]]\nid = \"three\"").next().unwrap();
        let found = problems(two);
        assert!(found.iter().any(|p| p.contains("at least 3")), "{found:?}");
    }

    #[test]
    fn answers_must_fit_their_type() {
        for (from, to, says) in [
            (
                r#"answer = "b""#,
                r#"answer = "c""#,
                "one letter from a to b",
            ),
            (r#"answer = "b""#, r#"answer = ["b"]"#, "one letter"),
            ("answer = false", r#"answer = "false""#, "true or false"),
            (
                r#"answer = "notification""#,
                r#"answer = "notice""#,
                "one of \"request\"",
            ),
            (
                r#"type = "single""#,
                r#"type = "choice""#,
                "not a question type",
            ),
            (
                r#"section = "s""#,
                r#"section = "nowhere""#,
                "has no en text",
            ),
            (
                r#"facts = ["F1"]"#,
                r#"facts = ["fact one"]"#,
                "not a fact id",
            ),
            (
                r#"id = "two""#,
                r#"id = "one""#,
                "two questions have the id `one`",
            ),
            (
                r#"'{"jsonrpc": "2.0", "method": "notifications/cancelled"}'"#,
                "'[1, 2]'",
                "can only be `invalid`",
            ),
        ] {
            let found = problems(&GOOD.replacen(from, to, 1));
            assert!(found.iter().any(|p| p.contains(says)), "{to}: {found:?}");
        }
    }

    #[test]
    fn a_future_format_is_refused() {
        let found = problems(&GOOD.replace("format_version = 1", "format_version = 2"));
        assert!(found[0].starts_with("1: format_version 2"), "{found:?}");
    }
}
