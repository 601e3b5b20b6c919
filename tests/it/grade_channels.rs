//! Issue 36, items 3 to 5: what one grading's sandboxes share with
//! another's on the same machine or kernel, and memory no per-process
//! limit sees. Each test is an attacking pair or program with an honest
//! control, graded with the repository (or a kept copy of the course) as
//! the grader. The hostile helper is `tests/fixtures/hostile/syscalls.c`
//! (see `grade_isolation`).

use crate::common::class::course_grader;
use crate::common::*;
use crate::grade_isolation::{
    Stopped, brief, echo, echo_relay, echo_solution_keeping, echo_student, helper_items, scores,
    solution,
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

/// Exercise 2's solution that first holds `mib` MiB where `hoard` (an
/// expression of the program's) puts them, and answers only when it could.
fn hoarding(hoard: &str) -> String {
    let call = "serve_lines(respond);";
    let text = solution(&echo());
    assert!(text.contains(call), "exercise 2 calls {call}");
    let text = text.replacen(
        call,
        &format!("if !{hoard} {{\n        return;\n    }}\n    {call}"),
        1,
    );
    format!(
        r#"{text}
{}
/// The helper's `mode`, holding its memory until the program ends.
fn held(mode: &str, mib: &str) -> bool {{
    use std::io::Read;
    let Some(mut child) = start_helper(&[mode, mib], "") else {{
        return false;
    }};
    let mut said = [0u8; 5];
    let ok = child
        .stdout
        .take()
        .is_some_and(|mut out| out.read_exact(&mut said).is_ok() && &said == b"held\n");
    std::mem::forget(child);
    ok
}}

/// `mib` MiB written to sockets (`UnixStream::pair`) and never read: the
/// kernel holds them, in no process's resident memory.
fn in_sockets(mib: usize) -> bool {{
    use std::io::Write;
    let mut held = Vec::new();
    let mut total = 0;
    let chunk = vec![1u8; 1 << 16];
    while total < mib << 20 {{
        let Ok((mut a, b)) = std::os::unix::net::UnixStream::pair() else {{
            return false;
        }};
        if a.set_nonblocking(true).is_err() {{
            return false;
        }}
        while let Ok(n) = a.write(&chunk) {{
            total += n;
        }}
        held.push((a, b));
    }}
    std::mem::forget(held);
    true
}}

/// `mib` MiB written to a file in `/dev/shm`.
fn in_dev_shm(mib: usize) -> bool {{
    use std::io::Write;
    let Ok(mut file) = std::fs::File::create("/dev/shm/hoard") else {{
        return false;
    }};
    let chunk = vec![1u8; 1 << 20];
    (0..mib).all(|_| file.write_all(&chunk).is_ok())
}}
"#,
        helper_items()
    )
}

/// What each submission was marked: its score, and whether it was over
/// the memory limit.
fn marks(report: &Value) -> Vec<(String, u64, bool)> {
    report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|s| {
            (
                s["name"].as_str().expect("name").to_string(),
                s["score"].as_u64().expect("score"),
                s["over_memory_limit"] == true,
            )
        })
        .collect()
}

/// Item 5: under `--memory-limit 512`, students whose program first holds
/// 1 GiB that no process's resident memory shows (`memfd_create` files
/// written and never mapped; SysV shared memory, attached, written and
/// detached; a file in `/dev/shm`; data written to sockets and never
/// read) and then answers correctly. Each must
/// earn nothing or be stopped as over the limit; an honest classmate is
/// the control. As root: the limit is enforced there only.
fn memory_no_process_shows_counts_or_is_refused() {
    let class = tempfile::tempdir().expect("temp dir");
    let honest = echo_student(class.path(), "honest", &solution(&echo()));
    let memfd = echo_student(
        class.path(),
        "memfd",
        &hoarding("held(\"memfd\", \"1024\")"),
    );
    let shm = echo_student(class.path(), "shm", &hoarding("held(\"shm\", \"1024\")"));
    let dev_shm = echo_student(class.path(), "dev-shm", &hoarding("in_dev_shm(1024)"));
    let sockets = echo_student(class.path(), "sockets", &hoarding("in_sockets(1024)"));
    let (report, err) = grade_in(
        &repo(),
        &[&honest, &memfd, &shm, &dev_shm, &sockets],
        &["--memory-limit", "512", "--timeout", "3"],
    );
    let marks = marks(&report);
    assert!(
        marks.contains(&("honest".to_string(), echo().points, false)),
        "the control earns its marks within the limit: {marks:?}\n{err}\n{}",
        brief(&report)
    );
    for (name, score, over) in &marks {
        assert!(
            name == "honest" || *score == 0 || *over,
            "{name} held 1 GiB under --memory-limit 512 and earned {score}, not over the limit: {marks:?}\n{}",
            brief(&report)
        );
    }
}

/// Item 10: what a program's output (which a student reads) can say of
/// the grading machine. Its host name is the sandbox's own, `sandbox`,
/// not the machine's.
fn a_sandbox_shows_its_own_host_name() {
    let machine = fs::read_to_string("/proc/sys/kernel/hostname").expect("the host name");
    let machine = machine.trim();
    let class = tempfile::tempdir().expect("temp dir");
    let namer = echo_student(
        class.path(),
        "namer",
        r#"fn main() {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    println!("host={};", name.trim());
}
"#,
    );
    let (report, err) = grade_in(&repo(), &[&namer], &["--timeout", "2"]);
    let said = brief(&report);
    assert!(said.contains("host=sandbox;"), "{err}\n{said}");
    assert!(
        !said.contains(&format!("host={machine};")),
        "the machine's host name reached a report:\n{said}"
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(two_gradings_at_once_share_no_lock).needs(Tool::Sandbox),
        test!(a_sandbox_shows_its_own_host_name).needs(Tool::Sandbox),
        test!(memory_no_process_shows_counts_or_is_refused)
            .needs(Tool::Sandbox)
            .needs(Tool::Root),
    ]
}
