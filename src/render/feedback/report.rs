//! The terminal report of `learn check`.

use super::process::process_note;
use super::unasked::with_unasked;
use super::{as_sent, problems_text, said_once};
use crate::content::text::tr;
use crate::content::{Exercise, Lang};
use crate::judge::{CheckResult, Outcome, Problem, ScenarioVerdict};
use crate::render::diff::json_diff;
use crate::render::pattern_words::in_words;
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
    let mut out = String::new();
    let header = match lang {
        Lang::En => format!(
            "Checking {} (exercise {}) · {} · seed {}",
            exercise.id, exercise.number, shown_file, seed
        ),
        Lang::Zh => format!(
            "检查 {}（练习 {}）· {} · 种子 {}",
            exercise.id, exercise.number, shown_file, seed
        ),
    };
    let _ = writeln!(out, "{}", header.bold());
    let scenarios = match result {
        CheckResult::BuildFailed { output } => {
            if !output.is_empty() {
                let _ = writeln!(out, "{}", output.trim_end());
            }
            let _ = writeln!(
                out,
                "{} {}",
                "✗".red().bold(),
                tr(
                    lang,
                    "It does not compile yet: fix the first error cargo reports (above), then check again.",
                    "代码还不能编译：先修正 cargo 报告的第一个错误（见上方），再检查一次。"
                )
            );
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
        let _ = writeln!(
            out,
            "{}",
            match lang {
                Lang::En => format!(
                    "Details above for the first {detailed} failing scenarios; `learn check {} --full` explains the other {more} too.",
                    exercise.id
                ),
                Lang::Zh => format!(
                    "上面只详细说明了前 {detailed} 个未通过的场景；`learn check {} --full` 会把其余 {more} 个也解释出来。",
                    exercise.id
                ),
            }
            .dimmed()
        );
    }
    let passed = scenarios.len() - failed;
    let summary = match lang {
        Lang::En => format!("{passed} of {} scenarios passed.", scenarios.len()),
        Lang::Zh => format!("{} 个场景中通过了 {passed} 个。", scenarios.len()),
    };
    if passed == scenarios.len() {
        let _ = writeln!(out, "{}", summary.green().bold());
    } else {
        let _ = writeln!(out, "{}", summary.red().bold());
        let _ = writeln!(
            out,
            "{}",
            match lang {
                Lang::En => format!(
                    "Stuck? `learn hint {}` · same values again: `learn check {} --seed {seed}`",
                    exercise.id, exercise.id
                ),
                Lang::Zh => format!(
                    "卡住了？`learn hint {}` · 用同样的值重跑：`learn check {} --seed {seed}`",
                    exercise.id, exercise.id
                ),
            }
        );
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
        let text = problems_text(problem, times, &sent, lang);
        for (i, line) in text.lines().enumerate() {
            let bullet = if i == 0 { "• " } else { "  " };
            let _ = writeln!(out, "{indent}{bullet}{line}");
        }
        if let Problem::WrongResponse {
            expected,
            shown,
            got,
            mismatches,
            ..
        } = problem
        {
            let shown = with_unasked(expected, shown, got, mismatches);
            let _ = writeln!(
                out,
                "{indent}  {}",
                tr(
                    lang,
                    "expected (-) versus got (+):",
                    "期望（-）与实际（+）："
                )
                .dimmed()
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
    let rule = match lang {
        Lang::En => format!("Rule ({}): {}", verdict.fact, verdict.rule.get(lang)),
        Lang::Zh => format!("规则（{}）：{}", verdict.fact, verdict.rule.get(lang)),
    };
    let _ = writeln!(out, "{indent}{}", rule.yellow());
    let _ = writeln!(
        out,
        "{indent}{}",
        match lang {
            Lang::En => format!("Read more: `learn read {section}`"),
            Lang::Zh => format!("复习：`learn read {section}`"),
        }
        .dimmed()
    );
    out
}
