//! A program that prints in a loop: the verdict stays under 64 KB, in text
//! and in JSON, and the checker's peak memory under 100 MB.

use crate::common::*;
use std::io::Read;
use std::process::Stdio;
use std::time::Duration;

const FLOODS: [(&str, &str); 3] = [
    (
        "JSON lines",
        r#"sh -c "yes '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}'""#,
    ),
    ("non-JSON lines", "yes not-json"),
    ("random bytes", "head -c 2000000 /dev/urandom"),
];

/// The high-water mark of a process's resident memory, in kB.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// Runs `learn check`, returning its output size and peak memory in kB.
fn check(exercise: &str, program: &str, json: bool) -> (usize, u64) {
    let mut command = learn_command(&repo());
    command.args(["check", exercise, "--timeout", "10", "--cmd", program]);
    if json {
        command.arg("--json");
    }
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("learn starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        out
    });
    let mut peak = 0;
    // The high-water mark only grows: its last reading is the peak so far.
    while child.try_wait().ok().flatten().is_none() {
        if let Some(kb) = peak_kb(child.id()) {
            peak = peak.max(kb);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = reader.join().expect("reader");
    assert!(peak > 0, "the memory of learn was read");
    (out.len(), peak)
}

fn floods_give_small_verdicts_and_bounded_memory() {
    // id-echo is where the flood was seen; capstone has the most scenarios.
    for exercise in ["id-echo", "capstone"] {
        for (name, program) in FLOODS {
            for json in [false, true] {
                let (bytes, peak_kb) = check(exercise, program, json);
                eprintln!("{exercise} {name} json={json}: {bytes} bytes, peak {peak_kb} kB");
                assert!(
                    bytes < 64 * 1024,
                    "{exercise}, {name}, json={json}: a verdict of {bytes} bytes"
                );
                assert!(
                    peak_kb < 100 * 1024,
                    "{exercise}, {name}, json={json}: peak memory {peak_kb} kB"
                );
            }
        }
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![test!(floods_give_small_verdicts_and_bounded_memory)]
}
