//! A learner who has finished one lesson walks into the next with nothing
//! but `learn next`: the lesson's last reading, the next lesson's opening,
//! its first readings, and its first exercise, which fails as shipped and
//! passes once solved; then `next` moves on to that objective's quiz. From
//! lesson 1 into lesson 2, and from lesson 2 into lesson 3.

use crate::common::*;
use std::fs;
use std::path::Path;

/// The progress key `learn` keeps for a step of `learn list --json`.
fn key(step: &serde_json::Value) -> String {
    let id = step["id"].as_str().expect("id");
    match step["kind"].as_str().expect("kind") {
        "exercise" => format!("exercise:{id}"),
        kind => format!("{kind}:{}/{id}", step["lesson"].as_str().expect("lesson")),
    }
}

/// Writes a progress file in which `steps` (of `learn list --json`) are done.
fn mark_done<'a>(root: &Path, steps: impl Iterator<Item = &'a serde_json::Value>) {
    let done: Vec<String> = steps.map(|s| format!("{:?}", key(s))).collect();
    fs::write(
        root.join(".learn-progress.toml"),
        format!("format_version = 1\ndone = [{}]\n", done.join(", ")),
    )
    .expect("write progress");
}

fn learn_next_leads_from_lesson_1s_last_step_into_lesson_2() {
    walk_into("mcp-messages", "mcp-stateless-server");
}

fn learn_next_leads_from_lesson_2s_last_step_into_lesson_3() {
    walk_into("mcp-stateless-server", "mcp-client");
}

/// Every step of `from` but its last done, `learn next` up to the first
/// exercise of `to`, and that exercise solved.
fn walk_into(from: &str, to: &str) {
    let course = course_copy();
    let root = course.path();
    let steps = json(&learn_in(root, &["list", "--json"]));
    let steps = steps.as_array().expect("steps");
    let lesson_1: Vec<&serde_json::Value> = steps.iter().filter(|s| s["lesson"] == from).collect();
    let lesson_2: Vec<&serde_json::Value> = steps.iter().filter(|s| s["lesson"] == to).collect();
    assert!(!lesson_2.is_empty(), "{to} is in the course");
    let last = lesson_1.last().expect("the lesson has steps");
    assert_eq!(last["kind"], "reading", "{from} ends with a reading");
    // Lessons are walked in the order of their folders.
    let place = |lesson: &str| steps.iter().position(|s| s["lesson"] == lesson);
    assert_eq!(
        place(to),
        Some(place(from).expect("listed") + lesson_1.len())
    );

    // Every step before that lesson's last is done, earlier lessons' too.
    let at_last = steps.iter().position(|s| s == *last).expect("listed");
    mark_done(root, steps[..at_last].iter());

    // `next` shows that lesson's last reading, and that counts as read.
    let total = steps.len();
    let number = |step: &serde_json::Value| {
        let n = steps.iter().position(|s| s == step).expect("listed") + 1;
        format!("Step {n} of {total} · ")
    };
    let screen = stdout(&learn_in(root, &["next"]));
    assert!(
        screen.contains(&number(last)),
        "{from}'s last step, {}:\n{screen}",
        last["id"]
    );
    assert!(progress_keys(root).contains(&key(last)));

    // Then the next lesson, step by step, up to its first exercise.
    let first_exercise = lesson_2
        .iter()
        .position(|s| s["kind"] == "exercise")
        .expect("the lesson has exercises");
    for step in &lesson_2[..first_exercise] {
        let screen = stdout(&learn_in(root, &["next"]));
        let id = step["id"].as_str().expect("id");
        assert!(screen.contains(&number(step)), "{id}:\n{screen}");
        assert!(
            progress_keys(root).contains(&key(step)),
            "{id} is marked read"
        );
    }
    let exercise = lesson_2[first_exercise]["id"].as_str().expect("id");
    let screen = stdout(&learn_in(root, &["next"]));
    assert!(
        screen.contains(&number(lesson_2[first_exercise]))
            && screen.contains(&format!(
                "Exercise {} · {exercise}",
                lesson_2[first_exercise]["number"]
            )),
        "{screen}"
    );
    let edit = screen
        .lines()
        .find_map(|l| l.trim().strip_prefix("Edit:"))
        .expect("next says which file to edit")
        .trim()
        .to_string();
    let (file, _line) = edit.rsplit_once(':').expect("path:line");
    assert!(root.join(file).is_file(), "{file} exists");

    // As shipped it fails; solved, it passes and `next` goes on.
    let failed = learn_in(root, &["check", "--seed", "2"]);
    assert_eq!(code(&failed), 1, "{}", stdout(&failed));
    let solution = Path::new(file).file_name().expect("a file name").to_owned();
    fs::copy(root.join("solutions").join(&solution), root.join(file)).expect("solve");
    let passed = learn_in(root, &["check", "--seed", "2"]);
    assert_eq!(code(&passed), 0, "{}{}", stdout(&passed), stderr(&passed));
    assert!(progress_keys(root).contains(&format!("exercise:{exercise}")));

    let after = &lesson_2[first_exercise + 1];
    let screen = stdout(&learn_in(root, &["next"]));
    let id = after["id"].as_str().expect("id");
    assert!(
        screen.contains(id),
        "after the exercise comes {id}:\n{screen}"
    );
}

/// `learn next --lesson <id>` starts each lesson at its first step, whatever
/// the lessons before it hold; a finished lesson says so; a typo is a usage
/// error that names the nearest id.
fn learn_next_starts_any_lesson() {
    let course = course_copy();
    let root = course.path();
    let steps = json(&learn_in(root, &["list", "--json"]));
    let steps = steps.as_array().expect("steps");
    let total = steps.len();
    let mut lessons: Vec<&str> = steps.iter().filter_map(|s| s["lesson"].as_str()).collect();
    lessons.dedup();
    for lesson in lessons.iter().skip(1) {
        let first = steps
            .iter()
            .position(|s| s["lesson"] == *lesson)
            .expect("the lesson has steps");
        let output = learn_in(root, &["next", "--lesson", lesson]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(
            text.starts_with(&format!("Step {} of {total} ", first + 1)),
            "{lesson}: {text}"
        );
    }
    // The last lesson, every step done: it says so, and exits 0.
    let last = lessons.last().expect("a lesson");
    mark_done(root, steps.iter().filter(|s| s["lesson"] == *last));
    let output = learn_in(root, &["next", "--lesson", last]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("is done"), "{}", stdout(&output));
    // A mistyped id.
    let typo = &last[..last.len() - 1];
    let output = learn_in(root, &["next", "--lesson", typo]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(&format!("Did you mean `{last}`?")),
        "{}",
        stderr(&output)
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(learn_next_starts_any_lesson),
        test!(learn_next_leads_from_lesson_1s_last_step_into_lesson_2),
        test!(learn_next_leads_from_lesson_2s_last_step_into_lesson_3),
    ]
}
