//! The official MCP Python SDK as a referee: as a real client, it drives a
//! server exercise over stdio through the lesson's steps (`interop.toml`).
//!
//! This module fills in the steps' `${vars}` for each connection (the plan)
//! and hands them to the driver, which knows no lesson. The driver script
//! is part of the program (handed to Python with `-c`), so nothing outside
//! the course is needed but Python and the SDK. What the driver reports
//! comes back as typed [`Event`]s, one per step as it ends.

use crate::content::interop::Interop;
use crate::content::template::{SeededRng, bind};
use crate::runner::Program;
use anyhow::{Context, Result};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// The driver; tests/it/interop.rs runs the same file.
const DRIVER: &str = include_str!("driver.py");

/// The SDK release these steps were written against, as pinned in
/// `conformance/versions.env` (which `.ci/setup` installs).
pub fn sdk_version() -> String {
    super::pins().sdk
}

/// Where the course keeps its own virtual environment for the SDK.
pub const VENV: &str = "target/interop-venv";

/// The SDK's connection modes, one connection each: `auto` probes
/// `server/discover` first; a version string adopts that version outright.
const MODES: [&str; 2] = ["auto", "2026-07-28"];

/// The mode that discovers the version first (the others pin one).
pub const DISCOVER: &str = "auto";

/// What the driver runs: for each mode, the lesson's steps with their
/// `${vars}` drawn from `seed` (a connection's own draws, so no server can
/// know them in advance).
pub fn plan(interop: &Interop, seed: u64) -> Value {
    let mut rng = SeededRng::new(seed);
    let connections: Vec<Value> = MODES
        .iter()
        .map(|mode| {
            let bindings = bind(&interop.vars, &mut rng);
            let steps: Vec<Value> = interop.steps.iter().map(|s| s.filled(&bindings)).collect();
            serde_json::json!({ "mode": mode, "steps": steps })
        })
        .collect();
    Value::Array(connections)
}

/// `given` (`--python` or `LEARN_PYTHON`), else the course's own venv under
/// `root`, else `python3`.
pub fn find_python(root: &Path, given: Option<&Path>) -> PathBuf {
    if let Some(path) = given {
        return path.to_path_buf();
    }
    let venv = root.join(VENV);
    let inside = if cfg!(windows) {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    };
    if inside.exists() {
        return inside;
    }
    PathBuf::from(if cfg!(windows) { "python" } else { "python3" })
}

/// Why the SDK cannot be used.
#[derive(Debug)]
pub enum Unusable {
    /// The Python could not be started (the error).
    NoPython(String),
    /// Python runs, and the SDK is not there: what the driver said, if it
    /// said anything, and how Python ended.
    NoSdk {
        detail: Option<String>,
        status: ExitStatus,
    },
}

/// The SDK version the driver finds through `python`.
pub fn probe(python: &Path) -> Result<String, Unusable> {
    let output = Command::new(python)
        .args(["-c", DRIVER, "--probe"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|error| Unusable::NoPython(error.to_string()))?;
    let first: Value = String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| serde_json::from_str(line).ok())
        .unwrap_or(Value::Null);
    if let Some(version) = first["sdk"].as_str() {
        return Ok(version.to_string());
    }
    Err(Unusable::NoSdk {
        detail: first["detail"].as_str().map(str::to_string),
        status: output.status,
    })
}

/// How one step ended, as the SDK saw it.
#[derive(Debug, PartialEq, Eq)]
pub enum StepEnd {
    /// Passed: what the SDK saw.
    Passed(String),
    /// Not tried (an earlier step of the connection failed).
    NotTried,
    /// Failed: what the SDK saw.
    Failed(String),
}

/// What the driver reported, one line at a time.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// A step of a connection ended (`step` is the lesson's step id, or
    /// the driver's own `connect`).
    Step {
        mode: String,
        step: String,
        end: StepEnd,
    },
    /// A line that is no report (Python's own output), to pass on as is.
    Other(String),
}

/// One line of the driver's output, or `None` for a report of no step.
fn event(line: String) -> Option<Event> {
    let Ok(report) = serde_json::from_str::<Value>(&line) else {
        return Some(Event::Other(line));
    };
    let (Some(mode), Some(step)) = (report["mode"].as_str(), report["step"].as_str()) else {
        return None;
    };
    let saw = report["saw"].as_str().unwrap_or_default().to_string();
    let end = if report["passed"] == true {
        StepEnd::Passed(saw)
    } else if report["tried"] == false {
        StepEnd::NotTried
    } else {
        StepEnd::Failed(saw)
    };
    Some(Event::Step {
        mode: mode.to_string(),
        step: step.to_string(),
        end,
    })
}

/// Runs the driver with `plan` against `program`, handing each event to
/// `seen` as it comes; the driver's exit status (a success when it said
/// every step passed).
pub fn drive(
    python: &Path,
    program: &Program,
    timeout: Duration,
    plan: &Value,
    seen: &mut dyn FnMut(Event) -> Result<()>,
) -> Result<ExitStatus> {
    let mut command = Command::new(python);
    command
        .args([
            "-c",
            DRIVER,
            "--timeout",
            &timeout.as_secs_f64().to_string(),
        ])
        .arg("--plan")
        .arg(plan.to_string())
        .arg("--cwd")
        .arg(&program.cwd)
        .arg("--")
        .args(&program.argv)
        .stdin(Stdio::null())
        .stdout(Stdio::piped());
    let mut child = command
        .spawn()
        .with_context(|| format!("cannot start {}", python.display()))?;
    let stdout = child.stdout.take().context("the driver's output")?;
    for line in BufReader::new(stdout).lines() {
        let line = line.context("reading the driver's output")?;
        if let Some(event) = event(line) {
            seen(event)?;
        }
    }
    child.wait().context("waiting for the driver")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::interop::InteropStep;
    use crate::content::template::{Generator, VarSpec};

    #[test]
    fn the_plan_fills_each_connections_own_draws_and_no_words() {
        let step: InteropStep = toml::from_str(
            "id = \"add\"\ntitle = { en = \"t\", zh = \"t\" }\nneeded = { en = \"n\", zh = \"n\" }\ncall = \"add\"\narguments = { a = \"${a}\" }\nresult = \"ok\"\ntext_number = \"${a}\"\n",
        )
        .expect("a step");
        let interop = Interop {
            file: "interop.toml".into(),
            exercise: "capstone".into(),
            vars: [(
                "a".to_string(),
                VarSpec::Random {
                    random: Generator::Int,
                },
            )]
            .into(),
            steps: vec![step],
        };
        let plan = plan(&interop, 7);
        assert_eq!(plan.as_array().map(Vec::len), Some(MODES.len()));
        let drawn: Vec<&Value> = MODES
            .iter()
            .enumerate()
            .map(|(i, mode)| {
                assert_eq!(plan[i]["mode"], *mode);
                let step = &plan[i]["steps"][0];
                assert_eq!(step["text_number"], step["arguments"]["a"]);
                assert!(step.get("title").is_none() && step.get("needed").is_none());
                &step["arguments"]["a"]
            })
            .collect();
        assert!(drawn[0].is_u64() && drawn[0] != drawn[1], "{drawn:?}");
        assert_eq!(
            plan,
            super::plan(&interop, 7),
            "the same seed, the same plan"
        );
    }

    #[test]
    fn the_drivers_lines_read_as_events() {
        let step = |line: &str| event(line.to_string());
        assert_eq!(
            step(r#"{"mode": "auto", "step": "add", "passed": true, "saw": "3"}"#),
            Some(Event::Step {
                mode: "auto".into(),
                step: "add".into(),
                end: StepEnd::Passed("3".into())
            })
        );
        assert!(matches!(
            step(r#"{"mode": "auto", "step": "add", "passed": false, "tried": false}"#),
            Some(Event::Step {
                end: StepEnd::NotTried,
                ..
            })
        ));
        assert!(matches!(
            step(r#"{"mode": "auto", "step": "add", "passed": false, "saw": "x"}"#),
            Some(Event::Step { end: StepEnd::Failed(saw), .. }) if saw == "x"
        ));
        assert_eq!(step(r#"{"sdk": "2.3.0"}"#), None);
        assert_eq!(step("Traceback"), Some(Event::Other("Traceback".into())));
    }
}
