//! The author's pipeline: `learn dev update` writes what follows from the
//! lessons, and `learn dev check` refuses a course whose bins, file names or
//! numbers disagree with them; a new lesson's test programs and cases run
//! as every lesson's do.

use crate::common::*;

use std::fs;
use std::path::Path;

fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{} holds {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).expect("write");
}

fn the_shipped_course_is_up_to_date() {
    let output = learn(&["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let course = course_copy();
    let output = learn_in(course.path(), &["dev", "update"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), "up to date: nothing to write\n");
}

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

fn an_exercise_numbered_out_of_order_or_misnamed_is_refused() {
    let course = course_copy();
    let toml = course
        .path()
        .join("lessons/01-mcp-messages/exercises/id-echo.toml");
    edit(&toml, "number = 2", "number = 42");
    let err = stderr(&learn_in(course.path(), &["dev", "check"]));
    assert!(
        err.contains("lessons/01-mcp-messages/exercises/id-echo.toml: `number = 42` but `id-echo` is exercise 2 in lesson order"),
        "{err}"
    );
    assert!(
        err.contains("`file = \"02_id-echo.rs\"`: name it `42_id-echo.rs`"),
        "{err}"
    );
}

/// Adding an exercise: its TOML file and its exercise file in the lesson,
/// its solution file, its step in lesson.toml, then `learn dev update`
/// (which writes the bins, autograding.json and the learner's copy);
/// `learn check` and `learn dev check --run` then check it.
fn adding_an_exercise_takes_its_files_and_dev_update() {
    let course = course_copy();
    let root = course.path();
    // The new exercise is a copy of the course's last one, after it in its
    // lesson, so it fits that lesson whatever kind of exercise it is.
    let steps = json(&learn(&["list", "--json"]));
    let last_step = steps
        .as_array()
        .expect("steps")
        .iter()
        .rev()
        .find(|s| s["kind"] == "exercise")
        .expect("an exercise");
    let lesson = lesson_dir(root, last_step["lesson"].as_str().expect("lesson"));
    let last = last_step["id"].as_str().expect("id");
    let last_number = last_step["number"].as_u64().expect("number");
    let again = format!("{last}-again");
    let last_file = format!("{last_number:02}_{last}.rs");
    let number = exercises().len() + 1;
    let file = format!("{number:02}_{again}.rs");
    let text = fs::read_to_string(lesson.join(format!("exercises/{last}.toml"))).expect("read");
    let text = text
        .replacen(&format!("id = \"{last}\""), &format!("id = \"{again}\""), 1)
        .replacen(
            &format!("number = {last_number}"),
            &format!("number = {number}"),
            1,
        )
        .replacen(
            &format!("file = \"{last_file}\""),
            &format!("file = \"{file}\""),
            1,
        );
    fs::write(lesson.join(format!("exercises/{again}.toml")), text).expect("write");
    let shipped = lesson.join("exercises").join(&last_file);
    fs::copy(&shipped, lesson.join("exercises").join(&file)).expect("copy");
    fs::copy(
        root.join("solutions").join(&last_file),
        root.join("solutions").join(&file),
    )
    .expect("copy");
    edit(
        &lesson.join("lesson.toml"),
        &format!("  {{ exercise = \"{last}\" }},\n"),
        &format!("  {{ exercise = \"{last}\" }},\n  {{ exercise = \"{again}\" }},\n"),
    );

    let err = stderr(&learn_in(root, &["dev", "check"]));
    assert!(
        err.contains(&format!("exercises/{file}: does not exist")),
        "{err}"
    );
    assert!(
        err.contains(&format!("has no `[[bin]]` named `{again}`")),
        "{err}"
    );
    assert!(err.contains("autograding.json: does not list"), "{err}");

    // From a subfolder of the course, as an author in `lessons/` would.
    let output = learn_in(&root.join("lessons"), &["dev", "update"]);
    assert_eq!(
        stdout(&output),
        format!(
            "wrote exercises/{file}, exercises/Cargo.toml, .github/classroom/autograding.json\n"
        )
    );
    assert_eq!(
        fs::read_to_string(root.join("exercises").join(&file)).expect("the learner's copy"),
        fs::read_to_string(&shipped).expect("the shipped copy"),
    );
    let output = learn_in(root, &["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));

    let solved = learn_in(root, &["check", &again, "--solution", "--json"]);
    assert_eq!(json(&solved)["passed"], true, "{}", stdout(&solved));
    let pristine = learn_in(root, &["check", &number.to_string(), "--json"]);
    assert_eq!(json(&pristine)["exercise"], again.as_str());
    assert_eq!(json(&pristine)["passed"], false);
    let next = learn_in(root, &["list", "--json"]);
    assert!(
        stdout(&next).contains(&format!("\"{again}\"")),
        "{}",
        stdout(&next)
    );
}

/// Adding a lesson with its own test programs: an author writes only under
/// `lessons/` and `solutions/` and runs `learn dev update`; `learn dev check`
/// then counts the lesson's cases, and they run through the same code as
/// every lesson's (tests/it/cases.rs): the correct program passes, the wrong
/// one fails the scenario its case names, with the case's words, and a case
/// that says otherwise is reported.
fn a_new_lesson_brings_its_programs_and_their_cases_run() {
    require_python();
    let course = tempfile::tempdir().expect("temp dir");
    let root = course.path();
    copy_tree(&repo().join("tests/fixtures/course"), root);
    let lesson = repo().join("tests/fixtures/lesson-with-programs");
    for folder in ["lessons", "solutions"] {
        copy_tree(&lesson.join(folder), &root.join(folder));
    }
    let output = learn_in(root, &["dev", "update"]);
    assert_eq!(
        stdout(&output),
        "wrote exercises/02_ping.rs, exercises/Cargo.toml\n",
        "{}",
        stderr(&output)
    );
    let output = learn_in(root, &["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stdout(&output).contains("2 exercises, 3 scenarios, 2 test program cases"),
        "{}",
        stdout(&output)
    );

    let plays = crate::cases::plays(root).expect("the cases load");
    let names: Vec<String> = plays.iter().map(crate::cases::Play::name).collect();
    assert_eq!(
        names,
        ["more::pong.py::ping", "more::pong_late_id.py::ping"],
        "one passing and one failing program"
    );
    assert!(plays[0].case.fails.is_empty() && !plays[1].case.fails.is_empty());
    for play in &plays {
        let broken = crate::cases::broken_runs(root, play);
        assert!(broken.is_empty(), "{}: {broken:#?}", play.name());
    }

    // A case that says the wrong program passes, or that its feedback holds
    // other words, breaks on every seed, with its file and line.
    let cases = root.join("lessons/more/programs/cases.toml");
    edit(
        &cases,
        "fails = [\"two pings, two answers\"]\nsays = [\"had id 1\"]",
        "fails = [] # wrong",
    );
    let play = &crate::cases::plays(root).expect("the cases load")[1];
    let broken = crate::cases::broken_runs(root, play);
    assert_eq!(broken.len(), 2, "{broken:#?}");
    assert!(
        broken[0].starts_with("lessons/more/programs/cases.toml:12: `pong_late_id.py` on ping, seed 1: failed [\"two pings, two answers\"], which the case does not name; exit code 1, not 0"),
        "{}",
        broken[0]
    );
    edit(
        &cases,
        "fails = [] # wrong",
        "fails = [\"two pings, two answers\"]\nsays = [\"had id 3\"]",
    );
    let play = &crate::cases::plays(root).expect("the cases load")[1];
    let broken = crate::cases::broken_runs(root, play);
    assert_eq!(broken.len(), 2, "{broken:#?}");
    assert!(
        broken[1].contains("seed 2: no failing scenario's feedback says \"had id 3\""),
        "{}",
        broken[1]
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(the_shipped_course_is_up_to_date),
        test!(a_removed_bin_is_named_and_dev_update_puts_it_back),
        test!(an_exercise_numbered_out_of_order_or_misnamed_is_refused),
        test!(adding_an_exercise_takes_its_files_and_dev_update),
        test!(a_new_lesson_brings_its_programs_and_their_cases_run),
    ]
}
