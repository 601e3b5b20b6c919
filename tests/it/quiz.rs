//! The self-check quizzes: their content (every question answerable, every
//! fact asked about, both languages everywhere) and `learn quiz` driven as
//! a learner would, through piped stdin, on a disposable copy of the course
//! so the real progress file is never touched.

use learn::content::Part;
use learn::content::load::load_course;
use learn::quiz::grade::grade;
use learn::quiz::load::load_all;
use learn::quiz::model::letter;
use learn::quiz::shuffle::ChoiceOrder;
use learn::quiz::{Kind, Question, Quiz};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn quizzes_at(root: &Path) -> Vec<Quiz> {
    let course = load_course(root).unwrap_or_else(|e| panic!("the course loads:\n{e}"));
    load_all(&course).unwrap_or_else(|e| panic!("the quizzes load:\n{e}"))
}

/// What reading the quizzes of the course at `root` says is wrong (the
/// course itself loads: quizzes are read by the quiz module, once).
fn quiz_errors(root: &Path) -> String {
    let course = load_course(root).unwrap_or_else(|e| panic!("the course loads:\n{e}"));
    load_all(&course).unwrap_err().to_string()
}

fn quizzes() -> Vec<Quiz> {
    quizzes_at(&repo())
}

fn quiz<'a>(quizzes: &'a [Quiz], id: &str) -> &'a Quiz {
    quizzes
        .iter()
        .find(|q| q.id == id)
        .unwrap_or_else(|| panic!("quiz {id}"))
}

/// The right reply to a question with its choices in `order`.
fn right_reply(question: &Question, order: &ChoiceOrder) -> String {
    match &question.kind {
        Kind::Short { accepted } => accepted[0].clone(),
        kind => kind
            .correct_options()
            .iter()
            .map(|&o| letter(order.shown(o).expect("every option is shown")).to_string())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// A copy of the course (content and learner files, no build output).
fn course_copy() -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            if path.is_dir() {
                if entry.file_name() != "target" {
                    copy(&path, &to.join(entry.file_name()));
                }
            } else {
                fs::copy(&path, to.join(entry.file_name())).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for folder in ["lessons", "exercises", "solutions"] {
        copy(&repo().join(folder), &dir.path().join(folder));
    }
    dir
}

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

/// The real binary on `root`, with `input` piped to stdin, no colour and
/// English unless `env` says otherwise.
fn learn(root: &Path, args: &[&str], input: &str, env: &[(&str, &str)]) -> Run {
    let mut command = crate::common::learn_command(root);
    command
        .arg("--root")
        .arg(root)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("learn starts");
    let mut stdin = child.stdin.take().expect("stdin");
    // A quiz that stops reading early closes the pipe: that is fine.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("learn ends");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// The saved latest answers, read back from the copy's progress file.
fn saved_answers(root: &Path) -> (BTreeMap<String, bool>, BTreeSet<String>) {
    let text = fs::read_to_string(root.join(".learn-progress.toml")).unwrap_or_default();
    let value: toml::Table = toml::from_str(&text).unwrap();
    let quizzes = value
        .get("quizzes")
        .and_then(|q| q.as_table())
        .map(|t| {
            t.iter()
                .map(|(k, v)| (k.clone(), v.as_bool().unwrap()))
                .collect()
        })
        .unwrap_or_default();
    let done = value
        .get("done")
        .and_then(|d| d.as_array())
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    (quizzes, done)
}

// ---------------------------------------------------------------- content

fn every_objective_has_a_quiz_of_three_or_more_and_twenty_in_all() {
    let course = load_course(&repo()).unwrap();
    let quizzes = quizzes();
    let objectives = course
        .lessons
        .iter()
        .flat_map(|l| l.objectives.iter().map(move |o| (l, o)));
    // The opening and closing frame the lesson; only objectives end in a quiz.
    for (lesson, objective) in objectives.filter(|(_, o)| o.part == Part::Objective) {
        let quiz = quiz(&quizzes, &objective.id);
        assert!(
            quiz.questions.len() >= 3,
            "objective {} has {} questions",
            objective.id,
            quiz.questions.len()
        );
        assert_eq!(
            objective.steps.last().map(|s| s.progress_key(&lesson.id)),
            Some(format!("quiz:{}/{}", lesson.id, objective.id)),
            "the quiz is the last step of objective {}",
            objective.id
        );
    }
    let total: usize = quizzes.iter().map(|q| q.questions.len()).sum();
    assert!(total >= 20, "{total} questions");
}

fn every_fact_has_a_question_and_every_type_is_used() {
    let quizzes = quizzes();
    let asked: BTreeSet<&str> = quizzes
        .iter()
        .flat_map(|q| &q.questions)
        .flat_map(|q| q.facts.iter().map(String::as_str))
        .collect();
    let missing: Vec<String> = (1..=19)
        .map(|n| format!("F{n}"))
        .filter(|f| !asked.contains(f.as_str()))
        .collect();
    assert!(missing.is_empty(), "no question for {missing:?}");
    // Fact ids are each lesson's own (lesson 3 goes on to F23): a question
    // names a fact some lesson's facts.toml lists.
    let mut known = BTreeSet::new();
    for lesson in std::fs::read_dir(repo().join("lessons")).expect("lessons") {
        let facts = lesson.expect("entry").path().join("facts.toml");
        let Ok(text) = std::fs::read_to_string(&facts) else {
            continue;
        };
        let table: toml::Table = toml::from_str(&text).expect("facts.toml");
        for fact in table["fact"].as_array().expect("[[fact]]") {
            known.insert(fact["id"].as_str().expect("id").to_string());
        }
    }
    let unknown: Vec<&&str> = asked.iter().filter(|f| !known.contains(**f)).collect();
    assert!(
        unknown.is_empty(),
        "facts the curriculum lacks: {unknown:?}"
    );
    let types: BTreeSet<&str> = quizzes
        .iter()
        .flat_map(|q| &q.questions)
        .map(|q| q.kind.type_name())
        .collect();
    assert_eq!(types.len(), 6, "{types:?}");
}

fn every_text_exists_in_both_languages() {
    for question in quizzes().iter().flat_map(|q| &q.questions) {
        for (what, text) in [
            ("prompt", &question.prompt),
            ("explanation", &question.explanation),
        ] {
            assert_eq!(text.missing(), None, "{}: {what}", question.id);
        }
        // The fixed choices (true/false, message kinds) are words of `learn`.
        for choice in question.kind.options() {
            if let learn::quiz::model::Choice::Text(text) = choice {
                assert_eq!(text.missing(), None, "{}: a choice", question.id);
            }
        }
    }
}

fn the_lessons_two_closing_questions_are_asked_with_their_explanations() {
    let quizzes = quizzes();
    let all: Vec<&Question> = quizzes.iter().flat_map(|q| &q.questions).collect();
    let notification = all
        .iter()
        .find(|q| q.id == "notification-empty-reply")
        .expect("does a notification need an empty response?");
    assert_eq!(notification.kind, Kind::TrueFalse { answer: false });
    assert!(notification.facts.contains(&"F9".to_string()));
    let copy_id = all
        .iter()
        .find(|q| q.id == "why-copy-the-id")
        .expect("why copy the id rather than the time?");
    assert!(copy_id.facts.contains(&"F7".to_string()));
    assert!(copy_id.explanation.en.contains("wrong"));
}

/// A classifier written apart from the content, so a wrong `answer` in a
/// message-kind question shows up as a disagreement.
fn classify(text: &str) -> &'static str {
    let Ok(Value::Object(message)) = serde_json::from_str::<Value>(text) else {
        return "invalid";
    };
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return "invalid";
    }
    let has = |key: &str| message.contains_key(key);
    let usable_id = |id: Option<&Value>| {
        matches!(id, Some(Value::String(_)))
            || id
                .and_then(Value::as_number)
                .is_some_and(|n| n.is_i64() || n.is_u64())
    };
    match (has("method"), has("id"), has("result"), has("error")) {
        (true, true, false, false) if usable_id(message.get("id")) => "request",
        (true, false, false, false) => "notification",
        (false, true, true, false) => "result",
        // An error whose request id could not be read may leave `id` out.
        (false, _, false, true) => "error",
        _ => "invalid",
    }
}

fn message_kind_answers_agree_with_an_independent_classifier() {
    let mut seen = 0;
    for question in quizzes().iter().flat_map(|q| &q.questions) {
        if let Kind::MessageKind { answer } = &question.kind {
            let message = question.message.as_deref().expect("a message");
            assert_eq!(answer.name(), classify(message), "{}", question.id);
            seen += 1;
        }
    }
    assert!(seen >= 3);
}

fn every_right_answer_scores_and_every_wrong_choice_and_blank_do_not() {
    for question in quizzes().iter().flat_map(|q| &q.questions) {
        let kind = &question.kind;
        for seed in [0, 1, 7, 12345] {
            let order = ChoiceOrder::for_question(question, seed);
            let right = right_reply(question, &order);
            assert_eq!(
                grade(kind, &order, &right),
                Ok(true),
                "{} seed {seed}",
                question.id
            );
            assert_eq!(grade(kind, &order, ""), Ok(false), "{}: blank", question.id);
            let correct: Vec<usize> = kind
                .correct_options()
                .iter()
                .map(|&o| order.shown(o).unwrap())
                .collect();
            for wrong in (0..order.len()).filter(|p| !correct.contains(p)) {
                let alone = letter(wrong).to_string();
                assert_eq!(
                    grade(kind, &order, &alone),
                    Ok(false),
                    "{}: {alone}",
                    question.id
                );
                if kind.picks_many() {
                    // The right letters plus one wrong one.
                    let extra = format!("{right} {alone}");
                    assert_eq!(
                        grade(kind, &order, &extra),
                        Ok(false),
                        "{}: {extra}",
                        question.id
                    );
                }
            }
            if kind.picks_many() && correct.len() > 1 {
                for left_out in &correct {
                    let some: Vec<String> = correct
                        .iter()
                        .filter(|p| *p != left_out)
                        .map(|&p| letter(p).to_string())
                        .collect();
                    let some = some.join(" ");
                    assert_eq!(
                        grade(kind, &order, &some),
                        Ok(false),
                        "{}: {some}",
                        question.id
                    );
                }
            }
        }
        if let Kind::Short { accepted } = kind {
            let order = ChoiceOrder::unshuffled(0);
            let shouted = format!("  {}  ", accepted[0].to_uppercase());
            assert_eq!(grade(kind, &order, &shouted), Ok(true), "{}", question.id);
            assert_eq!(grade(kind, &order, "-32601"), Ok(false), "{}", question.id);
        }
    }
}

fn content_checks_fail_on_a_missing_translation_or_a_short_quiz() {
    let copy = course_copy();
    let path = copy
        .path()
        .join("lessons/01-mcp-messages/quizzes/schema-ts.toml");
    let original = fs::read_to_string(&path).unwrap();

    // Blank out the first Chinese explanation.
    let start = original.find("explanation.zh = \"\"\"").unwrap();
    let end = start + original[start..].find("\"\"\"\n\n").unwrap() + 3;
    let blanked = format!(
        "{}explanation.zh = \" \"{}",
        &original[..start],
        &original[end..]
    );
    fs::write(&path, &blanked).unwrap();
    let problems = quiz_errors(copy.path());
    assert!(
        problems
            .contains("schema-ts.toml:7: question `schema-wins`'s explanation has no `zh` text"),
        "{problems}"
    );

    let first_two: String = original
        .split("[[question]]")
        .take(3)
        .collect::<Vec<_>>()
        .join("[[question]]");
    fs::write(&path, first_two).unwrap();
    let problems = quiz_errors(copy.path());
    assert!(problems.contains("a quiz needs at least 3"), "{problems}");

    // A quiz step is named for its objective.
    fs::write(&path, &original).unwrap();
    fs::write(path.with_file_name("schema.toml"), &original).unwrap();
    let lesson = copy.path().join("lessons/01-mcp-messages/lesson.toml");
    let steps = fs::read_to_string(&lesson).unwrap();
    fs::write(
        &lesson,
        steps.replace("{ quiz = \"schema-ts\" }", "{ quiz = \"schema\" }"),
    )
    .unwrap();
    let problems = load_course(copy.path()).unwrap_err().to_string();
    assert!(
        problems.contains("a quiz is named for its objective"),
        "{problems}"
    );
}

// ------------------------------------------------------- the learn binary

fn a_piped_quiz_shows_every_screen() {
    let copy = course_copy();
    // Right; two of three right letters; an unclear line, then right; a
    // skip; a short answer in odd case; a true/false word.
    let quizzes = quizzes_at(copy.path());
    let schema = quiz(&quizzes, "schema-ts");
    let order = |i: usize| ChoiceOrder::for_question(&schema.questions[i], 7);
    let input = [
        right_reply(&schema.questions[0], &order(0)),
        letter(order(1).shown(0).unwrap()).to_string(),
        "zz".to_string(),
        right_reply(&schema.questions[2], &order(2)),
        String::new(),
        "  ISERROR ".to_string(),
        "false".to_string(),
    ]
    .join("\n")
        + "\n";
    let run = learn(
        copy.path(),
        &["quiz", "schema-ts", "--seed", "7"],
        &input,
        &[],
    );
    assert_eq!(run.code, 1, "4 of 6 is below the pass mark\n{}", run.stderr);
    insta::assert_snapshot!("quiz_schema_ts_en", run.stdout);
    let (saved, done) = saved_answers(copy.path());
    assert_eq!(saved.len(), 6);
    assert_eq!(saved.values().filter(|r| **r).count(), 4);
    assert!(!done.contains("quiz:mcp-messages/schema-ts"));
}

fn chinese_everywhere_and_the_end_of_input_keeps_what_was_answered() {
    let copy = course_copy();
    let quizzes = quizzes_at(copy.path());
    let meta = quiz(&quizzes, "request-meta");
    let first = right_reply(
        &meta.questions[0],
        &ChoiceOrder::for_question(&meta.questions[0], 3),
    );
    let input = format!("{first}\n-32602\n");
    let run = learn(
        copy.path(),
        &["quiz", "request-meta", "--seed", "3"],
        &input,
        &[("LANG", "zh_CN.UTF-8")],
    );
    assert_eq!(run.code, 1);
    insta::assert_snapshot!("quiz_request_meta_zh_eof", run.stdout);
    let (saved, _) = saved_answers(copy.path());
    assert_eq!(
        saved,
        BTreeMap::from([
            ("missing-capabilities-reply".to_string(), true),
            ("unsupported-version-code".to_string(), false),
        ])
    );
    // --lang zh says the same as the locale.
    let by_flag = learn(
        copy.path(),
        &["--lang", "zh", "quiz", "request-meta", "--seed", "3"],
        "",
        &[],
    );
    assert!(
        by_flag.stdout.starts_with("小测验 · 3 · 每请求 _meta"),
        "{}",
        by_flag.stdout
    );
}

fn retry_wrong_asks_only_the_missed_and_a_pass_marks_the_step_done() {
    let copy = course_copy();
    let quizzes = quizzes_at(copy.path());
    let wire = quiz(&quizzes, "wire-shapes");
    // First round: everything right except the first two (one wrong, one blank).
    let replies: Vec<String> = wire
        .questions
        .iter()
        .enumerate()
        .map(|(i, q)| match i {
            0 => "zzz\n\n".to_string(), // unclear, then a skip
            1 => {
                let order = ChoiceOrder::for_question(q, 5);
                let wrong = (0..order.len())
                    .find(|&p| {
                        !q.kind
                            .correct_options()
                            .contains(&order.original(p).unwrap())
                    })
                    .unwrap();
                format!("{}\n", letter(wrong))
            }
            _ => format!("{}\n", right_reply(q, &ChoiceOrder::for_question(q, 5))),
        })
        .collect();
    let run = learn(
        copy.path(),
        &["quiz", "--seed", "5"],
        &replies.concat(),
        &[],
    );
    // 7 of 9 is 77%: not passed.
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Score: 7 of 9 (77%)"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("Not yet right: every-message-stamp, stdout-debug-print"),
        "{}",
        run.stdout
    );

    // The retry asks exactly those two; answering them passes the quiz.
    let missed = &wire.questions[..2];
    let input: String = missed
        .iter()
        .map(|q| format!("{}\n", right_reply(q, &ChoiceOrder::for_question(q, 9))))
        .collect();
    let run = learn(
        copy.path(),
        &["quiz", "wire-shapes", "--retry-wrong", "--seed", "9"],
        &input,
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("2 questions"), "{}", run.stdout);
    assert_eq!(run.stdout.matches("Question ").count(), 2, "{}", run.stdout);
    assert!(
        run.stdout.contains("Quiz wire-shapes: passed · 9 of 9"),
        "{}",
        run.stdout
    );
    let (_, done) = saved_answers(copy.path());
    assert!(done.contains("quiz:mcp-messages/wire-shapes"), "{done:?}");

    // Nothing left to retry; and with no objective the next quiz starts.
    let run = learn(
        copy.path(),
        &["quiz", "wire-shapes", "--retry-wrong"],
        "",
        &[],
    );
    assert_eq!(run.code, 0);
    assert!(run.stdout.starts_with("Nothing to retry"), "{}", run.stdout);
    let run = learn(copy.path(), &["quiz", "--seed", "1"], "", &[]);
    assert!(
        run.stdout
            .starts_with("Quiz · 2 · Ids, resultType, errors and silence"),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 1);
}

fn list_shows_every_question_and_never_an_answer() {
    let copy = course_copy();
    let run = learn(copy.path(), &["quiz", "--list", "--json"], "", &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let items: Vec<Value> = serde_json::from_str(&run.stdout).unwrap();
    let expected: usize = quizzes().iter().map(|q| q.questions.len()).sum();
    assert_eq!(items.len(), expected);
    for item in &items {
        for key in ["id", "objective", "type", "prompt", "choices"] {
            assert!(item.get(key).is_some(), "{key} in {item}");
        }
        for secret in ["answer", "accepted", "explanation", "correct"] {
            assert!(item.get(secret).is_none(), "{secret} in {item}");
        }
    }
    let text = learn(copy.path(), &["quiz", "schema-ts", "--list"], "", &[]);
    assert_eq!(text.code, 0);
    insta::assert_snapshot!("quiz_list_schema_ts", text.stdout);
}

/// An answers file with every question of the given quizzes, unshuffled.
fn answers_file(quizzes: &[&Quiz], reply: impl Fn(&Question) -> String) -> String {
    quizzes
        .iter()
        .flat_map(|q| &q.questions)
        .map(|q| format!("{} = {:?}\n", q.id, reply(q)))
        .collect()
}

fn an_answers_file_is_graded_without_asking_or_saving() {
    let copy = course_copy();
    let quizzes = quizzes_at(copy.path());
    let all: Vec<&Quiz> = quizzes.iter().collect();
    let right = answers_file(&all, |q| {
        right_reply(q, &ChoiceOrder::unshuffled(q.kind.options().len()))
    });
    fs::write(copy.path().join("right.toml"), right).unwrap();
    let run = learn(
        copy.path(),
        &["quiz", "--answers", "right.toml", "--json"],
        "",
        &[],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["score"], report["total"]);
    let results = report["results"].as_array().unwrap();
    assert_eq!(
        results.len(),
        all.iter().map(|q| q.questions.len()).sum::<usize>()
    );
    for result in results {
        assert_eq!(result["correct"], true, "{result}");
        assert!(
            result["explanation"]
                .as_str()
                .is_some_and(|e| !e.is_empty())
        );
    }
    assert!(!copy.path().join(".learn-progress.toml").exists());

    // Blank answers score zero, for one named quiz.
    let blank = answers_file(&[quiz(&quizzes, "wire-shapes")], |_| String::new());
    fs::write(copy.path().join("blank.toml"), blank).unwrap();
    let run = learn(
        copy.path(),
        &["quiz", "wire-shapes", "--answers", "blank.toml", "--json"],
        "",
        &[],
    );
    assert_eq!(run.code, 1);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["score"], 0);
    assert_eq!(report["total"], 9);
    // A blank answer is a question left open, not an answer.
    for result in report["results"].as_array().expect("results") {
        assert_eq!(result["answered"], false, "{result}");
    }

    // In Chinese the explanations are Chinese.
    let run = learn(
        copy.path(),
        &[
            "--lang",
            "zh",
            "quiz",
            "wire-shapes",
            "--answers",
            "blank.toml",
        ],
        "",
        &[],
    );
    assert!(
        run.stdout.contains("得分：0/9（0%）· 未通过"),
        "{}",
        run.stdout
    );
}

fn a_malformed_answers_file_is_reported_with_lines_and_exit_2() {
    let copy = course_copy();
    fs::write(
        copy.path().join("answers.toml"),
        "every-message-stamp = \"q\"\nstdout-debug-prnt = \"a\"\nkind-cancelled = 3\nclient-may-send = \"a c\"\nserver-asks-user = [\"a\"]\n",
    )
    .unwrap();
    let run = learn(copy.path(), &["quiz", "--answers", "answers.toml"], "", &[]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    insta::assert_snapshot!("quiz_answers_malformed", run.stderr);

    fs::write(
        copy.path().join("broken.toml"),
        "every-message-stamp = \"a\nx = 1\n",
    )
    .unwrap();
    let run = learn(copy.path(), &["quiz", "--answers", "broken.toml"], "", &[]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("broken.toml:1:"), "{}", run.stderr);

    let run = learn(copy.path(), &["quiz", "--json"], "", &[]);
    assert_eq!(run.code, 2, "--json alone is a usage error");
    let run = learn(copy.path(), &["quiz", "no-such-objective"], "", &[]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("the quizzes are wire-shapes"),
        "{}",
        run.stderr
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(every_objective_has_a_quiz_of_three_or_more_and_twenty_in_all),
        test!(every_fact_has_a_question_and_every_type_is_used),
        test!(every_text_exists_in_both_languages),
        test!(the_lessons_two_closing_questions_are_asked_with_their_explanations),
        test!(message_kind_answers_agree_with_an_independent_classifier),
        test!(every_right_answer_scores_and_every_wrong_choice_and_blank_do_not),
        test!(content_checks_fail_on_a_missing_translation_or_a_short_quiz),
        test!(a_piped_quiz_shows_every_screen),
        test!(chinese_everywhere_and_the_end_of_input_keeps_what_was_answered),
        test!(retry_wrong_asks_only_the_missed_and_a_pass_marks_the_step_done),
        test!(list_shows_every_question_and_never_an_answer),
        test!(an_answers_file_is_graded_without_asking_or_saving),
        test!(a_malformed_answers_file_is_reported_with_lines_and_exit_2),
    ]
}
