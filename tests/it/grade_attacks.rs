//! `learn grade` against a class of students who attack the grader and each
//! other (issue 17): one student each runs a classmate's program, swaps or
//! overwrites built programs, reads the grader's secret from `/proc`,
//! rewrites the grader's files, kills the grader, leaves a detached forger
//! behind, compiles forever, reads files with a macro-made `#[path]`, or
//! allocates 1 GiB; and one honest student writes `let include = 1;`.
//!
//! The class is graded once, on a copy of the course, with a secret in the
//! grader's environment. Then: every attacker gets what their own code
//! earns, every honest student gets the score they get graded alone, the
//! secret is in no output, the grader's files are unchanged, no process
//! outlives the run, and the run ends within its bound.
//!
//! Needs bubblewrap: skipped with one line when `bwrap` is missing, a
//! failure when `CI` is set (`.ci/run` installs it).

use crate::common::class::course_grader;
use crate::common::course::{Exercise, course};
use crate::common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const SECRET: &str = "grader-secret-5f1e0c2a";
const MARKER: &str = "attack-marker-zz9q";
const HIDDEN_MARKER: &str = "hidden-scenario-text-k3v8";
const TIMEOUT: u64 = 2;
const BUILD_LIMIT: u64 = 25;

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("parent")).expect("create folder");
    fs::write(path, text).expect("write");
}

fn solution(e: &Exercise) -> String {
    fs::read_to_string(repo().join("solutions").join(&e.file)).expect("solution")
}

fn pristine(e: &Exercise) -> String {
    fs::read_to_string(e.shipped_file()).expect("the lesson's copy")
}

/// A solution with `code` run first thing in `main`, and `items` added.
fn solution_with(e: &Exercise, code: &str, items: &str) -> String {
    let text = solution(e);
    let text = text.replacen("fn main() {", &format!("fn main() {{\n{code}\n"), 1);
    assert!(text.contains(code), "main found in {}", e.file);
    format!("{text}\n{items}\n")
}

/// Every file in a folder, for the attacks that look for programs.
const LIST: &str = r#"
fn files_in(dir: &str) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .map(|r| r.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default()
}
"#;

struct Class {
    grader: PathBuf,
    hidden: PathBuf,
    out: PathBuf,
    students: PathBuf,
    /// Name → expected score.
    expected: BTreeMap<&'static str, u64>,
    honest: Vec<&'static str>,
}

fn write_class(base: &Path) -> Class {
    let course = course();
    let full: u64 = course.iter().map(|e| e.points).sum();
    let by = |n: i64| {
        course
            .iter()
            .find(|e| e.number == n)
            .expect("exercise")
            .clone()
    };
    let grader = base.join("grader");
    course_grader(&grader);
    let hidden = base.join("hidden");
    let out = base.join("out");
    let students = base.join("class");
    let _ = fs::remove_dir_all(&students);
    let _ = fs::remove_dir_all(&out);
    fs::create_dir_all(&out).expect("out");
    let echo = by(2);
    write(
        &hidden.join(format!("{}.toml", echo.id)),
        &format!(
            r#"format_version = 1

[vars]
hidden_id = {{ random = "int" }}

[[scenario]]
name = "{HIDDEN_MARKER}: tools/list is answered"
fact = "F7"
rule = {{ en = "Every request gets its answer ({HIDDEN_MARKER}).", zh = "每个请求都有回应。" }}
[[scenario.step]]
send = '{{"jsonrpc": "2.0", "id": "${{hidden_id}}", "method": "tools/list", "params": {{}}}}'
expect = '{{"jsonrpc": "2.0", "id": "${{hidden_id}}", "result": "$object"}}'
"#
        ),
    );
    let bin_dir = grader.join("target/grade/bin");
    let bin_dir = bin_dir.display().to_string();
    let g = grader.display().to_string();
    let h = hidden.display().to_string();
    let o = out.display().to_string();

    let mut expected = BTreeMap::new();
    let mut student = |name: &'static str, files: Vec<String>, score: u64| {
        for (e, text) in course.iter().zip(files) {
            write(&students.join(name).join("exercises").join(&e.file), &text);
        }
        expected.insert(name, score);
    };
    let all = |f: &dyn Fn(&Exercise) -> String| course.iter().map(f).collect::<Vec<_>>();
    let solved = all(&solution);
    let unsolved = all(&pristine);

    // Honest work.
    student("alice", solved.clone(), full);
    student("bob", unsolved.clone(), 0);
    let carol: Vec<String> = course
        .iter()
        .map(|e| {
            if e.number <= 4 {
                solution(e)
            } else {
                pristine(e)
            }
        })
        .collect();
    student(
        "carol",
        carol,
        course
            .iter()
            .filter(|e| e.number <= 4)
            .map(|e| e.points)
            .sum(),
    );
    let mut honest_include = solved.clone();
    honest_include[1] = solution_with(&echo, "    let include = 1;\n    let _ = include;", "");
    student("dave-include", honest_include, full);

    // Runs whatever built program it finds, in place of its own.
    let mut proxy = unsolved.clone();
    proxy[1] = format!(
        r#"{LIST}
fn main() {{
    for program in files_in({bin_dir:?}) {{
        if program.extension().is_none() {{
            let status = std::process::Command::new(&program).status();
            if let Ok(status) = status {{
                std::process::exit(status.code().unwrap_or(1));
            }}
        }}
    }}
    std::process::exit(3);
}}
"#
    );
    student("eve-proxy", proxy, 0);

    // Its first program copies a built program over every other one (its
    // own `todo!()` ones among them), then fails.
    let mut swap = unsolved.clone();
    swap[0] = format!(
        r#"{LIST}
fn main() {{
    let programs: Vec<_> = files_in({bin_dir:?})
        .into_iter()
        .filter(|p| p.extension().is_none())
        .collect();
    if let Some(first) = programs.first() {{
        let bytes = std::fs::read(first).unwrap_or_default();
        for p in &programs[1..] {{
            let _ = std::fs::write(p, &bytes);
        }}
    }}
}}
"#
    );
    student("frank-swap", swap, 0);

    // Writes a copy of itself over every built program, then does its job.
    let overwrite = solution_with(
        &echo,
        &format!(
            r#"    if let Ok(me) = std::fs::read("/proc/self/exe") {{
        for p in files_in({bin_dir:?}) {{
            let _ = std::fs::write(&p, &me);
            let _ = std::fs::remove_file(&p);
        }}
    }}"#
        ),
        LIST,
    );
    let mut files = solved.clone();
    files[1] = overwrite;
    student("grace-overwrite", files, full);

    // Reads every process's environment and prints any secret it finds.
    let reader = solution_with(
        &echo,
        r#"    let mut found = String::new();
    if let Some(at_build) = option_env!("GRADER_TOKEN") {
        found.push_str(at_build);
    }
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(env) = std::fs::read(entry.path().join("environ")) {
            let env = String::from_utf8_lossy(&env);
            if env.contains("TOKEN") {
                found.push_str(&env);
            }
        }
    }
    eprintln!("found: {found}");
    if !found.is_empty() {
        println!("{found}");
    }"#,
        "",
    );
    let mut files = solved.clone();
    files[1] = reader;
    student("heidi-proc", files, full);

    // Rewrites the grader's lessons, hidden scenarios, harness, progress
    // and built programs, then does its job.
    let rewriter = solution_with(
        &echo,
        &format!(
            r#"    for file in [
        "{g}/lessons/01-mcp-messages/exercises/{id}.toml",
        "{h}/{id}.toml",
        "{g}/harness/src/lib.rs",
        "{g}/.learn-progress.toml",
    ] {{
        let _ = std::fs::write(file, "format_version = 1\n");
    }}
    for p in files_in({bin_dir:?}) {{
        let _ = std::fs::write(&p, "garbage");
    }}"#,
            id = echo.id
        ),
        LIST,
    );
    let mut files = solved.clone();
    files[1] = rewriter;
    student("ivan-rewriter", files, full);

    // Kills its parent and anything that looks like the grader, then does its job.
    let killer = solution_with(
        &echo,
        r#"    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let ppid = stat.rsplit(')').next().and_then(|s| s.split_whitespace().nth(1)).unwrap_or("0").to_string();
    let _ = std::process::Command::new("kill").args(["-KILL", &ppid]).status();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let exe = std::fs::read_link(entry.path().join("exe")).unwrap_or_default();
        if exe.to_string_lossy().ends_with("/learn") || exe.to_string_lossy().contains("bwrap") {
            let pid = entry.file_name().to_string_lossy().into_owned();
            let _ = std::process::Command::new("kill").args(["-KILL", &pid]).status();
        }
    }"#,
        "",
    );
    let mut files = solved.clone();
    files[1] = killer;
    student("judy-killer", files, full);

    // Leaves a detached child that rewrites the report after the run.
    let forger = solution_with(
        &echo,
        &format!(
            r#"    let _ = std::process::Command::new("setsid")
        .args(["-f", "sh", "-c", "sleep 3; echo '{{\"score\": 135}}' > {o}/report.json; echo forged > {o}/forged; : {MARKER}"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();"#
        ),
        "",
    );
    let mut files = solved.clone();
    files[1] = forger;
    student("mallory-forger", files, full);

    // A constant whose evaluation never ends, in its last file (compiled
    // last: the build limit stops it and nothing of the student's after it).
    let capstone = course.last().expect("exercises").clone();
    let mut files = solved.clone();
    let last = files.len() - 1;
    files[last] = format!(
        "#![allow(long_running_const_eval)]\n{}\nconst _FOREVER: u64 = {{\n    let mut i: u64 = 0;\n    loop {{\n        i = i.wrapping_add(1);\n        if i == u64::MAX {{\n            break i;\n        }}\n    }}\n}};\n",
        solution(&capstone)
    );
    student("niaj-endless", files, full - capstone.points);

    // `#[path]` made by a macro, to the system's users and a hidden scenario.
    let silence = by(3);
    let mut files = solved.clone();
    files[1] = solution_with(
        &echo,
        "",
        "macro_rules! m { ($a:meta) => { #[$a] mod x; } }\nm!(path = \"/etc/passwd\");",
    );
    files[2] = solution_with(
        &silence,
        "",
        &format!(
            "macro_rules! m {{ ($a:meta) => {{ #[$a] mod x; }} }}\nm!(path = \"{h}/{}.toml\");",
            echo.id
        ),
    );
    student("olivia-path", files, full - echo.points - silence.points);

    // Takes 1 GiB and touches every page of it before doing its job.
    let mut files = solved.clone();
    files[1] = solution_with(
        &echo,
        "    let mut big = vec![1u8; 1 << 30];\n    for i in (0..big.len()).step_by(4096) { big[i] = 2; }\n    std::hint::black_box(&big);",
        "",
    );
    student("peggy-memory", files, full - echo.points);

    Class {
        grader,
        hidden,
        out,
        students,
        expected,
        honest: vec!["alice", "bob", "carol", "dave-include"],
    }
}

fn hashes(class: &Class) -> BTreeMap<String, Vec<u8>> {
    let mut all = BTreeMap::new();
    fn walk(path: &Path, all: &mut BTreeMap<String, Vec<u8>>) {
        if path.is_dir() {
            for entry in fs::read_dir(path).expect("read").flatten() {
                walk(&entry.path(), all);
            }
        } else {
            all.insert(
                path.display().to_string(),
                fs::read(path).unwrap_or_default(),
            );
        }
    }
    for part in [
        "lessons",
        "harness",
        "exercises",
        "src",
        "Cargo.toml",
        "Cargo.lock",
    ] {
        walk(&class.grader.join(part), &mut all);
    }
    walk(&class.hidden, &mut all);
    all
}

fn grade(class: &Class, names: &[&str], out: &Path) -> (std::process::Output, f64) {
    let mut command = learn_command(&class.grader);
    command.env("GRADER_TOKEN", SECRET).args([
        "grade",
        "--format",
        "json",
        "--seed",
        "7",
        "--jobs",
        "2",
        "--timeout",
        &TIMEOUT.to_string(),
        "--build-limit",
        &BUILD_LIMIT.to_string(),
        "--scenarios",
    ]);
    command.arg(&class.hidden).arg("--out").arg(out);
    for name in names {
        command.arg(class.students.join(name));
    }
    let started = Instant::now();
    let output = command.output().expect("learn grade runs");
    (output, started.elapsed().as_secs_f64())
}

fn scores(report: &Value) -> BTreeMap<String, u64> {
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

/// Processes still running that an attacker started.
fn survivors(class: &Class) -> Vec<String> {
    let bin = class.grader.join("target/grade/bin");
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").expect("/proc").flatten() {
        let cmdline = fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        let exe = fs::read_link(entry.path().join("exe")).unwrap_or_default();
        if cmdline.contains(MARKER) || exe.starts_with(&bin) {
            found.push(format!(
                "{}: {cmdline}",
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found
}

fn a_class_of_attackers_cannot_change_any_grade_but_their_own() {
    let kept = kept_folder("grade-attacks");
    let class = write_class(&kept.path);
    let course = course();
    let before = hashes(&class);
    let names: Vec<&str> = class.expected.keys().copied().collect();
    let report_file = class.out.join("report.json");
    let (output, seconds) = grade(&class, &names, &report_file);
    let err = stderr(&output);
    assert_eq!(code(&output), 1, "not everyone has full marks\n{err}");
    let report_text = fs::read_to_string(&report_file).expect("the report was written");
    let report: Value = serde_json::from_str(&report_text).expect("report is JSON");

    // Every attacker gets what their own code earns; so does everyone else.
    let got = scores(&report);
    let want: BTreeMap<String, u64> = class
        .expected
        .iter()
        .map(|(k, v)| (k.to_string(), *v))
        .collect();
    assert_eq!(got, want, "{err}");

    // The endless compile cost its own student and nobody else.
    let niaj = report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .find(|s| s["name"] == "niaj-endless")
        .expect("niaj");
    let stopped = niaj["exercises"][course.len() - 1]["build_error"]
        .as_str()
        .expect("capstone stopped");
    assert!(stopped.contains("build limit"), "{stopped}");

    // Files read at compile time are not there.
    let olivia = report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .find(|s| s["name"] == "olivia-path")
        .expect("olivia");
    for e in [1, 2] {
        let message = olivia["exercises"][e]["build_error"]
            .as_str()
            .expect("refused");
        assert!(message.contains("couldn't read"), "{message}");
    }

    // The secret and hidden scenario text are nowhere a student could see,
    // and the grader's own files are as they were.
    let everything = format!("{}{}{report_text}", stdout(&output), err);
    assert!(!everything.contains(SECRET), "the secret leaked");
    assert!(!everything.contains("root:x:0:0"), "/etc/passwd leaked");
    assert!(
        !olivia.to_string().contains(HIDDEN_MARKER),
        "a hidden scenario leaked into a build error"
    );
    assert!(before == hashes(&class), "the grader's files changed");
    assert!(
        !class.grader.join(".learn-progress.toml").exists(),
        "the grader's progress file was written"
    );

    // Nothing outlives the run: not now, and not after the forger's delay.
    assert_eq!(survivors(&class), Vec::<String>::new());
    std::thread::sleep(Duration::from_secs(4));
    assert_eq!(survivors(&class), Vec::<String>::new());
    assert_eq!(
        fs::read_to_string(&report_file).expect("report"),
        report_text,
        "the report was rewritten after the run"
    );
    assert!(
        !class.out.join("forged").exists(),
        "a forger ran after the run"
    );

    // Within (students x exercises x timeout) plus the build limit.
    let bound = (names.len() * course.len()) as f64 * TIMEOUT as f64 + BUILD_LIMIT as f64;
    assert!(seconds < bound, "took {seconds:.1} s, bound {bound} s");
    eprintln!(
        "graded {} students in {seconds:.1} s (bound {bound} s)",
        names.len()
    );

    // Every honest student's score is their score graded alone.
    for name in &class.honest {
        let alone = class.out.join(format!("alone-{name}.json"));
        let (output, _) = grade(&class, &[name], &alone);
        assert!(matches!(code(&output), 0 | 1), "{}", stderr(&output));
        let report: Value =
            serde_json::from_str(&fs::read_to_string(&alone).expect("report")).expect("JSON");
        assert_eq!(scores(&report)[*name], got[*name], "{name} alone");
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![test!(a_class_of_attackers_cannot_change_any_grade_but_their_own).needs(Tool::Sandbox)]
}
