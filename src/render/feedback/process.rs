//! How the program ended, and what it said on stderr.

use super::WIDTH;
use crate::content::Lang;
use crate::content::text::tr;
use crate::judge::ScenarioVerdict;
use crate::render::style::clip;
use crate::runner::transcript::ProcessEnd;

/// How the program ended, in words.
pub(super) fn ended_words(end: &ProcessEnd, lang: Lang) -> String {
    match (end, lang) {
        (ProcessEnd::Exited(code), Lang::En) => format!("exited with code {code}"),
        (ProcessEnd::Exited(code), Lang::Zh) => format!("以退出码 {code} 结束"),
        (ProcessEnd::Signaled(signal), Lang::En) => {
            format!("was killed by signal {signal}{}", signal_name(*signal))
        }
        (ProcessEnd::Signaled(signal), Lang::Zh) => {
            format!("被信号 {signal}{} 终止", signal_name(*signal))
        }
        (ProcessEnd::StoppedByChecker, Lang::En) => {
            "was still running, so the checker stopped it".into()
        }
        (ProcessEnd::StoppedByChecker, Lang::Zh) => "仍在运行，被检查器停止".into(),
        (ProcessEnd::NotStarted(error), _) => error.clone(),
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
        return Some(match lang {
            Lang::En => {
                format!("It wrote {megabytes} MB to stderr (only the last lines are kept).")
            }
            Lang::Zh => format!("它向 stderr 写了 {megabytes} MB（只保留最后几行）。"),
        });
    }
    // A Rust panic says where and why in its first two lines; a backtrace
    // after them would bury that.
    let last = match lines.iter().position(|l| l.contains("panicked at")) {
        Some(start) => &lines[start..(start + 2).min(lines.len())],
        None => &lines[lines.len().saturating_sub(6)..],
    };
    let label = tr(lang, "The end of its stderr:", "它在 stderr 上最后写的是：");
    Some(format!(
        "{label}\n{}",
        last.iter()
            .map(|l| format!("  | {}", clip(l, WIDTH)))
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
