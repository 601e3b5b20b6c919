//! Grading a file of answers without asking: `question-id = "answer"` per
//! line. A value is a letter (`"b"`), a list of letters (`["a", "c"]`),
//! `true`/`false`, or text. Letters are those of the file's own order, as
//! `learn quiz --list` shows them: answers files are never shuffled.
//!
//! Nothing is guessed: an unknown id or an unreadable answer is a problem
//! with its line, and no score is given until the file is fixed.

use super::grade::{Reply, Unclear, is_right, read_reply};
use super::model::{Kind, Question, Quiz};
use super::shuffle::ChoiceOrder;
use crate::content::error::{ContentError, line_of};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use toml::Spanned;

/// One question's grade.
#[derive(Debug)]
pub struct Graded<'a> {
    pub quiz: &'a Quiz,
    pub question: &'a Question,
    /// The file had an answer for it (a blank one counts as given).
    pub answered: bool,
    pub right: bool,
}

/// Grades `text` (the content of `path`). With `only`, the file answers
/// that quiz: its other questions count as unanswered, and ids of other
/// quizzes are problems. Without, the file's own questions are the total.
/// A reply that cannot be read is said by `unclear` (the front end's words).
pub fn grade_answers<'a>(
    path: &Path,
    text: &str,
    quizzes: &'a [Quiz],
    only: Option<&'a Quiz>,
    unclear: &dyn Fn(&Unclear) -> String,
) -> Result<Vec<Graded<'a>>, Vec<ContentError>> {
    let problem = |offset: Option<usize>, message: String| ContentError {
        file: path.to_path_buf(),
        line: offset.map(|o| line_of(text, o)),
        message,
    };
    let entries: BTreeMap<String, Spanned<toml::Value>> = toml::from_str(text).map_err(|e| {
        vec![problem(
            e.span().map(|s| s.start),
            format!(
                "{} (write one `question-id = \"answer\"` per line)",
                e.message().trim()
            ),
        )]
    })?;
    let mut problems = Vec::new();
    let mut verdicts: BTreeMap<&str, bool> = BTreeMap::new();
    for (id, value) in &entries {
        let at = Some(value.span().start);
        let Some((quiz, question)) = find(quizzes, id) else {
            problems.push(problem(at, unknown(quizzes, id)));
            continue;
        };
        if let Some(only) = only
            && only.id != quiz.id
        {
            problems.push(problem(
                at,
                format!(
                    "`{id}` is a question of the `{}` quiz, not of `{}`",
                    quiz.id, only.id
                ),
            ));
            continue;
        }
        match reply_of(question, value.get_ref(), unclear) {
            // `q = ""` is a question left open, as in an interactive quiz.
            Ok(Reply::Blank) => {}
            Ok(reply) => {
                verdicts.insert(&question.id, is_right(&question.kind, &reply));
            }
            Err(message) => problems.push(problem(at, format!("`{id}`: {message}"))),
        }
    }
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.line);
        return Err(problems);
    }
    let asked: Vec<&Quiz> = match only {
        Some(quiz) => vec![quiz],
        None => quizzes.iter().collect(),
    };
    Ok(asked
        .into_iter()
        .flat_map(|quiz| quiz.questions.iter().map(move |q| (quiz, q)))
        .filter(|(_, q)| only.is_some() || verdicts.contains_key(q.id.as_str()))
        .map(|(quiz, question)| Graded {
            quiz,
            question,
            answered: verdicts.contains_key(question.id.as_str()),
            right: verdicts.get(question.id.as_str()).copied().unwrap_or(false),
        })
        .collect())
}

fn find<'a>(quizzes: &'a [Quiz], id: &str) -> Option<(&'a Quiz, &'a Question)> {
    quizzes
        .iter()
        .find_map(|quiz| Some((quiz, quiz.questions.iter().find(|q| q.id == id)?)))
}

fn unknown(quizzes: &[Quiz], id: &str) -> String {
    let closest = quizzes
        .iter()
        .flat_map(|quiz| &quiz.questions)
        .map(|q| (strsim::jaro_winkler(id, &q.id), &q.id))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|(score, _)| *score > 0.8);
    match closest {
        Some((_, near)) => format!(
            "there is no question `{id}` (is it `{near}`? `learn quiz --list` shows every id)"
        ),
        None => format!("there is no question `{id}` (`learn quiz --list` shows every id)"),
    }
}

/// What one value of the file says for its question.
fn reply_of(
    question: &Question,
    value: &toml::Value,
    unclear: &dyn Fn(&Unclear) -> String,
) -> Result<Reply, String> {
    let order = ChoiceOrder::unshuffled(question.kind.options().len());
    let read = |text: &str| read_reply(&question.kind, &order, text).map_err(|why| unclear(&why));
    match value {
        toml::Value::String(text) => read(text),
        toml::Value::Array(items) if question.kind.picks_many() => {
            let mut letters = Vec::new();
            for item in items {
                match item.as_str().map(str::trim) {
                    Some(one) if one.chars().count() == 1 => letters.push(one.to_string()),
                    _ => return Err("a list holds single letters, e.g. [\"a\", \"c\"]".into()),
                }
            }
            if letters.is_empty() {
                return Ok(Reply::Blank);
            }
            read(&letters.join(" "))
        }
        toml::Value::Array(_) => Err(format!(
            "a list of letters is only for multiple-choice questions; this is a {} question",
            question.kind.type_name()
        )),
        toml::Value::Boolean(answer) if matches!(question.kind, Kind::TrueFalse { .. }) => {
            Ok(Reply::Options(BTreeSet::from([usize::from(!answer)])))
        }
        other => Err(format!(
            "{} is not an answer: give a letter (\"b\"), a list of letters ([\"a\", \"c\"]), true/false or text in quotes",
            other.type_str()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Localized;

    fn quiz() -> Quiz {
        let text = Localized {
            en: "x".into(),
            zh: "x".into(),
        };
        let question = |id: &str, kind: Kind| Question {
            id: id.into(),
            kind,
            facts: vec![],
            section: String::new(),
            prompt: text.clone(),
            message: None,
            explanation: text.clone(),
        };
        Quiz {
            id: "q".into(),
            lesson: "l".into(),
            pass_percent: 80,
            questions: vec![
                question("tf", Kind::TrueFalse { answer: true }),
                question(
                    "many",
                    Kind::Multiple {
                        choices: vec![text.clone(), text.clone(), text.clone()],
                        answers: BTreeSet::from([0, 2]),
                    },
                ),
                question(
                    "short",
                    Kind::Short {
                        accepted: vec!["-32601".into()],
                    },
                ),
            ],
        }
    }

    fn grade(text: &str, only: bool) -> Result<Vec<(String, bool, bool)>, Vec<String>> {
        let quizzes = vec![quiz()];
        let only = only.then(|| &quizzes[0]);
        grade_answers(Path::new("a.toml"), text, &quizzes, only, &|u| {
            crate::render::quiz::unclear(u, crate::content::Lang::En)
        })
        .map(|graded| {
            graded
                .iter()
                .map(|g| (g.question.id.clone(), g.answered, g.right))
                .collect()
        })
        .map_err(|found| found.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn letters_lists_booleans_and_text() {
        let graded = grade(
            "tf = true\nmany = [\"c\", \"a\"]\nshort = \" -32601 \"\n",
            false,
        )
        .unwrap();
        assert!(
            graded
                .iter()
                .all(|(_, answered, right)| *answered && *right),
            "{graded:?}"
        );
        let graded = grade("tf = \"b\"\nmany = \"a\"\nshort = \"\"\n", false).unwrap();
        assert!(graded.iter().all(|(_, _, right)| !right), "{graded:?}");
    }

    #[test]
    fn missing_questions_count_only_for_a_named_quiz() {
        assert_eq!(grade("tf = \"a\"\n", false).unwrap().len(), 1);
        let graded = grade("tf = \"a\"\n", true).unwrap();
        assert_eq!(graded.len(), 3);
        assert_eq!(graded[1], ("many".to_string(), false, false));
    }

    #[test]
    fn problems_name_their_line_and_are_not_guessed() {
        let found = grade(
            "tf = \"a\"\nmnay = \"a\"\nshort = 5\nmany = [\"z\"]\n",
            false,
        )
        .unwrap_err();
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(
            found
                .iter()
                .any(|p| p.starts_with("a.toml:2: there is no question `mnay` (is it `many`?")),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|p| p.starts_with("a.toml:3: `short`: integer is not an answer")),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|p| p.starts_with("a.toml:4: `many`: there is no choice `z`")),
            "{found:?}"
        );
        let found = grade("tf = [\"a\"]\n", false).unwrap_err();
        assert!(found[0].contains("only for multiple-choice"), "{found:?}");
        let found = grade("tf = \"a\"\ntf = \"b\"\n", false).unwrap_err();
        assert!(found[0].starts_with("a.toml:2:"), "{found:?}");
    }
}
