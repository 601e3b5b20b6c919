//! The official MCP conformance suite (npm `@modelcontextprotocol/conformance`,
//! pinned) as a referee: it judges a server served over Streamable HTTP by
//! `serve`'s bridge, or a client it starts itself, and its checks come back
//! as [`Scenario`]s held against the lesson's expected failures.
//!
//! `install` finds or installs Node and the suite, `results` reads the
//! suite's result folders and the baseline; this file runs it.

mod install;
pub mod results;

pub use install::{HOME, Installed, Missing, install, locate};
pub use results::{Baseline, Scenario, Side, Verdict};

use crate::content::Course;
use crate::content::load::read_expected_failures;
use crate::runner::Program;
use crate::serve::{Allowed, Bridge, Options};
use anyhow::{Context, Result, anyhow, bail};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The revision whose frozen requirements are run.
const REVISION: &str = "2026-07-28";

/// What the suite judges and how it reaches it.
pub enum Subject {
    /// A server program, served over Streamable HTTP on a free local port.
    Server(Program),
    /// A client, started by the suite from this command line (it splits it
    /// at spaces and adds its scenario server's URL).
    Client(String),
}

/// One judging: which scenarios (the revision's requirements when none)
/// and the baseline.
pub struct Run<'a> {
    pub only: &'a [String],
    pub baseline: &'a Baseline,
    /// Whether the suite is given the baseline too (then its exit code
    /// follows it).
    pub give_baseline: bool,
}

/// What the suite came back with.
pub struct Judged {
    /// What it reached the program by: a URL, or a command line.
    pub reached: String,
    /// The scenarios read back, the baseline's expected failures marked.
    pub scenarios: Vec<Scenario>,
    /// The suite's own verdict.
    pub suite_ok: bool,
}

/// Whether a baseline entry that no longer fails fails the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaleEntries {
    Fail,
    /// Shown, and the run still passes.
    Note,
}

impl Judged {
    /// The failed checks the baseline does not expect, as `scenario:check`.
    pub fn unexpected(&self) -> Vec<String> {
        self.scenarios
            .iter()
            .flat_map(|s| {
                s.checks
                    .iter()
                    .filter(|c| c.verdict.failed() && !c.expected)
                    .map(move |c| format!("{}:{}", s.name, c.id))
            })
            .collect()
    }

    /// Whether the run passes, given its unexpected failures and the stale
    /// entries of its baseline.
    pub fn passed(
        &self,
        unexpected: &[String],
        stale: &[String],
        stale_entries: StaleEntries,
    ) -> bool {
        // The suite's own verdict also fails a stale entry, which is then
        // already counted here.
        unexpected.is_empty()
            && (self.suite_ok || !stale.is_empty())
            && (stale.is_empty() || stale_entries == StaleEntries::Note)
    }
}

/// Runs the suite on `subject` as `run` says, under the course folder
/// `root`; `section` names the lesson section that teaches a check.
pub fn judge(
    root: &Path,
    installed: &Installed,
    subject: Subject,
    run: &Run,
    section: impl Fn(&str) -> Option<String>,
) -> Result<Judged> {
    match subject {
        Subject::Server(program) => {
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
            let url = bridge.url().to_string();
            let args = ["server".to_string(), "--url".to_string(), url.clone()];
            let (scenarios, suite_ok) =
                run_and_read(root, installed, &args, Side::Server, run, section)?;
            Ok(Judged {
                reached: url,
                scenarios,
                suite_ok,
            })
        }
        Subject::Client(command) => {
            let args = [
                "client".to_string(),
                "--command".to_string(),
                command.clone(),
            ];
            let (scenarios, suite_ok) =
                run_and_read(root, installed, &args, Side::Client, run, section)?;
            Ok(Judged {
                reached: command,
                scenarios,
                suite_ok,
            })
        }
    }
}

/// Runs the suite with `subject` (`server --url ...` or `client --command
/// ...`) and reads its results back: the scenarios and its own verdict.
fn run_and_read(
    root: &Path,
    installed: &Installed,
    subject: &[String],
    side: Side,
    run: &Run,
    section: impl Fn(&str) -> Option<String>,
) -> Result<(Vec<Scenario>, bool)> {
    let home = root.join(HOME);
    let suite_baseline = home.join(format!("expected-failures-{}.yaml", std::process::id()));
    if run.give_baseline {
        std::fs::write(&suite_baseline, run.baseline.to_yaml(side))
            .with_context(|| format!("cannot write {}", suite_baseline.display()))?;
    }
    let out = home.join(format!("results-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let runs = run_suite(
        installed,
        subject,
        run.only,
        run.give_baseline.then_some(suite_baseline.as_path()),
        &out,
    );
    let scenarios = results::read(&out, side, run.baseline, section);
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_file(&suite_baseline);
    Ok((scenarios, runs?))
}

/// The expected failures of the exercise (the `conformance.toml` of the
/// lesson whose `[server]` names it), or the file `given` (the suite's
/// YAML, or a lesson's `conformance.toml`): the same whatever program runs,
/// the learner's file, the reference or `--cmd`. With the file it came
/// from, when there is one.
pub fn baseline(
    course: &Course,
    exercise: &str,
    given: Option<PathBuf>,
    side: Side,
) -> Result<(Option<PathBuf>, Baseline)> {
    let Some(path) = given else {
        return Ok(match course.conformance_of(exercise) {
            Some(conformance) => (
                Some(conformance.file.clone()),
                Baseline::from_entries(conformance.entries()),
            ),
            None => (None, Baseline::default()),
        });
    };
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
    installed: &Installed,
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
