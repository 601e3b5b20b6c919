//! The quiz part of a grade: each submission's answers file (`--quiz`, a path
//! inside the submission) graded by the quiz module, one point per right
//! answer, out of every question in the grader's quizzes. Graded entry by
//! entry: a line that cannot be read, names no question, or answers one
//! already answered is wrong (and named, with its line number) while the
//! others still count.

use super::model::{QuestionGrade, QuizGrade};
use super::submission::{Submission, read_file};
use crate::quiz::Quiz;
use crate::quiz::answers::grade_answers;
use crate::quiz::grade::Unclear;
use std::collections::BTreeMap;
use std::path::Path;

/// `unclear` words a reply that cannot be read (the front end's words).
pub fn grade_quiz(
    submission: &Submission,
    file: &Path,
    quizzes: &[Quiz],
    unclear: &dyn Fn(&Unclear) -> String,
) -> QuizGrade {
    let all = || {
        quizzes
            .iter()
            .flat_map(|quiz| quiz.questions.iter().map(move |q| (quiz, q)))
    };
    let max_score = u32::try_from(all().count()).unwrap_or(u32::MAX);
    let grade_of = |found: &BTreeMap<String, bool>| -> Vec<QuestionGrade> {
        all()
            .map(|(quiz, q)| QuestionGrade {
                quiz: quiz.id.clone(),
                id: q.id.clone(),
                answered: found.contains_key(&q.id),
                right: found.get(&q.id).copied().unwrap_or(false),
            })
            .collect()
    };
    let text = match read_file(submission, file) {
        Ok(text) => text,
        Err(why) => {
            return QuizGrade {
                score: 0,
                max_score,
                questions: grade_of(&BTreeMap::new()),
                problem: Some(why),
                line_problems: Vec::new(),
            };
        }
    };
    let mut found: BTreeMap<String, bool> = BTreeMap::new();
    let mut line_problems = Vec::new();
    for (line, entry) in entries(&text) {
        match grade_answers(file, &entry, quizzes, None, unclear) {
            Ok(graded) => {
                for g in graded {
                    if found.contains_key(&g.question.id) {
                        line_problems.push(format!(
                            "{}:{line}: `{}` is answered a second time; only the first answer counts",
                            file.display(),
                            g.question.id
                        ));
                        continue;
                    }
                    found.insert(g.question.id.clone(), g.answered && g.right);
                }
            }
            Err(problems) => {
                for p in problems {
                    line_problems.push(format!("{}:{line}: {}", file.display(), p.message));
                }
            }
        }
    }
    let questions = grade_of(&found);
    let right = questions.iter().filter(|q| q.right).count();
    QuizGrade {
        score: u32::try_from(right).unwrap_or(u32::MAX),
        max_score,
        questions,
        problem: None,
        line_problems,
    }
}

/// The file's entries with the line each starts on: one line each, or more
/// when a value spans lines (an array written over several). Blank lines
/// and comments are skipped.
fn entries(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            i += 1;
            continue;
        }
        // Take more lines only while the entry does not parse and the next
        // line does not start an entry of its own.
        let mut end = i + 1;
        let mut entry = lines[i].to_string();
        while toml::from_str::<toml::Table>(&entry).is_err()
            && end < lines.len()
            && !starts_entry(lines[end])
        {
            entry.push('\n');
            entry.push_str(lines[end]);
            end += 1;
        }
        if toml::from_str::<toml::Table>(&entry).is_err() {
            // Unreadable: reported on its first line alone.
            entry = lines[i].to_string();
            end = i + 1;
        }
        out.push((i + 1, entry));
        i = end;
    }
    out
}

fn starts_entry(line: &str) -> bool {
    let line = line.trim_start();
    let key: String = line
        .chars()
        .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '"' | '.'))
        .collect();
    !key.is_empty() && line[key.len()..].trim_start().starts_with('=')
}

#[cfg(test)]
mod tests {
    use super::entries;

    #[test]
    fn entries_are_lines_or_multi_line_values() {
        let text = "# answers\na = \"b\"\n\nb = [\n  \"a\",\n  \"c\",\n]\nc = oops\nd = true\n";
        let got = entries(text);
        let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [2, 4, 8, 9]);
        assert_eq!(got[1].1, "b = [\n  \"a\",\n  \"c\",\n]");
        assert_eq!(got[2].1, "c = oops");
    }
}
