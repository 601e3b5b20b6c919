//! Every kind of malformed content is rejected with the file, the line and
//! what to fix, exit code 2, never a panic. Each case breaks one thing in a
//! copy of the fixture course.

use crate::common::*;
use std::path::Path;

const LESSON: &str = "lessons/basics/lesson.toml";
const EXERCISE: &str = "lessons/basics/exercises/echo.toml";

/// (name, file, text to replace, replacement, what the error must say)
const CASES: &[(&str, &str, &str, &str, &str)] = &[
    (
        "bad TOML",
        LESSON,
        "title = { en = \"Fixture lesson\"",
        "title = { en = \"Fixture lesson\",,",
        "lessons/basics/lesson.toml:3",
    ),
    (
        "bad JSON in a message",
        EXERCISE,
        r#""id": "${id}", "method""#,
        r#""id": , "method""#,
        "lessons/basics/exercises/echo.toml:23: scenario `one request, one notification` step 1: `send` is not valid JSON",
    ),
    (
        "bad JSON in an expectation",
        EXERCISE,
        r#"expect = '{"id": "${id}""#,
        r#"expect = '{"id" "${id}""#,
        "echo.toml:24: scenario `one request, one notification` step 1: `expect` is not valid JSON",
    ),
    (
        "unknown field",
        EXERCISE,
        "points = 5",
        "points = 5\ncolour = \"red\"",
        "unknown field `colour`",
    ),
    (
        "missing translation",
        EXERCISE,
        "zh = \"复制 id。\"",
        "zh = \"\"",
        "hint 1 has no `zh` text",
    ),
    (
        "missing section file",
        "lessons/basics/sections/zh/hello.md",
        "",
        "",
        "reading `hello` has no zh text: create lessons/basics/sections/zh/hello.md",
    ),
    (
        "duplicate step",
        LESSON,
        "{ exercise = \"echo\" },",
        "{ exercise = \"echo\" },\n  { exercise = \"echo\" },",
        "step `exercise:echo` appears twice",
    ),
    (
        "duplicate scenario",
        EXERCISE,
        "[[scenario]]\nname = { en = \"one request, one notification\"",
        "[[scenario]]\nname = { en = \"x\", zh = \"x\" }\nfact = \"F2\"\nrule = { en = \"r\", zh = \"r\" }\n[[scenario.step]]\nsend_raw = \"x\"\n\n[[scenario]]\nname = { en = \"x\"",
        "two scenarios are named `x`",
    ),
    (
        "English-only scenario name",
        EXERCISE,
        "name = { en = \"one request, one notification\", zh = \"一个请求，一条通知\" }",
        "name = \"one request, one notification\"",
        "scenario `one request, one notification` has only an English name",
    ),
    (
        "future format_version",
        EXERCISE,
        "format_version = 1",
        "format_version = 2",
        "echo.toml:1: format_version 2 is not one this `learn` reads",
    ),
    (
        "missing format_version",
        LESSON,
        "format_version = 1\n",
        "",
        "missing `format_version`",
    ),
    (
        "unknown matcher",
        EXERCISE,
        "\"result\": \"$object\"",
        "\"result\": \"$objcet\"",
        "unknown matcher `$objcet`",
    ),
    (
        "undefined variable",
        EXERCISE,
        "\"id\": \"${id}\", \"method\"",
        "\"id\": \"${idd}\", \"method\"",
        "`${idd}` is not defined",
    ),
    (
        "request without expectation",
        EXERCISE,
        "expect = '{\"id\": \"${id}\", \"result\": \"$object\"}'\n",
        "",
        "sends a request (it has `id` and `method`) but has no `expect`",
    ),
    (
        "missing solution file",
        "solutions/01_echo.rs",
        "",
        "",
        "`file = \"01_echo.rs\"` but solutions/01_echo.rs does not exist",
    ),
    (
        "missing shipped copy",
        "lessons/basics/exercises/01_echo.rs",
        "",
        "",
        "`file = \"01_echo.rs\"` but lessons/basics/exercises/01_echo.rs does not exist",
    ),
    (
        "bad fact id",
        EXERCISE,
        "fact = \"F2\"",
        "fact = \"fact two\"",
        "is not a fact id like \"F7\"",
    ),
    (
        "unknown step kind",
        LESSON,
        "{ reading = \"hello\" }",
        "{ lecture = \"hello\" }",
        "lessons/basics/lesson.toml:12: unknown variant `lecture`, expected one of `reading`, `exercise`, `quiz`",
    ),
];

fn broken_copy(file: &str, old: &str, new: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy(&repo().join("tests/fixtures/course"), dir.path());
    let path = dir.path().join(file);
    if old.is_empty() {
        std::fs::remove_file(&path).expect("remove");
    } else {
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(
            text.contains(old),
            "the fixture still holds {old:?} in {file}"
        );
        std::fs::write(&path, text.replacen(old, new, 1)).expect("write");
    }
    dir
}

fn copy(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("read") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).expect("mkdir");
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

fn the_fixture_itself_is_valid() {
    let output = learn(&[
        "dev",
        "check",
        &repo().join("tests/fixtures/course").display().to_string(),
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

fn each_broken_file_is_reported_with_file_line_and_fix() {
    let mut report = String::new();
    for (name, file, old, new, says) in CASES {
        let dir = broken_copy(file, old, new);
        for args in [vec!["dev", "check"], vec!["list"], vec!["next"]] {
            let output = learn_in(dir.path(), &args);
            let err = stderr(&output);
            assert_eq!(code(&output), 2, "{name} ({args:?}): exit 2\n{err}");
            assert!(
                err.contains(says),
                "{name} ({args:?}): stderr should contain `{says}`:\n{err}"
            );
            assert!(!err.contains("panicked"), "{name}: no panic\n{err}");
        }
        let err = stderr(&learn_in(dir.path(), &["dev", "check"]));
        report.push_str(&format!("## {name}\n{err}\n"));
    }
    insta::assert_snapshot!("broken-content-errors", report);
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(the_fixture_itself_is_valid),
        test!(each_broken_file_is_reported_with_file_line_and_fix),
    ]
}
