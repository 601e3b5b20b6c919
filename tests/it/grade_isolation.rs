//! `learn grade` against students who collude (issue 27): a student with no
//! solution tries to earn marks from a classmate who has one, through the
//! kernel keyring or through locks on a file both can open, and a student
//! tries to read the hidden scenarios' inputs. Each test grades the pair with
//! the repository as the grader and checks that the one with no solution
//! earns nothing.
//!
//! Students submit Rust files compiled with `unsafe` forbidden, so they
//! cannot make system calls of their own; a hostile one carries a small
//! static program as bytes (`tests/fixtures/hostile/syscalls.c`, compiled
//! here with `cc`), writes it to its private `/tmp` and runs it.
//!
//! Needs bubblewrap: skipped with one line when `bwrap` is missing, a
//! failure when `CI` is set (`.ci/run` installs it).

// Not every helper of the course is needed here.
use crate::common::class::course_grader;
use crate::common::course::{Exercise, course};
#[allow(dead_code)]
use crate::common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub(crate) const HIDDEN_MARKER: &str = "hidden-input-q7w3";

pub(crate) fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("parent")).expect("create folder");
    fs::write(path, text).expect("write");
}

pub(crate) fn echo() -> Exercise {
    course()
        .into_iter()
        .find(|e| e.number == 2)
        .expect("exercise 2")
}

pub(crate) fn solution(e: &Exercise) -> String {
    fs::read_to_string(repo().join("solutions").join(&e.file)).expect("solution")
}

/// `tests/fixtures/hostile/syscalls.c`, compiled once per test process.
pub(crate) fn helper_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let out = process_folder("hostile-syscalls").join("syscalls");
        let source = repo().join("tests/fixtures/hostile/syscalls.c");
        let status = std::process::Command::new("cc")
            .args([
                "-static",
                "-nostdlib",
                "-ffreestanding",
                "-fno-builtin",
                "-fno-pie",
                "-no-pie",
                "-Os",
                "-fno-stack-protector",
                "-fno-asynchronous-unwind-tables",
                "-Wl,--build-id=none",
                "-s",
                "-o",
            ])
            .arg(&out)
            .arg(&source)
            .status()
            .expect("cc runs (grading needs it anyway)");
        assert!(status.success(), "cc could not build {}", source.display());
        out
    })
}

fn helper_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| fs::read(helper_path()).expect("the helper"))
}

/// Rust items for a student's file: the helper as bytes, a function that
/// runs it (`helper(&["get", key], "")`), and a hash of a line as a key.
pub(crate) fn helper_items() -> String {
    let bytes: String = helper_bytes()
        .iter()
        .map(|b| format!("\\x{b:02x}"))
        .collect();
    format!(
        r#"
const HELPER: &[u8] = b"{bytes}";

fn start_helper(args: &[&str], input: &str) -> Option<std::process::Child> {{
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;
    let path = "/tmp/.helper";
    if std::fs::metadata(path).is_err() {{
        std::fs::write(path, HELPER).ok()?;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).ok()?;
    }}
    let mut child = std::process::Command::new(path)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    Some(child)
}}

fn helper(args: &[&str], input: &str) -> Option<String> {{
    let out = start_helper(args, input)?.wait_with_output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}}

fn key(line: &str) -> String {{
    let mut hash: u64 = 0xcbf29ce484222325;
    for byte in line.bytes() {{
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x100000001b3);
    }}
    format!("{{hash:016x}}")
}}
"#
    )
}

/// Exercise 2's solution, which also hands every answer to `keep(line,
/// answer)` (items the caller adds).
pub(crate) fn echo_solution_keeping(keep_items: &str) -> String {
    let e = echo();
    let text = solution(&e);
    let call = "serve_lines(respond);";
    assert!(text.contains(call), "{} calls serve_lines(respond)", e.file);
    let text = text.replacen(
        call,
        "serve_lines(|line| {\n        let answer = respond(line);\n        keep(line, &answer);\n        answer\n    });",
        1,
    );
    format!("{text}\n{}\n{keep_items}\n", helper_items())
}

/// Exercise 2 with no solution: each line's answer is whatever `fetch(line)`
/// (items the caller adds) finds.
pub(crate) fn echo_relay(fetch_items: &str) -> String {
    format!(
        r#"use std::io::BufRead;

fn main() {{
    for line in std::io::stdin().lock().lines() {{
        let Ok(line) = line else {{ break }};
        if line.trim().is_empty() {{
            continue;
        }}
        if let Some(answer) = fetch(&line) {{
            if answer != "null" {{
                println!("{{answer}}");
            }}
        }}
    }}
}}
{}
{fetch_items}
"#,
        helper_items()
    )
}

/// A hidden scenario for exercise 2, in its own folder.
pub(crate) fn hidden_scenarios(dir: &Path) {
    write(
        &dir.join(format!("{}.toml", echo().id)),
        &format!(
            r#"format_version = 1

[vars]
hidden_id = {{ random = "string-id" }}

[[scenario]]
name = "hidden: a string id survives tools/list"
fact = "F7"
rule = {{ en = "A response copies the request id exactly.", zh = "响应原样复制请求的 id。" }}
[[scenario.step]]
send = '{{"jsonrpc": "2.0", "id": "${{hidden_id}}", "method": "tools/list", "params": {{"cursor": "{HIDDEN_MARKER}"}}}}'
expect = '{{"jsonrpc": "2.0", "id": "${{hidden_id}}", "result": "$object"}}'
"#
        ),
    );
}

/// One student folder holding only exercise 2's file.
pub(crate) fn echo_student(class: &Path, name: &str, text: &str) -> PathBuf {
    let dir = class.join(name);
    write(&dir.join("exercises").join(echo().file), text);
    dir
}

/// How `learn` is started.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Keyring {
    /// As the test runs.
    Inherited,
    /// In a session keyring of its own that every process it starts
    /// shares, as under systemd or a login.
    Session,
}

/// `learn grade --format json` with the repository as the grader.
pub(crate) fn grade(
    students: &[&Path],
    hidden: Option<&Path>,
    extra: &[&str],
    keyring: Keyring,
) -> (Value, String) {
    let mut command = learn_command(&repo());
    command
        .args([
            "grade",
            "--format",
            "json",
            "--seed",
            "31",
            "--timeout",
            "2",
        ])
        .args(if extra.contains(&"--jobs") {
            &[][..]
        } else {
            &["--jobs", "2"][..]
        })
        .args(extra);
    if let Some(hidden) = hidden {
        command.arg("--scenarios").arg(hidden);
    }
    command.args(students);
    if keyring == Keyring::Session {
        let mut session = std::process::Command::new(helper_path());
        session
            .arg("session")
            .arg(command.get_program())
            .args(command.get_args())
            .current_dir(repo());
        for (name, value) in command.get_envs() {
            match value {
                Some(value) => session.env(name, value),
                None => session.env_remove(name),
            };
        }
        command = session;
    }
    let output = command.output().expect("learn grade runs");
    let err = stderr(&output);
    assert!(matches!(code(&output), 0 | 1), "{err}");
    (json(&output), err)
}

pub(crate) fn scores(report: &Value) -> BTreeMap<String, u64> {
    report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|s| {
            (
                s["name"].as_str().expect("name").to_string(),
                s["score"].as_u64().expect("score"),
            )
        })
        .collect()
}

/// Why each submission lost marks, briefly: its first failed scenario's
/// message, or why an attempted exercise did not run.
pub(crate) fn brief(report: &Value) -> String {
    let mut out = String::new();
    for s in report["submissions"].as_array().into_iter().flatten() {
        for e in s["exercises"].as_array().into_iter().flatten() {
            let why = e["scenarios"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|c| c["passed"] == false)
                .map(|c| c["message"].as_str().unwrap_or_default().to_string())
                .or_else(|| {
                    e["build_error"]
                        .as_str()
                        .filter(|b| !b.ends_with("is missing"))
                        .map(str::to_string)
                });
            if let Some(why) = why {
                let why: String = why.chars().take(600).collect();
                out.push_str(&format!("{} {}: {why}\n", s["name"], e["id"]));
            }
        }
    }
    out
}

/// `/proc/key-users` lines of the sandboxes' users (uid 1900000000 and up):
/// their keys and key bytes.
fn sandbox_key_users() -> Vec<String> {
    fs::read_to_string("/proc/key-users")
        .unwrap_or_default()
        .lines()
        .filter(|line| {
            line.split(':')
                .next()
                .and_then(|uid| uid.trim().parse::<u64>().ok())
                .is_some_and(|uid| uid >= 1_900_000_000)
        })
        .map(str::to_string)
        .collect()
}

/// Item 1: one student keeps every answer in the kernel keyring (the
/// session keyring `learn` was started in, and its own user's); a classmate
/// with no solution reads them back, graded in the same run or in a later
/// one as the same first student. The keyring must be out of reach, and
/// nothing may be left in it.
fn the_keyring_carries_nothing_between_students() {
    let class = tempfile::tempdir().expect("temp dir");
    let hidden = class.path().join("hidden");
    hidden_scenarios(&hidden);
    let keeper = echo_student(
        class.path(),
        "keeper",
        &echo_solution_keeping(
            r#"fn keep(line: &str, answer: &Option<mcp_harness::Value>) {
    let text = answer.as_ref().map_or("null".to_string(), |a| a.to_string());
    let _ = helper(&["put", &key(line)], &text);
}"#,
        ),
    );
    let taker = echo_student(
        class.path(),
        "taker",
        &echo_relay(
            r#"fn fetch(line: &str) -> Option<String> {
    helper(&["get", &key(line)], "")
}"#,
        ),
    );
    let points = echo().points;
    let keys_before = sandbox_key_users();
    // Graded alone, one after the other, each is the class's first student.
    let (report, err) = grade(&[&keeper], Some(&hidden), &[], Keyring::Inherited);
    assert_eq!(scores(&report)["keeper"], points, "{err}");
    let (report, err) = grade(&[&taker], Some(&hidden), &[], Keyring::Inherited);
    assert_eq!(
        scores(&report)["taker"],
        0,
        "a student with no solution earned marks through a keyring kept from the last run\n{err}\n{}",
        brief(&report)
    );
    // In one run, one program at a time: the keeper's first.
    let (report, err) = grade(
        &[&keeper, &taker],
        Some(&hidden),
        &["--jobs", "1"],
        Keyring::Session,
    );
    assert_eq!(scores(&report)["keeper"], points, "{err}");
    assert_eq!(
        scores(&report)["taker"],
        0,
        "a student with no solution earned marks through the session keyring\n{err}\n{}",
        brief(&report)
    );
    assert_eq!(
        sandbox_key_users(),
        keys_before,
        "a sandbox left keys in the kernel's keyrings"
    );
}

/// The user the non-root test grades as: no account has it, and it is
/// below 2^31 (bubblewrap writes its user map with `%d`).
const GRADER_UID: u32 = 1_899_999_000;
const PROXY_SECRET: &str = "proxy-password-n5d2";

fn run_quietly(program: &str, args: &[&str]) -> bool {
    std::process::Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Item 5: `learn grade` as a user that is not root, with more than 32
/// processes of its own and a proxy password in its environment. Programs
/// run (before, each failed with "Creating new namespace failed": the
/// process limit counted the grading user's own processes), and a compile
/// that includes `/proc/1/environ` (bubblewrap's own process) shows nothing
/// of the grader's environment.
fn grading_as_another_user_works_and_shows_none_of_its_environment() {
    let uid = GRADER_UID.to_string();
    let can = nix_is_root()
        && run_quietly("unshare", &["--mount", "true"])
        && run_quietly(
            "setpriv",
            &[
                &format!("--reuid={uid}"),
                &format!("--regid={uid}"),
                "--clear-groups",
                "bwrap",
                "--unshare-all",
                "--ro-bind",
                "/",
                "/",
                "true",
            ],
        );
    assert!(
        can,
        "grading as another user needs root (to become that user), `unshare --mount` and unprivileged user namespaces for bubblewrap"
    );
    let kept = kept_folder("grade-non-root");
    let (base, learn) = reachable_by_others(&kept.path);
    let grader = base.join("grader");
    course_grader(&grader);
    let class = base.join("class");
    let _ = fs::remove_dir_all(&class);
    // Compiler messages are kept between runs: a kept one from a run that
    // leaked would prove nothing about this one.
    let _ = fs::remove_dir_all(grader.join("target/grade/bin"));
    let e = echo();
    let solved = echo_student(&class, "solved", &solution(&e));
    let leaky = echo_student(
        &class,
        "leaky",
        "fn main() {}\ncompile_error!(include_str!(\"/proc/1/environ\"));\n",
    );
    // The toolchain and the crates' sources, where the grading user can read
    // them (they are under root's home here): bound into a mount namespace
    // of the test's own.
    let sysroot = String::from_utf8(
        std::process::Command::new("rustc")
            .args(["--print", "sysroot"])
            .output()
            .expect("rustc")
            .stdout,
    )
    .expect("UTF-8");
    let cargo_home = std::env::var("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(std::env::var("HOME").expect("HOME")).join(".cargo"));
    let toolchain = base.join("toolchain");
    let home = base.join("home");
    for dir in [&toolchain, &home.join(".cargo/registry")] {
        fs::create_dir_all(dir).expect("folder");
    }
    let owner = format!("{uid}:{uid}");
    for dir in [&grader, &class, &home] {
        assert!(run_quietly(
            "chown",
            &["-R", &owner, &dir.display().to_string()]
        ));
    }
    let learn = learn.display();
    // More processes of the grading user than a sandbox may have.
    let script = format!(
        "mount --bind '{sysroot}' '{t}' && mount --bind '{registry}' '{h}/.cargo/registry' && \
         exec setpriv --reuid={uid} --regid={uid} --clear-groups -- sh -c '\
         pids=; for i in $(seq 40); do sleep 600 & pids=\"$pids $!\"; done; \
         \"$0\" \"$@\"; status=$?; kill $pids 2>/dev/null; exit $status' '{learn}' grade --format json --seed 5 --jobs 2 --timeout 2 '{s}' '{l}'",
        sysroot = sysroot.trim(),
        t = toolchain.display(),
        registry = cargo_home.join("registry").display(),
        h = home.display(),
        s = solved.display(),
        l = leaky.display(),
    );
    let output = learn_command(&grader)
        .get_envs()
        .fold(
            std::process::Command::new("unshare"),
            |mut command, (name, value)| {
                match value {
                    Some(value) => command.env(name, value),
                    None => command.env_remove(name),
                };
                command
            },
        )
        .current_dir(&grader)
        .env("HOME", &home)
        .env("CARGO_HOME", home.join(".cargo"))
        .env("CARGO_NET_OFFLINE", "true")
        .env("RUSTC", toolchain.join("bin/rustc"))
        .env("CARGO", toolchain.join("bin/cargo"))
        .env(
            "PATH",
            format!("{}:/usr/bin:/bin", toolchain.join("bin").display()),
        )
        .env(
            "HTTPS_PROXY",
            format!("http://teacher:{PROXY_SECRET}@proxy.invalid:3128"),
        )
        .args(["--mount", "--propagation", "private", "sh", "-c", &script])
        .output()
        .expect("unshare runs");
    let err = stderr(&output);
    let out = stdout(&output);
    assert!(
        !out.contains(PROXY_SECRET) && !err.contains(PROXY_SECRET),
        "the grader's environment reached a sandbox:\n{out}\n{err}"
    );
    assert!(matches!(code(&output), 0 | 1), "{err}");
    let report: Value = serde_json::from_str(&out).expect("a JSON report");
    assert_eq!(
        scores(&report)["solved"],
        e.points,
        "{err}\n{}",
        brief(&report)
    );
    assert_eq!(scores(&report)["leaky"], 0, "{err}");
}

/// Whether every folder above `path` lets other users through.
fn others_can_reach(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.ancestors()
        .skip(1)
        .all(|dir| fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}

/// A folder the grading user can reach for the course, the class and the
/// toolchain, and `learn` where it can run it: `kept` and the built one
/// when they are reachable; otherwise (a checkout in a `0700` home or a
/// `mktemp -d` folder: "target/debug/learn: Permission denied", issue 36,
/// item 11) a folder of this checkout's own under the system's temporary
/// folder, with a copy of `learn`.
fn reachable_by_others(kept: &Path) -> (PathBuf, PathBuf) {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let built = PathBuf::from(env!("CARGO_BIN_EXE_learn"));
    if others_can_reach(kept) && others_can_reach(&built) {
        return (kept.to_path_buf(), built);
    }
    let tmp = std::env::temp_dir();
    assert!(
        others_can_reach(&tmp.join("x")),
        "not checked: the checkout is in a folder other users cannot enter, and so is {}",
        tmp.display()
    );
    // Named after the checkout, so its grader's dependencies build once.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in kept.as_os_str().as_encoded_bytes() {
        hash = (hash ^ u64::from(*byte)).wrapping_mul(0x100_0000_01b3);
    }
    let base = tmp.join(format!("learn-grade-non-root-{hash:016x}"));
    let _ = fs::create_dir(&base);
    let meta = fs::symlink_metadata(&base).expect("the reachable folder");
    assert!(
        meta.is_dir() && meta.uid() == 0,
        "{} is not a folder of root's own",
        base.display()
    );
    fs::set_permissions(&base, fs::Permissions::from_mode(0o755)).expect("chmod");
    let learn = base.join("learn");
    let _ = fs::remove_file(&learn);
    fs::copy(&built, &learn).expect("a copy of learn");
    fs::set_permissions(&learn, fs::Permissions::from_mode(0o755)).expect("chmod");
    (base, learn)
}

pub(crate) fn nix_is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().nth(1))
        == Some("0")
}

/// Exercise 2's solution, answering from a thread of its own: a correct
/// program that needs one more process slot of its user.
fn echo_solution_in_a_thread() -> String {
    let e = echo();
    let text = solution(&e);
    let call = "serve_lines(respond);";
    assert!(text.contains(call), "{} calls serve_lines(respond)", e.file);
    text.replacen(
        call,
        "std::thread::spawn(|| serve_lines(respond))\n        .join()\n        .expect(\"the server thread\");",
        1,
    )
}

/// Takes every thread its user may have, and holds them.
const FORK_BOMB: &str = r#"fn main() {
    let mut held = Vec::new();
    while let Ok(thread) = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(|| loop {
            std::thread::sleep(std::time::Duration::from_secs(60));
        })
    {
        held.push(thread);
    }
    eprintln!("holding {} threads", held.len());
    loop {
        std::thread::sleep(std::time::Duration::from_secs(60));
    }
}
"#;

/// A process started by `ancestor` (at any depth) that has at least
/// `threads` threads.
fn holds_threads(ancestor: u32, threads: u64) -> bool {
    let status = |pid: &str| fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |status: &str, name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
    };
    fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .any(|entry| {
            let pid = entry.file_name().to_string_lossy().into_owned();
            let own = status(&pid);
            if field(&own, "Threads:").is_none_or(|n| n < threads) {
                return false;
            }
            let mut parent = field(&own, "PPid:");
            for _ in 0..16 {
                match parent {
                    Some(p) if p == u64::from(ancestor) => return true,
                    Some(p) if p > 1 => parent = field(&status(&p.to_string()), "PPid:"),
                    _ => return false,
                }
            }
            false
        })
}

/// A `learn` this test started, stopped when the test ends, passed or not.
pub(crate) struct Stopped(pub(crate) std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Issue 24 item 4: two teachers grade on one machine at once. One class's
/// students fork-bomb (each program takes every thread its user may have and
/// holds it); the other class, graded meanwhile, gets exactly its marks. Before,
/// both runs' first students were the same user, so the second class's first
/// student could not start a thread.
fn a_fork_bomb_in_one_run_leaves_another_run_s_marks_untouched() {
    fork_bomb_beside_a_class(false);
}

/// Issue 36, item 4: the same, the bombing run in a container of its own
/// on the same kernel (its own `/run`, where runs reserve their users, and
/// its own PID namespace, so neither run sees the other's processes).
/// Before, each took the first range of users: the honest students, the
/// bombers' users, could not start a thread.
fn a_fork_bomb_in_another_container_leaves_a_class_s_marks_untouched() {
    fork_bomb_beside_a_class(true);
}

/// `command` run in a new mount and PID namespace with an empty `/run`, as
/// in a container of its own; killing the returned command kills it all.
pub(crate) fn in_a_container(command: std::process::Command) -> std::process::Command {
    let mut wrapped = std::process::Command::new("unshare");
    wrapped
        .args(["--mount", "--pid", "--fork", "--kill-child", "--mount-proc"])
        .args(["sh", "-c", "mount -t tmpfs tmpfs /run && exec \"$@\"", "sh"])
        .arg(command.get_program())
        .args(command.get_args());
    if let Some(dir) = command.get_current_dir() {
        wrapped.current_dir(dir);
    }
    for (name, value) in command.get_envs() {
        match value {
            Some(value) => wrapped.env(name, value),
            None => wrapped.env_remove(name),
        };
    }
    wrapped
}

fn fork_bomb_beside_a_class(in_container: bool) {
    // As root only: otherwise each sandbox has a user namespace and limits
    // of its own, and runs share no user.
    // One folder per test: the two callers run at once in one process.
    let name = if in_container {
        "grade-two-runs-container"
    } else {
        "grade-two-runs"
    };
    let base = process_folder(name);
    let kept = kept_folder(name);
    let bombing_grader = kept.path.join("grader");
    course_grader(&bombing_grader);
    let course = course();
    let bombers: Vec<PathBuf> = ["bomber-0", "bomber-1"]
        .iter()
        .map(|name| {
            let dir = base.join("bombers").join(name);
            for e in course.iter().take(4) {
                write(&dir.join("exercises").join(&e.file), FORK_BOMB);
            }
            dir
        })
        .collect();
    let honest: Vec<PathBuf> = ["threads-0", "threads-1"]
        .iter()
        .map(|name| echo_student(&base.join("honest"), name, &echo_solution_in_a_thread()))
        .collect();
    let mut command = learn_command(&bombing_grader);
    command
        .args([
            "grade",
            "--format",
            "json",
            "--seed",
            "3",
            "--jobs",
            "2",
            "--timeout",
            "2",
        ])
        .args(&bombers);
    if in_container {
        command = in_a_container(command);
    }
    let mut bombing = Stopped(
        command
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the first run starts"),
    );
    let bombing = &mut bombing.0;
    let started = std::time::Instant::now();
    while !holds_threads(bombing.id(), 20) {
        if let Ok(Some(status)) = bombing.try_wait() {
            panic!("the bombing run ended ({status}) before any bomb held its threads");
        }
        assert!(
            started.elapsed().as_secs() < 300,
            "no bomb held its threads within 300 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let students: Vec<&Path> = honest.iter().map(PathBuf::as_path).collect();
    let (report, err) = grade(&students, None, &[], Keyring::Inherited);
    let still_bombing = bombing.try_wait().expect("the first run").is_none();
    let points = echo().points;
    let expected: BTreeMap<String, u64> = [
        ("threads-0".to_string(), points),
        ("threads-1".to_string(), points),
    ]
    .into_iter()
    .collect();
    assert_eq!(scores(&report), expected, "{err}\n{}", brief(&report));
    assert!(
        still_bombing,
        "the bombs were over before the second run ended: this test proved nothing"
    );
}

/// Item 2: two students' programs running at once talk through locks on a
/// file every sandbox can open read-only (`/dev/null`, `/dev/zero`): the
/// taker, with no solution, holds each line it is sent as byte-range locks,
/// and the oracle, which has the solution and serves its classmate for as
/// long as it runs, holds the answer. Students must never run at once.
fn locks_on_shared_files_carry_nothing_between_students() {
    let class = tempfile::tempdir().expect("temp dir");
    let hidden = class.path().join("hidden");
    hidden_scenarios(&hidden);
    let oracle = echo_student(
        class.path(),
        "oracle",
        &echo_solution_keeping(
            r#"fn keep(_line: &str, _answer: &Option<mcp_harness::Value>) {
    static SERVING: std::sync::Once = std::sync::Once::new();
    SERVING.call_once(|| {
        std::thread::spawn(serve_classmates);
    });
}

/// Answers every line a classmate holds on /dev/null, on /dev/zero.
fn serve_classmates() {
    let mut held: Option<std::process::Child> = None;
    let mut last = String::new();
    loop {
        if let Some(line) = helper(&["sub", "/dev/null"], "") {
            if line != last {
                let answer = respond(&line).map_or("null".to_string(), |a| a.to_string());
                if let Some(mut old) = held.take() {
                    let _ = old.kill();
                    let _ = old.wait();
                }
                held = start_helper(&["pub", "/dev/zero"], &format!("{}\n{answer}", key(&line)));
                last = line;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}"#,
        )
        .replacen(
            "        answer\n    });",
            // Keeps serving after its own input ends, until it is stopped.
            "        answer\n    });\n    std::thread::sleep(std::time::Duration::from_secs(60));",
            1,
        ),
    );
    let taker = echo_student(
        class.path(),
        "taker",
        &echo_relay(
            r#"fn fetch(line: &str) -> Option<String> {
    let mut asking = start_helper(&["pub", "/dev/null"], line)?;
    let wanted = key(line);
    let mut answer = None;
    for _ in 0..600 {
        if let Some(held) = helper(&["sub", "/dev/zero"], "") {
            if let Some((got, text)) = held.split_once('\n') {
                if got == wanted {
                    answer = Some(text.to_string());
                    break;
                }
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = asking.kill();
    let _ = asking.wait();
    answer
}"#,
        ),
    );
    // Each submits exercise 2 only: two programs, and two jobs to run them.
    let (report, err) = grade(&[&oracle, &taker], Some(&hidden), &[], Keyring::Inherited);
    assert_eq!(
        scores(&report)["taker"],
        0,
        "a student with no solution earned marks through locks on a shared file\n{err}\n{}",
        brief(&report)
    );
}

/// A folder of the test's own, deleted when dropped.
struct Removed(PathBuf);

impl Drop for Removed {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs a built program of the grader's it finds (one that says nothing
/// when given nothing, and is not itself), in place of its own; says on
/// stderr what it read of the hidden scenarios.
fn spy(under: &Path) -> String {
    format!(
        r#"use std::io::Write;

fn files_in(dir: &std::path::Path) -> Vec<std::path::PathBuf> {{
    std::fs::read_dir(dir)
        .map(|r| r.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default()
}}

fn main() {{
    let under = std::path::Path::new({under:?});
    for file in files_in(&under.join("hidden")) {{
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        eprintln!("read: {{}}", text.replace('\n', " "));
    }}
    let me = std::fs::read("/proc/self/exe").unwrap_or_default();
    for program in files_in(&under.join("course/target/grade/bin")) {{
        if program.extension().is_some() || std::fs::read(&program).ok().as_ref() == Some(&me) {{
            continue;
        }}
        let quiet = std::process::Command::new(&program)
            .stdin(std::process::Stdio::null())
            .output()
            .is_ok_and(|o| o.status.success() && o.stdout.is_empty());
        if quiet {{
            let _ = std::io::stderr().flush();
            let status = std::process::Command::new(&program).status();
            std::process::exit(status.map_or(1, |s| s.code().unwrap_or(1)));
        }}
    }}
}}
"#,
        under = under.display().to_string()
    )
}

/// Item 3: a course, its class and its hidden scenarios under `/usr/src`
/// (as in common Rust container images, where everything under `/usr` was
/// shown to every sandbox): a student's program finds a classmate's built
/// program there and runs it in place of its own, and reads the hidden
/// scenarios. Nothing there is visible now.
fn a_course_and_class_under_usr_are_not_shown_to_students() {
    let under = Removed(PathBuf::from(format!(
        "/usr/src/learn-test-{}",
        std::process::id()
    )));
    let course_dir = under.0.join("course");
    course_grader(&course_dir);
    let hidden = under.0.join("hidden");
    hidden_scenarios(&hidden);
    let e = echo();
    let honest = echo_student(&under.0.join("class"), "honest", &solution(&e));
    let spy = echo_student(&under.0.join("class"), "spy", &spy(&under.0));
    let output = learn_command(&course_dir)
        .args([
            "grade",
            "--format",
            "json",
            "--seed",
            "8",
            "--jobs",
            "2",
            "--timeout",
            "2",
            "--scenarios",
        ])
        .arg(&hidden)
        .arg(&honest)
        .arg(&spy)
        .output()
        .expect("learn grade runs");
    let err = stderr(&output);
    assert!(matches!(code(&output), 0 | 1), "{err}");
    let report = json(&output);
    assert_eq!(scores(&report)["honest"], e.points, "{err}");
    assert_eq!(
        scores(&report)["spy"],
        0,
        "a student ran a classmate's program found under /usr\n{}",
        brief(&report)
    );
    assert!(
        !report.to_string().contains(HIDDEN_MARKER),
        "a student read the hidden scenarios under /usr:\n{}",
        brief(&report)
    );
}

/// Grading refuses to start, with a clear error, when the hidden scenarios
/// lie inside a folder every compile sandbox shows (here the grader's built
/// dependencies, shown at /deps).
fn hidden_scenarios_inside_a_shown_folder_are_refused() {
    // The grader's dependencies are built by a first grading.
    let class = tempfile::tempdir().expect("temp dir");
    let student = echo_student(class.path(), "any", &solution(&echo()));
    let _ = grade(&[&student], None, &[], Keyring::Inherited);
    let inside = Removed(
        repo()
            .join("target/grade/target/debug/deps")
            .join(format!("hidden-{}", std::process::id())),
    );
    hidden_scenarios(&inside.0);
    let output = learn_command(&repo())
        .args(["grade", "--scenarios"])
        .arg(&inside.0)
        .arg(&student)
        .output()
        .expect("learn grade runs");
    let err = stderr(&output);
    assert_eq!(code(&output), 2, "{err}");
    assert!(
        err.contains("cannot grade: the hidden scenarios")
            && err.contains("every compile sandbox shows"),
        "{err}"
    );
}

/// Item 4: one student's program for exercise 2 (which has a hidden
/// scenario) keeps every line it is sent, in the keyring and as locks on
/// `/dev/null`; its program for exercise 3 prints whatever it finds there,
/// so a failure the student sees would show the hidden input. Graded twice
/// (what the first run keeps, the second prints; within each run exercise 2
/// runs before exercise 3), the second run writing every format a student
/// reads: the hidden input is in none.
fn hidden_inputs_reach_no_report_a_student_reads() {
    let class = tempfile::tempdir().expect("temp dir");
    let hidden = class.path().join("hidden");
    hidden_scenarios(&hidden);
    let recorder = echo_student(
        class.path(),
        "recorder",
        &echo_solution_keeping(
            r#"fn keep(line: &str, _answer: &Option<mcp_harness::Value>) {
    let _ = helper(&["put", "recorded"], line);
    // Held until the program ends.
    std::mem::forget(start_helper(&["pub", "/dev/null"], line));
}"#,
        ),
    );
    let silence = course()
        .into_iter()
        .find(|e| e.number == 3)
        .expect("exercise 3");
    write(
        &recorder.join("exercises").join(&silence.file),
        &format!(
            r#"fn main() {{
    if let Some(kept) = helper(&["get", "recorded"], "") {{
        println!("{{kept}}");
    }}
    if let Some(held) = helper(&["sub", "/dev/null"], "") {{
        println!("{{held}}");
    }}
    for line in std::io::stdin().lines() {{
        eprintln!("sent: {{}}", line.unwrap_or_default());
    }}
}}
{}"#,
            helper_items()
        ),
    );
    let grade = |formats: &str, reports: &Path| {
        let output = learn_command(&repo())
            .args([
                "grade",
                "--seed",
                "19",
                "--jobs",
                "2",
                "--timeout",
                "2",
                "--format",
                formats,
                "--out",
            ])
            .arg(reports)
            .arg("--scenarios")
            .arg(&hidden)
            .arg(&recorder)
            .output()
            .expect("learn grade runs");
        let err = stderr(&output);
        assert!(matches!(code(&output), 0 | 1), "{err}");
        assert!(
            !err.contains(HIDDEN_MARKER),
            "a hidden input reached stderr:\n{err}"
        );
        err
    };
    let first = class.path().join("first.json");
    grade("json", &first);
    let first = fs::read_to_string(&first).expect("the first run's report");
    assert!(!first.contains(HIDDEN_MARKER), "json, first run:\n{first}");
    // The second grading writes every format a student reads.
    let reports = class.path().join("reports");
    let err = grade("json,gradescope,junit,text", &reports);
    let gradescope = reports.join("gradescope").join("recorder.json");
    for (format, file) in [
        ("json", reports.join("grades.json")),
        ("gradescope", gradescope),
        ("junit", reports.join("grades.xml")),
        ("text", reports.join("grades.txt")),
    ] {
        let out = fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{format}: {} is written: {e}\n{err}", file.display()));
        assert!(
            out.contains("notification-silence"),
            "{format}: exercise 3 is reported\n{out}"
        );
        assert!(
            !out.contains(HIDDEN_MARKER),
            "{format}: a hidden input reached the report:\n{out}"
        );
    }
}

/// Issue 36, item 2: `learn grade` started with descriptor 7 open (a file
/// one student could write answers to and a classmate read back). A
/// program that answers only when it finds descriptor 7 open must find it
/// closed; an honest classmate is the control.
fn descriptors_the_grader_inherits_reach_no_sandbox() {
    let class = tempfile::tempdir().expect("temp dir");
    let e = echo();
    let honest = echo_student(class.path(), "honest", &solution(&e));
    let call = "serve_lines(respond);";
    let text = solution(&e).replacen(
        call,
        "if std::fs::read_link(\"/proc/self/fd/7\").is_err() {\n        return;\n    }\n    serve_lines(respond);",
        1,
    );
    assert!(text.contains("/proc/self/fd/7"), "{} calls {call}", e.file);
    let inheritor = echo_student(class.path(), "inheritor", &text);
    let shared = class.path().join("shared-descriptor");
    write(&shared, "");
    let learn = learn_command(&repo());
    let mut command = std::process::Command::new("bash");
    command
        .arg("-c")
        .arg("exec 7<>\"$0\"; exec \"$@\"")
        .arg(&shared)
        .arg(learn.get_program())
        .args(learn.get_args())
        .args([
            "grade",
            "--format",
            "json",
            "--seed",
            "31",
            "--timeout",
            "2",
            "--jobs",
            "2",
        ])
        .arg(&honest)
        .arg(&inheritor)
        .current_dir(repo());
    for (name, value) in learn.get_envs() {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
    let output = command.output().expect("learn grade runs");
    let err = stderr(&output);
    assert!(matches!(code(&output), 0 | 1), "{err}");
    let report = json(&output);
    let scores = scores(&report);
    assert!(
        scores["honest"] > 0,
        "the control earns its marks:\n{}",
        brief(&report)
    );
    assert_eq!(
        scores["inheritor"],
        0,
        "a program found descriptor 7 open:\n{}",
        brief(&report)
    );
}

/// Issue 36, item 8: from inside a program's sandbox, io_uring (which
/// opens the vsock sockets the filter refuses to `socket()`), user
/// namespaces (`unshare`, `clone` with `CLONE_NEWUSER`), `mount` and its
/// kin, user-mode userfaultfd and fanotify are all refused with EPERM, and
/// `clone3` (whose flags a filter cannot read) says ENOSYS, so the C
/// library falls back to `clone`. Unfiltered, each call succeeds or fails
/// with EFAULT on its bad pointer.
fn the_kernel_surface_no_namespace_separates_is_refused() {
    let class = tempfile::tempdir().expect("temp dir");
    // Short lines (the report cuts long ones), at most three to a message
    // (it shows the first three of a kind): exercise 2's program says the
    // first ten results, exercise 3's the rest.
    let probe = |skip: usize| {
        format!(
            r#"fn main() {{
    let said = helper(&["kernel", "-"], "").unwrap_or_else(|| "no-helper 0\n".into());
    let said: Vec<&str> = said.lines().skip({skip}).take(10).collect();
    for five in said.chunks(5) {{
        println!("surface: {{}};", five.join("; "));
    }}
}}
{}"#,
            helper_items()
        )
    };
    let prober = echo_student(class.path(), "prober", &probe(0));
    let silence = course()
        .into_iter()
        .find(|e| e.number == 3)
        .expect("exercise 3");
    write(&prober.join("exercises").join(&silence.file), &probe(10));
    let (report, _) = grade(&[&prober], None, &[], Keyring::Inherited);
    let said: String = report["submissions"][0]["exercises"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|e| e["scenarios"].as_array().into_iter().flatten())
        .filter_map(|c| c["message"].as_str())
        // "a 1; b 2;" → "a 1 ; b 2 ;": each result ends with " ;".
        .map(|m| m.replace(';', " ;"))
        .collect();
    let expected = [
        ("io_uring_setup", -1),
        ("userfaultfd", -1),
        ("fanotify_init", -1),
        ("mount", -1),
        ("umount2", -1),
        ("pivot_root", -1),
        ("clone3", -38),
        ("clone_newuser", -1),
        ("unshare_newuser", -1),
        ("flock", -1),
        ("getlk", -1),
        ("ofd_getlk", -1),
        ("inotify_init1", -1),
        ("memfd_create", -1),
        ("memfd_secret", -1),
        ("shmget", -1),
        ("msgget", -1),
        ("semget", -1),
        ("socket", -1),
    ];
    for (call, errno) in expected {
        assert!(
            said.contains(&format!(" {call} {errno} ;")),
            "{call} should give {errno}:\n{said}"
        );
    }
}

/// Item 8 of issue 27: in a container that does not let bubblewrap make
/// namespaces (Docker without CAP_SYS_ADMIN), grading says what the
/// container needs, not "install bubblewrap". A `bwrap` that fails as it
/// does there stands in for it.
fn a_container_that_refuses_bubblewrap_is_told_what_to_grant() {
    let fake = tempfile::tempdir().expect("temp dir");
    let bwrap = fake.path().join("bwrap");
    fs::write(
        &bwrap,
        "#!/bin/sh\necho 'bwrap: Creating new namespace failed: Operation not permitted' >&2\nexit 1\n",
    )
    .expect("write");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&bwrap, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let class = tempfile::tempdir().expect("temp dir");
    let student = echo_student(class.path(), "any", &solution(&echo()));
    let mut command = learn_command(&repo());
    let path = command
        .get_envs()
        .find(|(name, _)| *name == "PATH")
        .and_then(|(_, value)| value.map(|v| v.to_owned()))
        .unwrap_or_default();
    let mut paths = vec![fake.path().to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    let output = command
        .env("PATH", std::env::join_paths(paths).expect("PATH"))
        .arg("grade")
        .arg(&student)
        .output()
        .expect("learn grade runs");
    let err = stderr(&output);
    assert_eq!(code(&output), 2, "{err}");
    assert!(
        err.contains("Operation not permitted")
            && err.contains("CAP_SYS_ADMIN")
            && !err.contains("Install bubblewrap"),
        "{err}"
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(the_keyring_carries_nothing_between_students).needs(Tool::Sandbox),
        test!(grading_as_another_user_works_and_shows_none_of_its_environment)
            .needs(Tool::Sandbox)
            .needs(Tool::Root),
        test!(a_fork_bomb_in_one_run_leaves_another_run_s_marks_untouched)
            .needs(Tool::Sandbox)
            .needs(Tool::Root),
        test!(a_fork_bomb_in_another_container_leaves_a_class_s_marks_untouched)
            .needs(Tool::Sandbox)
            .needs(Tool::Root),
        test!(locks_on_shared_files_carry_nothing_between_students).needs(Tool::Sandbox),
        test!(a_course_and_class_under_usr_are_not_shown_to_students)
            .needs(Tool::Sandbox)
            .needs(Tool::Root),
        test!(hidden_scenarios_inside_a_shown_folder_are_refused).needs(Tool::Sandbox),
        test!(hidden_inputs_reach_no_report_a_student_reads).needs(Tool::Sandbox),
        test!(a_container_that_refuses_bubblewrap_is_told_what_to_grant),
        test!(descriptors_the_grader_inherits_reach_no_sandbox).needs(Tool::Sandbox),
        test!(the_kernel_surface_no_namespace_separates_is_refused).needs(Tool::Sandbox),
    ]
}
