//! How the program ended, and what it said on stderr.

use super::WIDTH;
use crate::content::Lang;
use crate::judge::ScenarioVerdict;
use crate::render::style::{clip, visible};
use crate::runner::transcript::ProcessEnd;
use crate::words;

/// How the program ended, in words.
pub(super) fn ended_words(end: &ProcessEnd, lang: Lang) -> String {
    let w = words::of(lang);
    match end {
        ProcessEnd::Exited(code) => w.exited_with(*code),
        ProcessEnd::Signaled(signal) => w.killed_by_signal(*signal, signal_name(*signal)),
        ProcessEnd::StoppedByChecker => w.stopped_by_checker().into(),
        ProcessEnd::NotStarted(error) => error.clone(),
    }
}

/// What the program said on stderr, when it ended badly: usually the reason.
pub(super) fn process_note(verdict: &ScenarioVerdict, lang: Lang) -> Option<String> {
    let run = verdict
        .runs
        .iter()
        .find(|r| !matches!(r.end, ProcessEnd::Exited(0)) || r.limit.is_some())?;
    let lines: Vec<&str> = run
        .stderr_tail
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    if lines.is_empty() || matches!(run.end, ProcessEnd::NotStarted(_)) {
        return None;
    }
    if run.stderr_bytes > 1 << 20 {
        let megabytes = run.stderr_bytes >> 20;
        return Some(words::of(lang).stderr_flood(megabytes));
    }
    // A Rust panic says where and why in its first two lines; a backtrace
    // after them would bury that.
    let last = match lines.iter().position(|l| l.contains("panicked at")) {
        Some(start) => &lines[start..(start + 2).min(lines.len())],
        None => &lines[lines.len().saturating_sub(6)..],
    };
    let label = words::of(lang).stderr_end();
    Some(format!(
        "{label}\n{}",
        last.iter()
            .map(|l| format!("  | {}", clip(&visible(l), WIDTH)))
            .collect::<Vec<_>>()
            .join("\n")
    ))
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        6 => " (SIGABRT)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        15 => " (SIGTERM)",
        _ => "",
    }
}
