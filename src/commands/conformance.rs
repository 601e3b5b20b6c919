//! `learn conformance`: the official MCP conformance suite (npm
//! `@modelcontextprotocol/conformance`, pinned) judges a server exercise,
//! served over Streamable HTTP by `learn serve`'s bridge, or with `--client`
//! a client exercise (`client.rs`), and each check is shown with its
//! verdict and the lesson section that teaches its rule.

mod client;
mod results;
pub mod suite;

use super::{Ctx, Status};
use crate::check::Target;
use crate::content::Lang;
use crate::content::load::read_expected_failures;
use crate::serve::{Allowed, Bridge, Options};
use anyhow::{Context, Result, anyhow, bail};
use colored::Colorize;
use results::{Baseline, Scenario, Side, Verdict};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The revision whose frozen requirements are run.
const REVISION: &str = "2026-07-28";

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
    let target = args.target.clone();
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
        Side::Client => client::exercise(ctx, args.id.as_deref(), &target)?,
    };
    let (baseline_file, baseline) = load_baseline(ctx, &exercise.id, args, side)?;
    // The reference and a baseline given by hand must stay true to each
    // other; a learner's server that does more than the exercise asks is not
    // wrong for it.
    let stale_entries = if matches!(target, Target::Solution) || args.expected_failures.is_some() {
        StaleEntries::Fail
    } else {
        StaleEntries::Note
    };
    let judged = judge_exercise(
        ctx,
        (side, exercise, &target),
        &installed,
        &args.scenarios,
        (&baseline, baseline_file.is_some()),
    )?;
    let Some((url, scenarios, suite_ok)) = judged else {
        return Ok(Status::Failed);
    };
    if scenarios.is_empty() {
        bail!("{}", crate::words::of(ctx.lang).suite_no_results());
    }
    let unexpected: Vec<String> = scenarios
        .iter()
        .flat_map(|s| {
            s.checks
                .iter()
                .filter(|c| c.verdict.failed() && !c.expected)
                .map(move |c| format!("{}:{}", s.name, c.id))
        })
        .collect();
    let stale = baseline.stale(&scenarios);
    // The suite's own verdict also fails a stale entry, which is then
    // already counted here.
    let passed = unexpected.is_empty()
        && (suite_ok || !stale.is_empty())
        && (stale.is_empty() || stale_entries == StaleEntries::Note);
    let shown = ctx.shown_target(exercise, &target);
    let pins = suite::pins();
    if args.json {
        let report = serde_json::json!({
            "suite": pins.suite,
            "node": pins.node,
            "target": shown,
            "side": side.key(),
            // A server is reached at a URL; a client is a command the suite starts.
            if side == Side::Server { "url" } else { "command" }: url,
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
        print_report(ctx.lang, &pins, &shown, &scenarios, &outcome)?;
    }
    Ok(if passed {
        Status::Success
    } else {
        Status::Failed
    })
}

/// Builds the exercise's program and runs the suite on it, a server behind
/// the bridge or a client the suite starts: what it was reached by (a URL
/// or a command), the scenarios read back and the suite's verdict. `None`
/// when the program does not build.
fn judge_exercise(
    ctx: &Ctx,
    (side, exercise, target): (Side, &crate::content::Exercise, &Target),
    installed: &suite::Installed,
    only: &[String],
    (baseline, give_baseline): (&Baseline, bool),
) -> Result<Option<(String, Vec<Scenario>, bool)>> {
    Ok(Some(match side {
        Side::Server => {
            let Some(program) =
                super::serve::program_for(ctx, Some(&exercise.id), target, "conformance")?
            else {
                return Ok(None);
            };
            serve_and_judge(ctx, program, installed, only, baseline, give_baseline)?
        }
        Side::Client => {
            let Some(command) = client::command_line(ctx, exercise, target)? else {
                return Ok(None);
            };
            let subject = [
                "client".to_string(),
                "--command".to_string(),
                command.clone(),
            ];
            let run = Run {
                subject: &subject,
                side,
                only,
                baseline,
                give_baseline,
            };
            let (scenarios, suite_ok) = judge(ctx, installed, &run)?;
            (command, scenarios, suite_ok)
        }
    }))
}

/// `--install`: the pinned Node and suite under target/conformance.
fn install(ctx: &Ctx) -> Result<Status> {
    suite::install(&ctx.project.root)?;
    let pins = suite::pins();
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

/// Serves `program` over Streamable HTTP and runs the suite against it
/// (given `baseline` too when `give_baseline`): the bridge's URL, the
/// scenarios read back (`baseline` marks the expected failures) and the
/// suite's own verdict.
fn serve_and_judge(
    ctx: &Ctx,
    program: crate::runner::Program,
    installed: &suite::Installed,
    only: &[String],
    baseline: &Baseline,
    give_baseline: bool,
) -> Result<(String, Vec<Scenario>, bool)> {
    let bridge = Bridge::bind(
        program,
        Options {
            addr: "127.0.0.1:0".into(),
            timeout: Duration::from_secs(10),
            max_body: 1 << 20,
            allowed: Allowed::default(),
            log: false,
        },
    )?;
    bridge.spawn();
    let url = bridge.url();
    let subject = ["server".to_string(), "--url".to_string(), url.to_string()];
    let run = Run {
        subject: &subject,
        side: Side::Server,
        only,
        baseline,
        give_baseline,
    };
    let (scenarios, suite_ok) = judge(ctx, installed, &run)?;
    Ok((url.to_string(), scenarios, suite_ok))
}

/// One run of the suite: what it judges (`server --url ...` or `client
/// --command ...`), which scenarios, and the baseline.
struct Run<'a> {
    subject: &'a [String],
    side: Side,
    only: &'a [String],
    baseline: &'a Baseline,
    /// Whether the suite is given the baseline too (then its exit code
    /// follows it).
    give_baseline: bool,
}

/// Runs the suite as `run` says and reads its results back: the scenarios
/// (`baseline` marks the expected failures) and the suite's own verdict.
fn judge(ctx: &Ctx, installed: &suite::Installed, run: &Run) -> Result<(Vec<Scenario>, bool)> {
    let home = ctx.project.root.join(suite::HOME);
    let suite_baseline = home.join(format!("expected-failures-{}.yaml", std::process::id()));
    if run.give_baseline {
        std::fs::write(&suite_baseline, run.baseline.to_yaml(run.side))
            .with_context(|| format!("cannot write {}", suite_baseline.display()))?;
    }
    let out = home.join(format!("results-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let runs = run_suite(
        installed,
        run.subject,
        run.only,
        run.give_baseline.then_some(suite_baseline.as_path()),
        &out,
    );
    let scenarios = results::read(&out, run.side, run.baseline, |check| {
        ctx.course.conformance_section(check)
    });
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_file(&suite_baseline);
    Ok((scenarios, runs?))
}

/// Whether a baseline entry that no longer fails fails the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StaleEntries {
    Fail,
    /// Shown, and the run still passes.
    Note,
}

/// The expected failures of the exercise (the `conformance.toml` of the
/// lesson whose `[server]` names it), or the file given with
/// `--expected-failures` (the suite's YAML, or a lesson's
/// `conformance.toml`): the same whatever program runs, the learner's file,
/// the reference or `--cmd`.
fn load_baseline(
    ctx: &Ctx,
    exercise: &str,
    args: &ConformanceRequest,
    side: Side,
) -> Result<(Option<PathBuf>, Baseline)> {
    let Some(path) = &args.expected_failures else {
        return Ok(match ctx.course.conformance_of(exercise) {
            Some(conformance) => (
                Some(conformance.file.clone()),
                Baseline::from_entries(conformance.entries()),
            ),
            None => (None, Baseline::default()),
        });
    };
    let path = ctx.cwd.join(path);
    let baseline = if path.extension().is_some_and(|e| e == "toml") {
        Baseline::from_entries(read_expected_failures(&path)?.iter().map(String::as_str))
    } else {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Baseline::parse(&text, side).map_err(|e| anyhow!("{}: {e}", path.display()))?
    };
    Ok((Some(path), baseline))
}

/// Runs the suite once (the revision's requirements) or once per named
/// scenario. `Ok(true)` when every run said the results were acceptable.
fn run_suite(
    installed: &suite::Installed,
    subject: &[String],
    scenarios: &[String],
    baseline: Option<&Path>,
    out: &Path,
) -> Result<bool> {
    let mut runs: Vec<Vec<String>> = Vec::new();
    if scenarios.is_empty() {
        runs.push(vec!["--requirements".into(), REVISION.into()]);
    }
    for name in scenarios {
        runs.push(vec![
            "--scenario".into(),
            name.clone(),
            "--spec-version".into(),
            REVISION.into(),
        ]);
    }
    let mut all_ok = true;
    for extra in runs {
        let mut command = Command::new(&installed.node);
        command
            .arg(&installed.entry)
            .args(subject)
            .args(&extra)
            .arg("-o")
            .arg(out)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null());
        if let Some(path) = baseline {
            command.arg("--expected-failures").arg(path);
        }
        let output = command
            .output()
            .with_context(|| format!("cannot start {}", installed.node.display()))?;
        match output.status.code() {
            Some(0) => {}
            Some(1) => all_ok = false,
            _ => {
                let said = String::from_utf8_lossy(&output.stderr);
                let said = said.trim();
                let tail: String = said
                    .chars()
                    .skip(said.chars().count().saturating_sub(2000))
                    .collect();
                bail!("the conformance suite stopped ({}): {tail}", output.status);
            }
        }
    }
    Ok(all_ok)
}

fn not_installed(lang: Lang, missing: &suite::Missing) -> anyhow::Error {
    let (what, why) = match missing {
        suite::Missing::Node(why) => ("Node.js 22 or newer", why),
        suite::Missing::Suite(why) => ("the official MCP conformance suite", why),
    };
    let steps = suite::install_steps();
    anyhow!(crate::words::of(lang).suite_missing(what, &why.to_string(), &steps.to_string()))
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
    pins: &suite::Pins,
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
