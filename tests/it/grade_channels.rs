//! Issue 36, items 3 to 5: what one grading's sandboxes share with
//! another's on the same machine or kernel, and memory no per-process
//! limit sees. Each test is an attacking pair or program with an honest
//! control, graded with the repository (or a kept copy of the course) as
//! the grader. The hostile helper is `tests/fixtures/hostile/syscalls.c`
//! (see `grade_isolation`).

use crate::common::class::course_grader;
use crate::common::*;
use crate::grade_isolation::{
    Stopped, brief, echo, echo_relay, echo_solution_keeping, echo_student, scores, solution,
};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// Two files every program sandbox shows, read-only, at the host's own
/// paths: the loader's cache and `prlimit`, which starts every program.
fn shared_files() -> (String, String) {
    let cache = "/etc/ld.so.cache";
    let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"]
        .into_iter()
        .find(|p| Path::new(p).is_file())
        .expect("prlimit (util-linux) is installed");
    let real = fs::canonicalize(prlimit).expect("prlimit's real path");
    assert!(Path::new(cache).is_file(), "{cache} exists");
    (cache.to_string(), real.display().to_string())
}

/// `learn grade --format json --jobs 1` of `students`, with `grader` as
/// the course.
fn grade_in(grader: &Path, students: &[&Path], extra: &[&str]) -> (Value, String) {
    let output = learn_command(grader)
        .args(["grade", "--format", "json", "--seed", "31", "--jobs", "1"])
        .args(extra)
        .args(students)
        .output()
        .expect("learn grade runs");
    let err = stderr(&output);
    assert!(matches!(code(&output), 0 | 1), "{err}");
    (json(&output), err)
}

/// A process started by `ancestor` (at any depth) whose name is `comm`.
fn runs_below(ancestor: u32, comm: &str) -> bool {
    let field = |pid: &str, name: &str| {
        fs::read_to_string(format!("/proc/{pid}/status"))
            .unwrap_or_default()
            .lines()
            .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
    };
    fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .any(|entry| {
            let pid = entry.file_name().to_string_lossy().into_owned();
            if field(&pid, "Name:").as_deref() != Some(comm) {
                return false;
            }
            let mut parent = field(&pid, "PPid:");
            for _ in 0..24 {
                match parent.as_deref().and_then(|p| p.parse::<u32>().ok()) {
                    Some(p) if p == ancestor => return true,
                    Some(p) if p > 1 => parent = field(&p.to_string(), "PPid:"),
                    _ => return false,
                }
            }
            false
        })
}

/// Item 3: two gradings at once on one machine, of two classes. In the
/// first, an oracle (exercise 2 solved) answers every line a program of
/// any grading holds as byte-range locks on the loader's cache, holding
/// the answer as locks on `prlimit`; in the second, a taker with no
/// solution asks it. Every sandbox of every grading shows both files. An
/// honest student of the second class is the control.
fn two_gradings_at_once_share_no_lock() {
    let (question, answer) = shared_files();
    let base = process_folder("grade-two-gradings");
    let kept = kept_folder("grade-two-gradings");
    let oracle_grader = kept.path.join("grader");
    course_grader(&oracle_grader);
    let oracle_text = echo_solution_keeping(&format!(
        r#"fn keep(_line: &str, _answer: &Option<mcp_harness::Value>) {{
    static SERVING: std::sync::Once = std::sync::Once::new();
    SERVING.call_once(|| {{
        std::thread::spawn(serve_classmates);
    }});
}}

/// Answers every line anyone holds on {question:?}, on {answer:?}.
fn serve_classmates() {{
    let mut held: Option<std::process::Child> = None;
    let mut last = String::new();
    loop {{
        if let Some(line) = helper(&["sub", {question:?}], "") {{
            if line != last {{
                let answer = respond(&line).map_or("null".to_string(), |a| a.to_string());
                if let Some(mut old) = held.take() {{
                    let _ = old.kill();
                    let _ = old.wait();
                }}
                held = start_helper(&["pub", {answer:?}], &format!("{{}}\n{{answer}}", key(&line)));
                last = line;
            }}
        }}
        std::thread::sleep(std::time::Duration::from_millis(2));
    }}
}}"#
    ))
    .replacen(
        "        answer\n    });",
        // Keeps serving after its own input ends, until it is stopped.
        "        answer\n    });\n    std::thread::sleep(std::time::Duration::from_secs(60));",
        1,
    );
    // Enough oracles that the first grading serves for minutes.
    let oracles: Vec<PathBuf> = (0..8)
        .map(|i| echo_student(&base.join("oracles"), &format!("oracle-{i}"), &oracle_text))
        .collect();
    let class = base.join("class");
    let taker = echo_student(
        &class,
        "taker",
        &echo_relay(&format!(
            r#"fn fetch(line: &str) -> Option<String> {{
    let mut asking = start_helper(&["pub", {question:?}], line)?;
    let wanted = key(line);
    let mut answer = None;
    for _ in 0..1500 {{
        if let Some(held) = helper(&["sub", {answer:?}], "") {{
            if let Some((got, text)) = held.split_once('\n') {{
                if got == wanted {{
                    answer = Some(text.to_string());
                    break;
                }}
            }}
        }}
        std::thread::sleep(std::time::Duration::from_millis(2));
    }}
    let _ = asking.kill();
    let _ = asking.wait();
    answer
}}"#
        )),
    );
    let honest = echo_student(&class, "honest", &solution(&echo()));
    let mut serving = Stopped(
        learn_command(&oracle_grader)
            .args(["grade", "--format", "json", "--seed", "4"])
            .args(["--jobs", "1", "--timeout", "5"])
            .args(&oracles)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the oracles' grading starts"),
    );
    let started = std::time::Instant::now();
    // The oracle's helper runs: its program is being checked.
    while !runs_below(serving.0.id(), ".helper") {
        if let Ok(Some(status)) = serving.0.try_wait() {
            panic!("the oracles' grading ended ({status}) before any oracle ran");
        }
        assert!(
            started.elapsed().as_secs() < 300,
            "no oracle ran within 300 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let (report, err) = grade_in(&repo(), &[&taker, &honest], &["--timeout", "5"]);
    let still_serving = serving.0.try_wait().expect("the first grading").is_none();
    let scores = scores(&report);
    assert_eq!(
        scores["honest"],
        echo().points,
        "the control earns its marks\n{err}\n{}",
        brief(&report)
    );
    assert_eq!(
        scores["taker"],
        0,
        "a student with no solution earned marks from another grading through locks on {question} and {answer}\n{}",
        brief(&report)
    );
    assert!(
        still_serving,
        "the oracles' grading ended before the taker's: this test proved nothing"
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![test!(two_gradings_at_once_share_no_lock).needs(Tool::Sandbox)]
}
