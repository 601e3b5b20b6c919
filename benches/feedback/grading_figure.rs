//! The grading figure comes from the grading benchmark (benches/grading.rs),
//! which is run as it is, not re-implemented here.

use crate::course::repo;
use std::process::Command;

pub struct Grading {
    /// The grading bench's own summary line.
    pub summary: String,
    pub graded: f64,
    pub naive: f64,
}

/// Runs `cargo bench --bench grading -- <args>` and reads its median line:
/// `median: learn grade X s, naive Y s, ratio Z (goal: at most 0.4)`.
pub fn run(args: &[String]) -> Result<Grading, String> {
    if !repo().join("benches/grading.rs").is_file() {
        return Err("benches/grading.rs is not here".into());
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(repo())
        .args(["bench", "--quiet", "--bench", "grading", "--"])
        .args(args)
        .output()
        .map_err(|e| format!("could not start cargo bench: {e}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    for line in text.lines() {
        println!("    | {line}");
    }
    if !output.status.success() {
        return Err(format!(
            "the grading bench failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let summary = text
        .lines()
        .find(|l| l.starts_with("median:"))
        .ok_or("the grading bench printed no `median:` line")?
        .to_string();
    let seconds_after = |label: &str| {
        summary
            .split(label)
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.trim_end_matches(',').parse::<f64>().ok())
    };
    match (seconds_after("learn grade "), seconds_after("naive ")) {
        (Some(graded), Some(naive)) => Ok(Grading {
            summary,
            graded,
            naive,
        }),
        _ => Err(format!("cannot read the figures in: {summary}")),
    }
}
