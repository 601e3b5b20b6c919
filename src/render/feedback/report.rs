//! The terminal report of `learn check`.

use super::process::process_note;
use super::unasked::{unasked_as_context, with_unasked};
use super::{as_sent, problems_text, said_once};
use crate::content::{Exercise, Lang};
use crate::judge::{CheckResult, Outcome, Problem, Role, ScenarioVerdict};
use crate::render::diff::json_diff;
use crate::render::pattern_words::in_words;
use crate::words;
use colored::Colorize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Failing scenarios shown in full; the rest are listed by name.
const DETAILED: usize = 3;

/// The whole report of `learn check`.
/// `read_more` names, for each fact, the section to send a learner to; a
/// fact it lacks sends them to the exercise's own section.
pub fn check_report(
    exercise: &Exercise,
    shown_file: &str,
    result: &CheckResult,
    read_more: &BTreeMap<String, String>,
    seed: u64,
    full: bool,
    lang: Lang,
) -> String {
    let w = words::of(lang);
    let mut out = String::new();
    let header = w.checking(&exercise.id, exercise.number, shown_file, seed);
    let _ = writeln!(out, "{}", header.bold());
    let scenarios = match result {
        CheckResult::BuildFailed { output } => {
            if !output.is_empty() {
                let _ = writeln!(out, "{}", output.trim_end());
            }
            let _ = writeln!(out, "{} {}", "✗".red().bold(), w.does_not_compile());
            return out;
        }
        CheckResult::Ran { scenarios } => scenarios,
    };
    let mut detailed = 0;
    for verdict in scenarios {
        match verdict.outcome() {
            Outcome::Passed => {
                let _ = writeln!(out, "  {} {}", "✓".green(), verdict.title.get(lang));
            }
            Outcome::Failed => {
                let _ = writeln!(
                    out,
                    "  {} {} {}",
                    "✗".red().bold(),
                    verdict.title.get(lang).bold(),
                    format!("[{}]", verdict.fact).dimmed()
                );
                if full || detailed < DETAILED {
                    detailed += 1;
                    let section = read_more.get(&verdict.fact).unwrap_or(&exercise.section);
                    out.push_str(&scenario_details(verdict, section, lang, "      "));
                }
            }
        }
    }
    let failed = scenarios
        .iter()
        .filter(|s| s.outcome() == Outcome::Failed)
        .count();
    if failed > detailed {
        let more = failed - detailed;
        let details = w.details_above(detailed, &exercise.id, more);
        let _ = writeln!(out, "{}", details.dimmed());
    }
    let passed = scenarios.len() - failed;
    let summary = w.scenarios_passed(passed, scenarios.len());
    if passed == scenarios.len() {
        let _ = writeln!(out, "{}", summary.green().bold());
    } else {
        let _ = writeln!(out, "{}", summary.red().bold());
        let _ = writeln!(out, "{}", w.stuck(&exercise.id, seed));
    }
    out
}

/// Everything about one failing scenario, indented.
pub(super) fn scenario_details(
    verdict: &ScenarioVerdict,
    section: &str,
    lang: Lang,
    indent: &str,
) -> String {
    let mut out = String::new();
    let sent: Vec<&String> = verdict.runs.iter().flat_map(|r| &r.sent).collect();
    let problems = as_sent(verdict);
    for (problem, times) in said_once(&problems) {
        let text = problems_text(problem, times, &sent, verdict.role, lang);
        for (i, line) in text.lines().enumerate() {
            let bullet = if i == 0 { "• " } else { "  " };
            let _ = writeln!(out, "{indent}{bullet}{line}");
        }
        let diffed = match problem {
            Problem::WrongResponse {
                expected,
                shown,
                got,
                mismatches,
                ..
            } => Some((expected, shown, got, mismatches)),
            Problem::BrokeEveryRule(breach) => Some((
                &breach.expected,
                &breach.shown,
                &breach.message,
                &breach.mismatches,
            )),
            _ => None,
        };
        if let Some((expected, shown, got, mismatches)) = diffed {
            let shown = with_unasked(expected, shown, got, mismatches);
            // A client's other members are right, only not asked about: shown
            // unmarked. Beside a server's missing member they are what came
            // instead, and stay marked.
            let context;
            let expected = if verdict.role == Role::SpeaksFirst {
                context = unasked_as_context(expected, &shown);
                &context
            } else {
                expected
            };
            let _ = writeln!(
                out,
                "{indent}  {}",
                words::of(lang).expected_versus_got().dimmed()
            );
            out.push_str(&json_diff(
                &in_words(expected, lang),
                &in_words(&shown, lang),
                &format!("{indent}  "),
            ));
        }
    }
    if let Some(note) = process_note(verdict, lang) {
        for line in note.lines() {
            let _ = writeln!(out, "{indent}{}", line.dimmed());
        }
    }
    let w = words::of(lang);
    let rule = w.rule(&verdict.fact, verdict.rule.get(lang));
    let _ = writeln!(out, "{indent}{}", rule.yellow());
    let _ = writeln!(out, "{indent}{}", w.read_more(section).dimmed());
    out
}
