//! Verdicts as text a beginner can act on: what was sent, what was expected
//! versus what came back, the rule broken and where to read about it.
//!
//! `report` is the terminal report of `learn check`, `problems` the table of
//! messages (English and Chinese) for each problem, `process` how a program
//! ended, and `json` the `--json` form.

mod as_written;
mod forged;
mod json;
mod mismatch;
mod notified;
mod problems;
mod process;
mod report;
mod unasked;

pub use json::{JsonMessages, check_json};
pub use problems::problem_text;
pub use report::check_report;

use crate::content::Lang;
use crate::judge::{Problem, Role, ScenarioVerdict};
use process::process_note;

const WIDTH: usize = 150;

/// The problems of a scenario as plain text (for `--json` and reports),
/// each diagnosis before the step it happened at: these are cut to a
/// bounded length, and a long line sent at that step must not push the
/// diagnosis past the cut.
pub fn plain_problems(verdict: &ScenarioVerdict, lang: Lang) -> String {
    let sent: Vec<&String> = verdict.runs.iter().flat_map(|r| &r.sent).collect();
    let problems = as_sent(verdict);
    let mut parts: Vec<String> = said_once(&problems)
        .into_iter()
        .map(|(p, times)| {
            let text = problems_text(p, times, &sent, verdict.role, lang);
            diagnosis_first(p, text, &sent, verdict.role, lang)
        })
        .collect();
    if !parts.is_empty() {
        parts.extend(process_note(verdict, lang));
        parts.push(crate::words::of(lang).rule(&verdict.fact, verdict.rule.get(lang)));
    }
    // For JSON and reports: the diff's styles are no text.
    crate::render::style::plain(&parts.join("\n"))
}

/// `text` (a problem in words) with the line of the step it happened at,
/// where it starts with one, moved after the diagnosis.
fn diagnosis_first(
    problem: &Problem,
    text: String,
    sent: &[&String],
    role: Role,
    lang: Lang,
) -> String {
    let step = match problem {
        Problem::WrongResponse { step, .. } | Problem::MissingResponse { step, .. } => *step,
        _ => return text,
    };
    let context = match role {
        Role::SpeaksFirst => problems::client_step_line(step, sent, lang),
        Role::Answers => problems::step_line(step, sent, lang),
    };
    match text.strip_prefix(&context) {
        Some(diagnosis) if !diagnosis.trim().is_empty() => {
            format!("{}\n{context}", diagnosis.trim_start_matches('\n'))
        }
        _ => text,
    }
}

/// The problems of a scenario with what the program sent in them as it
/// wrote it (its own text for numbers, see `as_written`).
fn as_sent(verdict: &ScenarioVerdict) -> Vec<Problem> {
    let numbers = as_written::NumberTexts::of_lines(verdict.runs.iter().flat_map(|r| &r.received));
    verdict
        .problems
        .iter()
        .map(|p| numbers.problem(p))
        .collect()
}

/// Each problem with how many times it happened, a repeat left out: a
/// scenario that starts its program afresh for a step sees the same crash
/// once per start, and one line says it.
fn said_once(problems: &[Problem]) -> Vec<(&Problem, usize)> {
    let mut said: Vec<(&Problem, usize)> = Vec::new();
    for problem in problems {
        let earlier = match problem {
            Problem::Crashed { .. } => said.iter_mut().find(|(p, _)| *p == problem),
            _ => None,
        };
        match earlier {
            Some((_, times)) => *times += 1,
            None => said.push((problem, 1)),
        }
    }
    said
}

/// A problem in words, a crash with how often it happened.
fn problems_text(
    problem: &Problem,
    times: usize,
    sent: &[&String],
    role: Role,
    lang: Lang,
) -> String {
    match (problem, role) {
        (Problem::Crashed { end }, Role::Answers) => problems::crashed(end, times, lang),
        _ => problem_text(problem, sent, role, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::transcript::ProcessEnd;

    #[test]
    fn the_same_crash_in_each_fresh_start_is_said_once() {
        let crash = |code| Problem::Crashed {
            end: ProcessEnd::Exited(code),
        };
        let problems = [
            crash(101),
            Problem::Repeated { more: 2 },
            crash(101),
            crash(2),
        ];
        let said: Vec<(Problem, usize)> = said_once(&problems)
            .into_iter()
            .map(|(p, times)| (p.clone(), times))
            .collect();
        assert_eq!(
            said,
            vec![
                (crash(101), 2),
                (Problem::Repeated { more: 2 }, 1),
                (crash(2), 1)
            ]
        );
        assert_eq!(
            problems_text(&crash(101), 2, &[], Role::Answers, Lang::En),
            "The program exited with code 101, each of the 2 times it was started. A stdio program keeps running until its input ends, then exits with code 0; a crash proves nothing about what it would have answered."
        );
    }
}
