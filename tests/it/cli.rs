//! What a person sees from each command, on the fixture course: snapshots
//! of `next`, `list`, `check` and the errors, in both languages.

use crate::common::*;

/// A writable copy of the fixture course (commands here record progress).
fn fixture_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let status = std::process::Command::new("cp")
        .arg("-R")
        .arg(repo().join("tests/fixtures/course/."))
        .arg(dir.path())
        .status()
        .expect("cp runs");
    assert!(status.success());
    dir
}

fn screen(output: &std::process::Output) -> String {
    let mut text = format!("exit: {}\n", code(output));
    text.push_str(&stdout(output));
    let err = stderr(output);
    if !err.is_empty() {
        text.push_str("--- stderr ---\n");
        text.push_str(&err);
    }
    text
}

fn next_walks_through_reading_then_exercise() {
    let dir = fixture_copy();
    let first = learn_in(dir.path(), &["next"]);
    insta::assert_snapshot!("next-reading", screen(&first));
    let second = learn_in(dir.path(), &["next"]);
    insta::assert_snapshot!("next-exercise", screen(&second));
    assert!(
        stdout(&second).contains("exercises/01_echo.rs:3"),
        "points at the todo!() line"
    );
    // The exercise is not done until checked, so `next` stays on it.
    assert_eq!(stdout(&learn_in(dir.path(), &["next"])), stdout(&second));
}

fn next_in_chinese() {
    let dir = fixture_copy();
    let output = learn_in(dir.path(), &["--lang", "zh", "next"]);
    insta::assert_snapshot!("next-reading-zh", screen(&output));
    let output = learn_in(dir.path(), &["next", "--lang", "zh"]);
    insta::assert_snapshot!("next-exercise-zh", screen(&output));
}

fn list_shows_status_as_table_and_json() {
    let dir = fixture_copy();
    insta::assert_snapshot!("list-fresh", screen(&learn_in(dir.path(), &["list"])));
    learn_in(dir.path(), &["next"]);
    insta::assert_snapshot!(
        "list-after-reading",
        screen(&learn_in(dir.path(), &["list"]))
    );
    let items = json(&learn_in(dir.path(), &["list", "--json"]));
    insta::assert_json_snapshot!("list-json", items);
    for item in items.as_array().expect("array") {
        assert!(item["id"].is_string() && item["kind"].is_string() && item["status"].is_string());
    }
}

fn check_output_for_a_passing_and_a_failing_program() {
    require_python();
    let dir = fixture_copy();
    let program = |name: &str| {
        format!(
            "python3 {}",
            repo()
                .join("lessons/01-mcp-messages/programs/wrong")
                .join(name)
                .display()
        )
    };
    let passing = learn_in(
        dir.path(),
        &[
            "check",
            "echo",
            "--cmd",
            &program("out_of_order_correct.py"),
            "--seed",
            "3",
        ],
    );
    let failing = learn_in(
        dir.path(),
        &[
            "check",
            "echo",
            "--cmd",
            &program("id_as_string.py"),
            "--seed",
            "3",
        ],
    );
    let clean = |text: String| {
        text.replace(
            &repo()
                .join("lessons/01-mcp-messages/programs/wrong")
                .display()
                .to_string(),
            "lessons/01-mcp-messages/programs/wrong",
        )
    };
    insta::assert_snapshot!("check-pass", clean(screen(&passing)));
    insta::assert_snapshot!("check-fail", clean(screen(&failing)));
    assert_eq!(code(&passing), 0);
    assert_eq!(code(&failing), 1);
    let zh = learn_in(
        dir.path(),
        &[
            "check",
            "echo",
            "--cmd",
            &program("id_as_string.py"),
            "--seed",
            "3",
            "--lang",
            "zh",
        ],
    );
    insta::assert_snapshot!("check-fail-zh", clean(screen(&zh)));
}

fn errors_are_clear_and_exit_2() {
    let dir = fixture_copy();
    let mut report = String::new();
    let cases: &[(&str, &[&str])] = &[
        ("unknown exercise, close to a real one", &["check", "ecko"]),
        ("unknown exercise, nothing close", &["hint", "zzzzzz"]),
        ("unknown section", &["read", "nope"]),
        ("solution before solving", &["solution", "echo"]),
        ("timeout out of range", &["check", "echo", "--timeout", "0"]),
        (
            "cmd with an open quote",
            &["check", "echo", "--cmd", "python3 'oops"],
        ),
        ("unknown command", &["chek"]),
    ];
    for (name, args) in cases {
        let output = learn_in(dir.path(), args);
        assert_eq!(code(&output), 2, "{name}: exit 2\n{}", screen(&output));
        report.push_str(&format!(
            "## {name}: learn {}\n{}\n",
            args.join(" "),
            screen(&output)
        ));
    }
    let nowhere = tempfile::tempdir().expect("temp dir");
    let output = learn_in(nowhere.path(), &["list"]);
    assert_eq!(code(&output), 2);
    report.push_str(&format!(
        "## outside a course: learn list\n{}\n",
        screen(&output)
    ));
    insta::assert_snapshot!("errors", report);
}

fn a_corrupt_progress_file_is_set_aside_not_fatal() {
    let dir = fixture_copy();
    std::fs::write(
        dir.path().join(".learn-progress.toml"),
        "done = [\"reading:hello\"",
    )
    .expect("write");
    let output = learn_in(dir.path(), &["list"]);
    assert_eq!(code(&output), 0, "{}", screen(&output));
    assert!(
        stderr(&output).contains("warning: your progress file could not be used"),
        "{}",
        stderr(&output)
    );
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .expect("read")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".bak"))
        .collect();
    assert_eq!(kept.len(), 1, "the unreadable file is kept aside");
    assert_eq!(
        std::fs::read_to_string(kept[0].path()).expect("read"),
        "done = [\"reading:hello\""
    );
    // Progress works again afterwards.
    learn_in(dir.path(), &["next"]);
    assert!(stdout(&learn_in(dir.path(), &["list"])).contains("1 of 2 steps done"));
}

fn help_and_completions() {
    let help = learn(&["--help"]);
    assert_eq!(code(&help), 0);
    insta::assert_snapshot!("help", stdout(&help));
    let check_help = learn(&["check", "--help"]);
    insta::assert_snapshot!("help-check", stdout(&check_help));
    let completions = learn(&["completions", "bash"]);
    assert_eq!(code(&completions), 0);
    assert!(stdout(&completions).contains("learn"));
}

/// Every `learn ...` line README.md and CONTRIBUTING.md show names a
/// command that exists and only flags its `--help` lists, so the guides
/// cannot drift from the program.
fn the_guides_name_only_commands_and_flags_that_exist() {
    let mut named = Vec::new();
    for guide in ["README.md", "CONTRIBUTING.md"] {
        let text = std::fs::read_to_string(repo().join(guide)).expect("the guide");
        for line in text.lines() {
            // Code spans, and the lines of code blocks.
            let spans = line.split('`').skip(1).step_by(2);
            let whole = std::iter::once(line.trim());
            for shown in spans.chain(whole) {
                if let Some(rest) = shown.strip_prefix("learn ") {
                    named.push((guide, rest.split('#').next().unwrap_or("").to_string()));
                }
            }
        }
    }
    assert!(named.len() > 10, "{named:?}");
    for (guide, rest) in &named {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let Some(command) = words.first().filter(|w| !w.starts_with(['-', '<'])) else {
            continue; // `learn --help`, `learn <command> --help`
        };
        let mut path = vec![*command];
        if *command == "dev"
            && let Some(sub) = words.get(1).filter(|w| !w.starts_with('-'))
        {
            path.push(sub);
        }
        let help = learn(&[path.as_slice(), &["--help"]].concat());
        assert_eq!(code(&help), 0, "{guide}: `learn {rest}`: no such command");
        let help = stdout(&help);
        for (at, word) in words.iter().enumerate() {
            let Some(flag) = word
                .strip_prefix('[')
                .unwrap_or(word)
                .split(['[', ']', '|'])
                .next()
            else {
                continue;
            };
            if !flag.starts_with("--") {
                continue;
            }
            let flag = flag.trim_end_matches([',', '.', ')']);
            assert!(
                help.contains(&format!("{flag} ")) || help.contains(&format!("{flag}\n")),
                "{guide}: `learn {rest}`: `learn {}` has no {flag}",
                path.join(" ")
            );
            // `--format a|b[,...]`: each value is one the help lists.
            let values = words.get(at + 1).filter(|_| flag == "--format");
            for value in values
                .into_iter()
                .flat_map(|v| v.split(['|', ',', '[', ']', '.']))
            {
                if !value.is_empty() && !value.starts_with('<') {
                    assert!(
                        help.contains(&format!("- {value}:")),
                        "{guide}: `learn {rest}`: --format has no {value}"
                    );
                }
            }
        }
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(next_walks_through_reading_then_exercise),
        test!(next_in_chinese),
        test!(list_shows_status_as_table_and_json),
        test!(check_output_for_a_passing_and_a_failing_program),
        test!(errors_are_clear_and_exit_2),
        test!(a_corrupt_progress_file_is_set_aside_not_fatal),
        test!(help_and_completions),
        test!(the_guides_name_only_commands_and_flags_that_exist),
    ]
}
