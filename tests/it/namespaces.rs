//! Lessons are namespaces. The fixture lesson in `tests/fixtures/second-lesson/`
//! reuses lesson 1's section ids (`intro`, `o1-jsonrpc`, `recap`), its
//! objective and quiz id (`wire-shapes`) and its fact ids (`F1`, `F2`), and
//! every command keeps the two apart: `next`, `check`, `read`, `quiz`,
//! `progress`, `list`, `dev coverage` and `grade`. What is course-wide by
//! design (exercise ids and numbers, quiz question ids) is refused when two
//! lessons collide, with file and line.

use crate::common::{
    code, copy_tree, course_copy, json, learn_in, progress_keys, repo, stderr, stdout,
};
use std::fs;
use std::path::Path;

const SECOND: &str = "second-steps";

fn fixture() -> std::path::PathBuf {
    repo().join("tests/fixtures/second-lesson")
}

/// A copy of the course with the fixture lesson added as its second lesson,
/// its exercise file as shipped and its solution in place, and the bins
/// written by `learn dev update`, as an author adds a lesson.
fn two_lessons() -> tempfile::TempDir {
    let dir = course_copy();
    let root = dir.path();
    // The course's own later lessons make way for the fixture, which reuses
    // lesson 1's ids and exercise number 11.
    for entry in fs::read_dir(root.join("lessons")).expect("lessons") {
        let real = entry.expect("entry").path();
        if real.ends_with("01-mcp-messages") {
            continue;
        }
        for entry in fs::read_dir(real.join("exercises")).expect("exercises") {
            let name = entry.expect("entry").file_name();
            if name.to_string_lossy().ends_with(".rs") {
                for folder in ["exercises", "solutions"] {
                    let _ = fs::remove_file(root.join(folder).join(&name));
                }
            }
        }
        fs::remove_dir_all(&real).expect("remove a later lesson");
    }
    copy_tree(
        &fixture().join("lessons").join(SECOND),
        &root.join("lessons").join(SECOND),
    );
    fs::copy(
        fixture().join("lessons/second-steps/exercises/11_ping.rs"),
        root.join("exercises/11_ping.rs"),
    )
    .expect("copy the exercise");
    fs::copy(
        fixture().join("solutions/11_ping.rs"),
        root.join("solutions/11_ping.rs"),
    )
    .expect("copy the solution");
    let update = learn_in(root, &["dev", "update"]);
    assert_eq!(code(&update), 0, "{}", stderr(&update));
    dir
}

/// Marks every step of `lesson` done, by the keys `learn list --json` shows.
fn finish_lesson(root: &Path, lesson: &str) {
    let steps = json(&learn_in(root, &["list", "--json"]));
    let mut done = progress_keys(root);
    for step in steps.as_array().expect("steps") {
        if step["lesson"] == lesson {
            let id = step["id"].as_str().expect("id");
            let key = match step["kind"].as_str().expect("kind") {
                "exercise" => format!("exercise:{id}"),
                kind => format!("{kind}:{lesson}/{id}"),
            };
            done.push(key);
        }
    }
    let list: Vec<String> = done.iter().map(|k| format!("{k:?}")).collect();
    fs::write(
        root.join(".learn-progress.toml"),
        format!("format_version = 1\ndone = [{}]\n", list.join(", ")),
    )
    .expect("write progress");
}

fn two_lessons_with_the_same_ids_stay_apart_in_every_command() {
    let course = two_lessons();
    let root = course.path();

    let check = learn_in(root, &["dev", "check"]);
    assert_eq!(code(&check), 0, "{}", stderr(&check));
    assert!(stdout(&check).contains("2 lesson(s)"), "{}", stdout(&check));

    // `read`: a bare id that both lessons use is the current lesson's; the
    // qualified form reaches either.
    let read = stdout(&learn_in(root, &["read", "recap"]));
    assert!(
        !read.contains("SECOND LESSON"),
        "lesson 1 is current:\n{read}"
    );
    let read = stdout(&learn_in(root, &["read", "second-steps/recap"]));
    assert!(read.contains("SECOND LESSON · recap"), "{read}");
    let read = stdout(&learn_in(root, &["read", "mcp-messages/recap"]));
    assert!(!read.contains("SECOND LESSON"), "{read}");
    let typo = learn_in(root, &["read", "second-steps/recapp"]);
    assert_eq!(code(&typo), 2, "an unknown name is a usage error");
    assert!(
        stderr(&typo).contains("Did you mean `second-steps/recap`?"),
        "{}",
        stderr(&typo)
    );

    // `list` names the shared ids with their lesson.
    let list = stdout(&learn_in(root, &["list"]));
    assert!(list.contains("second-steps/o1-jsonrpc"), "{list}");
    assert!(list.contains("mcp-messages/o1-jsonrpc"), "{list}");

    // Lesson 1 done: `next` goes on to lesson 2's own intro, not lesson 1's.
    finish_lesson(root, "mcp-messages");
    let next = stdout(&learn_in(root, &["next"]));
    assert!(next.contains("SECOND LESSON · intro"), "{next}");
    assert!(next.contains("Second steps: ping"), "{next}");
    assert!(
        progress_keys(root).contains(&"reading:second-steps/intro".to_string()),
        "{:?}",
        progress_keys(root)
    );
    // Now the current lesson is lesson 2: a bare `recap` is its own.
    let read = stdout(&learn_in(root, &["read", "recap"]));
    assert!(read.contains("SECOND LESSON · recap"), "{read}");
    let next = stdout(&learn_in(root, &["next"]));
    assert!(next.contains("SECOND LESSON · o1-jsonrpc"), "{next}");

    // `check`: the exercise as shipped fails; solved, it passes and only its
    // own step is marked.
    let next = stdout(&learn_in(root, &["next"]));
    assert!(next.contains("Exercise 11 · ping"), "{next}");
    let failed = learn_in(root, &["check", "ping", "--seed", "1"]);
    assert_eq!(code(&failed), 1, "{}", stdout(&failed));
    fs::copy(
        fixture().join("solutions/11_ping.rs"),
        root.join("exercises/11_ping.rs"),
    )
    .expect("solve");
    let passed = learn_in(root, &["check", "ping", "--seed", "1"]);
    assert_eq!(code(&passed), 0, "{}{}", stdout(&passed), stderr(&passed));
    assert!(progress_keys(root).contains(&"exercise:ping".to_string()));

    // `quiz`: the bare id is lesson 2's quiz now; lesson 1's is still
    // reachable by its qualified name; passing lesson 2's marks only it.
    let listed = stdout(&learn_in(root, &["quiz", "wire-shapes", "--list"]));
    assert!(listed.contains("SECOND QUIZ"), "{listed}");
    let listed = stdout(&learn_in(
        root,
        &["quiz", "mcp-messages/wire-shapes", "--list"],
    ));
    assert!(!listed.contains("SECOND QUIZ"), "{listed}");
    let next = stdout(&learn_in(root, &["next"]));
    assert!(
        next.contains("learn quiz second-steps/wire-shapes"),
        "{next}"
    );
    let before = progress_keys(root);
    let quiz = crate::common::learn_with_stdin(
        root,
        &["quiz", "second-steps/wire-shapes"],
        "true\ntrue\nfalse\n",
    );
    assert_eq!(code(&quiz), 0, "{}{}", stdout(&quiz), stderr(&quiz));
    let after = progress_keys(root);
    let added: Vec<&String> = after.iter().filter(|k| !before.contains(k)).collect();
    assert_eq!(added, ["quiz:second-steps/wire-shapes"], "{after:?}");

    // `progress`: each lesson's `wire-shapes` objective counts its own steps.
    let rows = json(&learn_in(root, &["progress", "--json"]));
    let row = |lesson: &str| {
        rows.as_array()
            .expect("rows")
            .iter()
            .find(|r| r["lesson"] == lesson && r["objective"] == "wire-shapes")
            .unwrap_or_else(|| panic!("no {lesson}/wire-shapes in {rows}"))
            .clone()
    };
    assert_eq!(row(SECOND)["done"], 3, "{rows}");
    assert_eq!(row(SECOND)["total"], 3, "{rows}");
    assert_eq!(row("mcp-messages")["done"], row("mcp-messages")["total"]);

    // The last step, lesson 2's recap, was read by its id above: that counts,
    // so `next` is the course's end, and the final message is lesson 2's.
    assert!(
        progress_keys(root).contains(&"reading:second-steps/recap".to_string()),
        "{:?}",
        progress_keys(root)
    );
    let next = stdout(&learn_in(root, &["next"]));
    assert!(next.contains("SECOND LESSON FINISHED"), "{next}");

    // `dev coverage`: each lesson's own facts, F1 and F2 in both.
    let table = stdout(&learn_in(root, &["dev", "coverage", "--lesson", SECOND]));
    // F2's row counts the ping scenario and lesson 2's question only.
    assert!(
        table.contains(
            "| F2 SECOND F2: the answer to a ping is an empty result | intro, o1-jsonrpc, recap | 1 | second-ping-answer |"
        ),
        "{table}"
    );
    assert_eq!(table.matches("\n| F").count(), 2, "{table}");
}

fn an_older_progress_file_keeps_its_steps_in_lesson_1() {
    let course = two_lessons();
    let root = course.path();
    fs::write(
        root.join(".learn-progress.toml"),
        "format_version = 1\ndone = [\"reading:intro\", \"quiz:wire-shapes\", \"exercise:id-echo\"]\n",
    )
    .expect("write");
    let list = json(&learn_in(root, &["list", "--json"]));
    let status = |lesson: &str, id: &str| {
        list.as_array()
            .expect("steps")
            .iter()
            .find(|s| s["lesson"] == lesson && s["id"] == id)
            .map(|s| s["status"].as_str().unwrap_or("").to_string())
    };
    assert_eq!(status("mcp-messages", "intro").as_deref(), Some("done"));
    assert_eq!(
        status("mcp-messages", "wire-shapes").as_deref(),
        Some("done")
    );
    assert_eq!(status(SECOND, "intro").as_deref(), Some("pending"));
    assert_eq!(status(SECOND, "wire-shapes").as_deref(), Some("pending"));
    let keys = progress_keys(root);
    assert!(
        keys.contains(&"reading:mcp-messages/intro".to_string()),
        "{keys:?}"
    );
    assert!(keys.contains(&"exercise:id-echo".to_string()), "{keys:?}");
}

fn grading_a_course_of_two_lessons_names_each_lessons_facts() {
    let course = two_lessons();
    let root = course.path();
    let class = tempfile::tempdir().expect("class folder");
    let student = class.path().join("ana");
    fs::create_dir_all(student.join("exercises")).expect("student folder");
    fs::copy(
        fixture().join("solutions/11_ping.rs"),
        student.join("exercises/11_ping.rs"),
    )
    .expect("hand in");
    let grade = learn_in(
        root,
        &[
            "grade",
            "--format",
            "json",
            "--seed",
            "1",
            "--timeout",
            "5",
            student.to_str().expect("path"),
        ],
    );
    let report = json(&grade);
    let exercises = report["submissions"][0]["exercises"]
        .as_array()
        .expect("exercises");
    assert_eq!(exercises.len(), 11, "both lessons' exercises are graded");
    let ping = exercises
        .iter()
        .find(|e| e["id"] == "ping")
        .expect("ping is graded");
    assert_eq!(ping["passed"], true, "{ping}");
    assert_eq!(ping["scenarios"][0]["fact"], "second-steps/F2", "{ping}");
    let echo = exercises
        .iter()
        .find(|e| e["id"] == "id-echo")
        .expect("id-echo is graded");
    assert_eq!(echo["passed"], false, "not handed in");
}

/// What is course-wide by design, repeated in the second lesson: each is
/// refused, naming the file and line of the repeat.
fn dev_check_refuses_a_real_collision_with_file_and_line() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "exercises/ping.toml",
            "id = \"ping\"",
            "id = \"id-echo\"",
            "lessons/second-steps/exercises/ping.toml:2: exercise id `id-echo` is also used by lessons/01-mcp-messages/exercises/id-echo.toml",
        ),
        (
            "exercises/ping.toml",
            "number = 11",
            "number = 2",
            "lessons/second-steps/exercises/ping.toml:3: exercise number 2 is also used by lessons/01-mcp-messages/exercises/id-echo.toml",
        ),
        (
            "quizzes/wire-shapes.toml",
            "id = \"second-ping-answer\"",
            "id = \"why-copy-the-id\"",
            "lessons/second-steps/quizzes/wire-shapes.toml:16: question id `why-copy-the-id` is also used in lessons/01-mcp-messages/quizzes/ids-results-errors.toml",
        ),
    ];
    for (file, from, to, expected) in cases {
        let course = two_lessons();
        let path = course.path().join("lessons/second-steps").join(file);
        let text = fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{file} holds {from}");
        fs::write(&path, text.replacen(from, to, 1)).expect("write");
        let output = learn_in(course.path(), &["dev", "check"]);
        assert_eq!(code(&output), 2, "{to}: {}", stdout(&output));
        assert!(
            stderr(&output).contains(expected),
            "{to}: expected {expected:?} in\n{}",
            stderr(&output)
        );
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(two_lessons_with_the_same_ids_stay_apart_in_every_command),
        test!(an_older_progress_file_keeps_its_steps_in_lesson_1),
        test!(grading_a_course_of_two_lessons_names_each_lessons_facts).needs(Tool::Sandbox),
        test!(dev_check_refuses_a_real_collision_with_file_and_line),
    ]
}
