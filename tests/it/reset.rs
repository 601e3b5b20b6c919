//! `learn reset` on real course copies: it asks first, keeps a backup,
//! restores the shipped file (not whatever git holds), and works in a
//! subfolder of a repository and after the learner has committed.

use crate::common::*;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const FILE: &str = "exercises/02_id-echo.rs";

/// The file as the course ships it, from the repository's lesson folder.
fn shipped() -> String {
    read(&repo().join("lessons/01-mcp-messages/exercises/02_id-echo.rs"))
}

fn solution() -> String {
    read(&repo().join("solutions/02_id-echo.rs"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// `learn reset` in `dir`, with `answer` typed on stdin.
fn reset_answering(dir: &Path, args: &[&str], answer: &str) -> Output {
    let mut all = vec!["reset"];
    all.extend_from_slice(args);
    crate::common::learn_with_stdin(dir, &all, answer)
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

fn is_done(dir: &Path, id: &str) -> bool {
    let list = json(&learn_in(dir, &["list", "--json"]));
    list.as_array()
        .and_then(|s| s.iter().find(|s| s["id"] == id))
        .is_some_and(|s| s["status"] == "done")
}

fn reset_asks_first_and_a_no_changes_nothing() {
    let course = course_copy();
    let dir = course.path();
    std::fs::write(dir.join(FILE), solution()).expect("solve");
    for answer in ["n\n", "\n", ""] {
        let output = reset_answering(dir, &["id-echo"], answer);
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        assert!(
            stderr(&output).contains("Replace your work in"),
            "it asks: {}",
            stderr(&output)
        );
        assert!(stdout(&output).contains("Nothing changed."));
        assert_eq!(read(&dir.join(FILE)), solution(), "answer {answer:?}");
    }
    assert!(
        !dir.join(".learn-backups").exists(),
        "no backup without a reset"
    );
}

fn reset_keeps_a_backup_of_each_version_then_restores_the_shipped_file() {
    let course = course_copy();
    let dir = course.path();
    std::fs::write(dir.join(FILE), solution()).expect("solve");
    assert_eq!(code(&learn_in(dir, &["check", "id-echo"])), 0);
    assert!(is_done(dir, "id-echo"));

    let output = reset_answering(dir, &["id-echo"], "y\n");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(read(&dir.join(FILE)), shipped());
    assert_eq!(
        read(&dir.join(".learn-backups/02_id-echo.1.rs")),
        solution()
    );
    assert!(stdout(&output).contains(".learn-backups/02_id-echo.1.rs"));
    assert!(!is_done(dir, "id-echo"), "reset marks it unsolved");

    // A second version gets a second backup; --force does not ask.
    std::fs::write(dir.join(FILE), "// my second try\n").expect("edit");
    let output = learn_in(dir, &["reset", "id-echo", "--force"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(!stderr(&output).contains("Replace your work"));
    assert_eq!(read(&dir.join(FILE)), shipped());
    assert_eq!(
        read(&dir.join(".learn-backups/02_id-echo.1.rs")),
        solution()
    );
    assert_eq!(
        read(&dir.join(".learn-backups/02_id-echo.2.rs")),
        "// my second try\n"
    );

    // Already as shipped: nothing to back up, nothing asked.
    let output = learn_in(dir, &["reset", "id-echo"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).contains("Nothing to reset"));
    assert!(!dir.join(".learn-backups/02_id-echo.3.rs").exists());
}

fn reset_restores_the_shipped_file_after_the_learner_committed() {
    let course = course_copy();
    let dir = course.path();
    git(dir, &["init", "-q"]);
    std::fs::write(dir.join(FILE), solution()).expect("solve");
    git(dir, &["add", "."]);
    git(dir, &["commit", "-qm", "my solution"]);
    let output = learn_in(dir, &["reset", "id-echo", "--force"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        read(&dir.join(FILE)),
        shipped(),
        "the course's file, not the learner's last commit"
    );
}

fn reset_works_in_a_subfolder_of_a_repository() {
    let outer = tempfile::tempdir().expect("temp dir");
    let course = course_copy();
    let dir = outer.path().join("courses/mcp");
    std::fs::create_dir_all(dir.parent().expect("parent")).expect("mkdir");
    copy_tree(course.path(), &dir);
    git(outer.path(), &["init", "-q"]);
    git(outer.path(), &["add", "."]);
    git(outer.path(), &["commit", "-qm", "everything"]);
    std::fs::write(dir.join(FILE), solution()).expect("solve");
    // Run from inside exercises/, two levels below the repository's top.
    let output = learn_in(&dir.join("exercises"), &["reset", "2", "--force"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(read(&dir.join(FILE)), shipped());
    assert_eq!(
        read(&dir.join(".learn-backups/02_id-echo.1.rs")),
        solution()
    );
}

fn reset_defaults_to_the_current_exercise_and_names_a_wrong_id() {
    let course = course_copy();
    let dir = course.path();
    let output = learn_in(dir, &["reset", "id-ecko"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("Did you mean `id-echo`?"));
    std::fs::write(dir.join("exercises/01_message-kinds.rs"), "// edited\n").expect("edit");
    let output = learn_in(dir, &["reset", "--force"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        read(&dir.join("exercises/01_message-kinds.rs")),
        read(&repo().join("lessons/01-mcp-messages/exercises/01_message-kinds.rs"))
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(reset_asks_first_and_a_no_changes_nothing),
        test!(reset_keeps_a_backup_of_each_version_then_restores_the_shipped_file),
        test!(reset_restores_the_shipped_file_after_the_learner_committed),
        test!(reset_works_in_a_subfolder_of_a_repository),
        test!(reset_defaults_to_the_current_exercise_and_names_a_wrong_id),
    ]
}
