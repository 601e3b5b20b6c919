//! The author's pipeline: `learn dev update` writes what follows from the
//! lessons, and `learn dev check` refuses a course whose bins, file names or
//! numbers disagree with them.

mod common;
use common::*;

use std::fs;
use std::path::Path;

fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{} holds {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).expect("write");
}

#[test]
fn the_shipped_course_is_up_to_date() {
    let output = learn(&["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let course = course_copy();
    let output = learn_in(course.path(), &["dev", "update"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), "up to date: nothing to write\n");
}

#[test]
fn a_removed_bin_is_named_and_dev_update_puts_it_back() {
    let course = course_copy();
    let cargo = course.path().join("exercises/Cargo.toml");
    edit(
        &cargo,
        "[[bin]]\nname = \"id-echo-solution\"\npath = \"../solutions/02_id-echo.rs\"\n",
        "",
    );
    let output = learn_in(course.path(), &["dev", "check"]);
    assert_eq!(code(&output), 2);
    assert_eq!(
        stderr(&output).trim_end(),
        "error: the lesson content has problems; fix these and run again:\n  \
         exercises/Cargo.toml: has no `[[bin]]` named `id-echo-solution`: run `learn dev update` to write it from the lessons"
    );
    let output = learn_in(course.path(), &["dev", "update"]);
    assert_eq!(stdout(&output), "wrote exercises/Cargo.toml\n");
    let output = learn_in(course.path(), &["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

#[test]
fn an_exercise_numbered_out_of_order_or_misnamed_is_refused() {
    let course = course_copy();
    let toml = course
        .path()
        .join("lessons/mcp-messages/exercises/id-echo.toml");
    edit(&toml, "number = 2", "number = 20");
    let err = stderr(&learn_in(course.path(), &["dev", "check"]));
    assert!(
        err.contains("lessons/mcp-messages/exercises/id-echo.toml: `number = 20` but `id-echo` is exercise 2 in lesson order"),
        "{err}"
    );
    assert!(
        err.contains("`file = \"02_id-echo.rs\"`: name it `20_id-echo.rs`"),
        "{err}"
    );
}

/// Adding an exercise: its TOML file, its exercise and solution files, its
/// step in lesson.toml, then `learn dev update`; `learn check` then checks it.
#[test]
fn adding_an_exercise_takes_four_files_and_dev_update() {
    let course = course_copy();
    let root = course.path();
    let lesson = root.join("lessons/mcp-messages");
    let text = fs::read_to_string(lesson.join("exercises/id-echo.toml")).expect("read");
    let text = text
        .replacen("id = \"id-echo\"", "id = \"id-echo-again\"", 1)
        .replacen("number = 2", "number = 10", 1)
        .replacen(
            "file = \"02_id-echo.rs\"",
            "file = \"10_id-echo-again.rs\"",
            1,
        );
    fs::write(lesson.join("exercises/id-echo-again.toml"), text).expect("write");
    for folder in ["exercises", "solutions"] {
        fs::copy(
            root.join(folder).join("02_id-echo.rs"),
            root.join(folder).join("10_id-echo-again.rs"),
        )
        .expect("copy");
    }
    edit(
        &lesson.join("lesson.toml"),
        "  { exercise = \"capstone\" },\n",
        "  { exercise = \"capstone\" },\n  { exercise = \"id-echo-again\" },\n",
    );

    let err = stderr(&learn_in(root, &["dev", "check"]));
    assert!(
        err.contains("has no `[[bin]]` named `id-echo-again`"),
        "{err}"
    );
    assert!(err.contains("autograding.json: does not list"), "{err}");

    let output = learn_in(root, &["dev", "update"]);
    assert_eq!(
        stdout(&output),
        "wrote exercises/Cargo.toml, .github/classroom/autograding.json\n"
    );
    let output = learn_in(root, &["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));

    let solved = learn_in(root, &["check", "id-echo-again", "--solution", "--json"]);
    assert_eq!(json(&solved)["passed"], true, "{}", stdout(&solved));
    let pristine = learn_in(root, &["check", "10", "--json"]);
    assert_eq!(json(&pristine)["exercise"], "id-echo-again");
    assert_eq!(json(&pristine)["passed"], false);
}
