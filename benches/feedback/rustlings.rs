//! The outside reference: rustlings 6.5's own edit-to-verdict cycle on its
//! `if1` exercise, measured on this machine in the same run.

use crate::course::repo;
use crate::measure::{median, timed_ok};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const VERSION: &str = "6.5.0";

/// Where the bench keeps its own tools (inside target/, never committed).
fn tools_root() -> PathBuf {
    repo().join("target").join("bench-tools")
}

fn binary() -> PathBuf {
    tools_root()
        .join("bin")
        .join(format!("rustlings{}", std::env::consts::EXE_SUFFIX))
}

/// The rustlings binary: found, installed (it takes minutes, once), or
/// `Err` with the reason the row is skipped.
pub fn find_or_install(may_install: bool) -> Result<PathBuf, String> {
    let rustlings = binary();
    if rustlings.is_file() {
        return Ok(rustlings);
    }
    if !may_install {
        return Err(format!(
            "rustlings {VERSION} is not installed; quick mode does not install it. Run the full \
             bench once, or: cargo install rustlings --version {VERSION} --root target/bench-tools"
        ));
    }
    println!("(installing rustlings {VERSION} into target/bench-tools: a few minutes, once)");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["install", "rustlings", "--version", VERSION, "--root"])
        .arg(tools_root())
        .status()
        .map_err(|e| format!("could not start cargo install: {e}"))?;
    if status.success() && rustlings.is_file() {
        Ok(rustlings)
    } else {
        Err(format!("cargo install rustlings failed ({status})"))
    }
}

/// The exercise solved in our own words, plus one constant that changes
/// every edit: the same kind of edit the learn cycle makes.
fn write_if1(file: &Path, generation: usize) {
    fs::write(
        file,
        format!(
            "fn bigger(a: i32, b: i32) -> i32 {{\n    if a >= b {{ a }} else {{ b }}\n}}\n\n\
             fn main() {{}}\n\n#[allow(dead_code)]\nconst BENCH_EDIT: u64 = {generation};\n\n\
             #[cfg(test)]\nmod tests {{\n    use super::*;\n\n    #[test]\n    fn picks_the_bigger() {{\n\
             \x20       assert_eq!(bigger(10, 8), 10);\n        assert_eq!(bigger(32, 42), 42);\n\
             \x20       assert_eq!(bigger(42, 42), 42);\n    }}\n}}\n"
        ),
    )
    .expect("write if1");
}

pub struct Cycle {
    pub edit_to_verdict: f64,
    pub recheck: f64,
}

/// `rustlings init` in `dir`, then `iterations` rounds of: edit if1, time
/// `rustlings run if1`, time it again with no change. One unrecorded round
/// first warms the build.
pub fn measure(rustlings: &Path, dir: &Path, iterations: usize) -> Cycle {
    fs::create_dir_all(dir).expect("create rustlings folder");
    let init = Command::new(rustlings)
        .arg("init")
        .current_dir(dir)
        .output()
        .expect("rustlings init starts");
    assert!(
        init.status.success(),
        "rustlings init failed: {}",
        String::from_utf8_lossy(&init.stderr)
    );
    let course = dir.join("rustlings");
    let file = course.join("exercises/03_if/if1.rs");
    let run = || {
        let mut command = Command::new(rustlings);
        command.args(["run", "if1"]).current_dir(&course);
        timed_ok(&mut command)
    };
    let (mut edits, mut rechecks) = (Vec::new(), Vec::new());
    for generation in 0..=iterations {
        write_if1(&file, generation);
        let edit = run();
        let recheck = run();
        if generation > 0 {
            edits.push(edit);
            rechecks.push(recheck);
        }
    }
    Cycle {
        edit_to_verdict: median(&edits),
        recheck: median(&rechecks),
    }
}
