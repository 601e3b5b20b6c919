//! What is particular to a lesson comes from its `lesson.toml`, not from
//! `src/`: the words `learn next` ends with, and the server exercise that
//! `interop`, `serve` and `conformance` take when none is named (its
//! expected failures are in the lesson's conformance.toml, whose errors
//! tests/it/broken_content.rs shows). `tests/it/conformance.rs` runs
//! `learn conformance` with no exercise named on the real lesson.

use crate::common::*;
use std::fs;
use std::path::Path;

fn fixture_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(&repo().join("tests/fixtures/course"), dir.path());
    dir
}

fn add_to_lesson(dir: &Path, after: &str, text: &str) {
    let path = dir.join("lessons/basics/lesson.toml");
    let lesson = fs::read_to_string(&path).expect("read");
    assert!(lesson.contains(after), "the fixture lesson holds {after:?}");
    fs::write(&path, lesson.replacen(after, &format!("{after}{text}"), 1)).expect("write");
}

fn learn_next_ends_with_the_lessons_own_words() {
    let course = fixture_copy();
    let dir = course.path();
    fs::write(
        dir.join(".learn-progress.toml"),
        "format_version = 1\ndone = [\"reading:hello\", \"exercise:echo\"]\n",
    )
    .expect("progress");
    let output = learn_in(dir, &["next"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), "Every step is done: well done!\n");

    add_to_lesson(
        dir,
        "title = { en = \"Fixture lesson\", zh = \"测试课程\" }\n",
        "finished = { en = \"The fixture is done.\", zh = \"测试课程学完了。\" }\n",
    );
    assert_eq!(stdout(&learn_in(dir, &["next"])), "The fixture is done.\n");
    assert_eq!(
        stdout(&learn_in(dir, &["next", "--lang", "zh"])),
        "测试课程学完了。\n"
    );
    // The course's own lesson says its own words.
    let words = fs::read_to_string(repo().join("lessons/01-mcp-messages/lesson.toml"))
        .expect("lesson.toml");
    assert!(words.contains(
        "\nfinished = { en = \"Every step is done. You can now read and write the MCP message layer"
    ));
}

fn a_server_table_naming_no_server_exercise_is_refused_with_file_and_line() {
    let course = fixture_copy();
    add_to_lesson(course.path(), "'\n", "\n[server]\nexercise = \"nope\"\n");
    let output = learn_in(course.path(), &["dev", "check"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.contains(
            "lessons/basics/lesson.toml:8: `[server] exercise = \"nope\"` is no exercise of this lesson"
        ),
        "{err}"
    );
    // A server exercise that exists is accepted.
    let course = fixture_copy();
    add_to_lesson(course.path(), "'\n", "\n[server]\nexercise = \"echo\"\n");
    let output = learn_in(course.path(), &["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(learn_next_ends_with_the_lessons_own_words),
        test!(a_server_table_naming_no_server_exercise_is_refused_with_file_and_line),
    ]
}
