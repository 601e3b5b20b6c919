//! A learner goes from `learn next` to a solved `id-echo` using only what the
//! runner tells them: where to edit, why the check fails, and the hints.

use crate::common::*;

fn from_learn_next_to_a_solved_id_echo() {
    let course = course_copy();
    let dir = course.path();

    // A learner who has done every step before id-echo (readings, the first
    // exercise, the first quiz): their progress file says so.
    let steps = json(&learn_in(dir, &["list", "--json"]));
    let before: Vec<String> = steps
        .as_array()
        .expect("steps")
        .iter()
        .take_while(|s| s["id"] != "id-echo")
        .map(|s| {
            format!(
                "\"{}:{}\"",
                s["kind"].as_str().unwrap_or_default(),
                s["id"].as_str().unwrap_or_default()
            )
        })
        .collect();
    std::fs::write(
        dir.join(".learn-progress.toml"),
        format!("format_version = 1\ndone = [{}]\n", before.join(", ")),
    )
    .expect("progress");
    let screen = stdout(&learn_in(dir, &["next"]));
    assert!(
        screen.contains("Exercise 2 · id-echo"),
        "next reaches the exercise:\n{screen}"
    );
    let edit_line = screen
        .lines()
        .find_map(|l| l.trim().strip_prefix("Edit:"))
        .expect("next says where to edit")
        .trim()
        .to_string();
    let (file, line) = edit_line.rsplit_once(':').expect("path:line");
    let source = std::fs::read_to_string(dir.join(file)).expect("the file next names exists");
    let line: usize = line.parse().expect("a line number");
    assert!(
        source
            .lines()
            .nth(line - 1)
            .is_some_and(|l| l.contains("todo!(")),
        "{edit_line} is the first todo"
    );

    // The first check fails and says why, pointing into the learner's file.
    let first = learn_in(dir, &["check"]);
    assert_eq!(code(&first), 1);
    let report = stdout(&first);
    assert!(
        report.contains("not yet implemented: decide which ids a request may use"),
        "{report}"
    );
    assert!(report.contains("exercises/02_id-echo.rs:"), "{report}");

    // The hint ladder ends with the shape of the answer.
    let mut hints = String::new();
    for _ in 0..3 {
        hints = stdout(&learn_in(dir, &["hint"]));
    }
    for shape in [
        "is_i64() || is_u64()",
        "json!({\"jsonrpc\": \"2.0\", \"id\": id, \"result\": result})",
    ] {
        assert!(
            hints.contains(shape),
            "the last hint shows `{shape}`:\n{hints}"
        );
    }

    // The learner writes what the hints describe.
    let solved = source
        .replace(
            "todo!(\"decide which ids a request may use\")",
            "matches!(id, Value::String(_)) || id.is_i64() || id.is_u64()",
        )
        .replace("todo!(\"build a result response\")", "json!({\"jsonrpc\": \"2.0\", \"id\": id, \"result\": result})")
        .replace(
            "todo!(\"build an error response\")",
            "json!({\"jsonrpc\": \"2.0\", \"id\": id, \"error\": {\"code\": code, \"message\": message}})",
        );
    assert!(!solved.contains("todo!("), "every todo was replaced");
    std::fs::write(dir.join(file), solved).expect("edit");

    let second = learn_in(dir, &["check"]);
    assert_eq!(code(&second), 0, "{}{}", stdout(&second), stderr(&second));
    assert!(stdout(&second).contains("Exercise id-echo solved. Next: `learn next`"));

    // Progress moved on: the next step is the reading after the exercise.
    let list = json(&learn_in(dir, &["list", "--json"]));
    let status = |id: &str| {
        list.as_array()
            .and_then(|steps| steps.iter().find(|s| s["id"] == id))
            .map(|s| s["status"].as_str().unwrap_or_default().to_string())
    };
    assert_eq!(status("id-echo").as_deref(), Some("done"));
    assert_eq!(status("o2-silence").as_deref(), Some("current"));
}

/// Issue 26, item 9: a learner who reads a section by its id and solves an
/// exercise ahead of the order sees both counted. `learn next` still shows
/// the first step not done, says that later ones are, and moves past a
/// section read with `learn read`; `learn list` and `learn progress` show
/// what was done out of order.
fn steps_done_out_of_order_count() {
    let course = course_copy();
    let dir = course.path();
    let first = stdout(&learn_in(dir, &["next"]));
    assert!(first.starts_with("Step 1 of "), "{first}");

    // Step 3 read by its id, step 2 skipped.
    let read = learn_in(dir, &["read", "o1-requests"]);
    assert_eq!(code(&read), 0, "{}", stderr(&read));
    // Exercise 5 solved first, checked by its id.
    std::fs::copy(
        repo().join("solutions/05_tool-errors.rs"),
        dir.join("exercises/05_tool-errors.rs"),
    )
    .expect("copy");
    let solved = learn_in(dir, &["check", "tool-errors", "--seed", "1"]);
    assert_eq!(code(&solved), 0, "{}{}", stdout(&solved), stderr(&solved));
    let solved_line = stdout(&solved)
        .lines()
        .find(|l| l.contains("solved"))
        .unwrap_or_default()
        .to_string();

    let mut seen = format!("$ learn check tool-errors\n{solved_line}\n");
    // `learn next` shows step 2, the first not done (and so it is read
    // now); step 3 was read by its id, so the next one is step 4.
    for (lang, step) in [("en", "Step 2 of "), ("zh", "第 4 步")] {
        let next = stdout(&learn_in(dir, &["--lang", lang, "next"]));
        assert!(next.starts_with(step), "{next}");
        let head: Vec<&str> = next.lines().take(3).collect();
        seen.push_str(&format!(
            "$ learn --lang {lang} next\n{}\n…\n",
            head.join("\n")
        ));
    }
    seen.push_str(&format!(
        "$ learn list\n{}",
        stdout(&learn_in(dir, &["list"]))
    ));
    seen.push_str(&format!(
        "$ learn progress\n{}",
        stdout(&learn_in(dir, &["progress"]))
    ));
    insta::assert_snapshot!("out-of-order", seen);
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(from_learn_next_to_a_solved_id_echo),
        test!(steps_done_out_of_order_count),
    ]
}
