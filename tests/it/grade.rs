//! `learn grade` on a roster of generated submissions: solved, pristine,
//! partly solved, one that does not compile, one that hangs and floods, and
//! one that rewrote its `src/`, emptied its scenarios and claims to pass.
//! Every submission goes through the real binary; the Gradescope and JUnit
//! reports are parsed to prove they are well formed.

use crate::common::course::{Exercise, course};
use crate::common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One exercise of the repository's course, as its lesson data says.
fn total(course: &[Exercise]) -> u64 {
    course.iter().map(|e| e.points).sum()
}

fn points(course: &[Exercise], id: &str) -> u64 {
    course.iter().find(|e| e.id == id).expect("exercise").points
}

fn by_number(course: &[Exercise], number: i64) -> Exercise {
    course
        .iter()
        .find(|e| e.number == number)
        .expect("exercise")
        .clone()
}

/// The roster, written once per test process in a folder of its own (test
/// processes run at once under cargo-nextest). Built programs are kept by
/// what they are built from, so a second run still builds nothing again.
fn roster() -> &'static Path {
    static ROSTER: OnceLock<PathBuf> = OnceLock::new();
    ROSTER.get_or_init(|| {
        let dir = process_folder("grade-roster");
        write_roster(&dir, &course());
        dir
    })
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().expect("parent")).expect("create folder");
    fs::write(path, text).expect("write");
}

/// Copies the exercise's file from `solutions` or, for `exercises`, the
/// lesson's own copy (as shipped, whatever this checkout's files hold).
fn take(from: &str, exercise: &Exercise, to: &Path) {
    let source = match from {
        "exercises" => exercise.shipped_file(),
        _ => repo().join(from).join(&exercise.file),
    };
    let text = fs::read_to_string(source).expect("course file");
    write(&to.join("exercises").join(&exercise.file), &text);
}

const HANGS: &str = "fn main() {\n    loop {\n        std::hint::spin_loop();\n    }\n}\n";
const FLOODS: &str = "fn main() {\n    let line = \"x\".repeat(4000);\n    loop {\n        println!(\"{line}\");\n    }\n}\n";
const DOES_NOT_COMPILE: &str = "fn main() {\n    let id: u64 = \"seven\";\n}\n";
/// Not JSON, with characters XML cannot hold even escaped.
const WEIRD_OUTPUT: &str = "use std::io::BufRead;\nfn main() {\n    for _ in std::io::stdin().lock().lines() {\n        println!(\"<oops> & \\\"quoted\\\" ]]> \\u{1b}[31m red \\u{0} nul \\u{7}\");\n    }\n}\n";

fn write_roster(dir: &Path, course: &[Exercise]) {
    let student = |name: &str| dir.join(name);
    for e in course {
        take("solutions", e, &student("t-solved"));
        take("exercises", e, &student("t-pristine"));
        // Partly: 1-4 solved, 5-8 as given, 9 deleted.
        match e.number {
            1..=4 => take("solutions", e, &student("t-partly")),
            9 => {}
            _ => take("exercises", e, &student("t-partly")),
        }
        take("solutions", e, &student("t-broken"));
        take("solutions", e, &student("t-hang"));
        write(
            &student("t-cheater").join("exercises").join(&e.file),
            "fn main() {}\n",
        );
    }
    let file = |name: &str, number: i64| {
        student(name)
            .join("exercises")
            .join(by_number(course, number).file)
    };
    write(&file("t-broken", 2), DOES_NOT_COMPILE);
    write(&file("t-broken", 1), WEIRD_OUTPUT);
    write(&file("t-hang", 3), HANGS);
    write(&file("t-hang", 7), FLOODS);

    // The cheater: a whole clone whose own checker and scenarios say "pass".
    let cheater = student("t-cheater");
    write(
        &cheater.join("src/main.rs"),
        "fn main() { println!(\"all scenarios passed\"); }\n",
    );
    write(
        &cheater.join("Cargo.toml"),
        "[package]\nname = \"learn\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = \"build.rs\"\n",
    );
    let marker = dir.join("cheater-build-script-ran");
    write(
        &cheater.join("exercises/Cargo.toml"),
        "[package]\nname = \"learn-exercises\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = \"build.rs\"\n",
    );
    write(
        &cheater.join("exercises/build.rs"),
        &format!(
            "fn main() {{ std::fs::write({:?}, \"ran\").unwrap(); }}\n",
            marker.display().to_string()
        ),
    );
    for e in course {
        let lesson = e.lesson_folder().join(format!("{}.toml", e.id));
        let text = fs::read_to_string(&lesson).expect("lesson file");
        let cut = text.find("[[scenario]]").unwrap_or(text.len());
        write(
            &cheater
                .join("lessons")
                .join(&e.lesson)
                .join("exercises")
                .join(format!("{}.toml", e.id)),
            &text[..cut],
        );
    }
    let done: Vec<String> = course
        .iter()
        .map(|e| format!("\"exercise:{}\"", e.id))
        .collect();
    write(
        &cheater.join(".learn-progress.toml"),
        &format!("done = [{}]\n", done.join(", ")),
    );
    // Pulling the grader's solution in at compile time, and a link to it.
    let echo = by_number(course, 2);
    write(
        &file("t-cheater", 2),
        &format!(
            "include!({:?});\n",
            repo()
                .join("solutions")
                .join(&echo.file)
                .display()
                .to_string()
        ),
    );
    #[cfg(unix)]
    {
        let silence = by_number(course, 3);
        let link = file("t-cheater", 3);
        let _ = fs::remove_file(&link);
        std::os::unix::fs::symlink(repo().join("solutions").join(&silence.file), &link)
            .expect("symlink");
    }
}

const ROSTER: [&str; 6] = [
    "t-solved",
    "t-pristine",
    "t-partly",
    "t-broken",
    "t-hang",
    "t-cheater",
];

fn grade(submissions: &[&str], extra: &[&str]) -> std::process::Output {
    grade_within("2", submissions, extra)
}

/// `grade` with another scenario timeout, in seconds.
fn grade_within(timeout: &str, submissions: &[&str], extra: &[&str]) -> std::process::Output {
    let paths: Vec<String> = submissions
        .iter()
        .map(|s| roster().join(s).display().to_string())
        .collect();
    let mut args = vec![
        "grade",
        "--timeout",
        timeout,
        "--jobs",
        "2",
        "--seed",
        "424242",
    ];
    args.extend(extra);
    args.extend(paths.iter().map(String::as_str));
    learn(&args)
}

/// One grading of the whole roster, written as JSON, JUnit and text, which
/// four tests read: every grading of the roster waits out t-hang's spinning
/// program, scenario by scenario, so it is done once per test process.
struct RosterGrading {
    code: i32,
    stderr: String,
    /// grades.json, grades.xml and grades.txt.
    dir: PathBuf,
}

impl RosterGrading {
    fn read(&self, file: &str) -> String {
        fs::read_to_string(self.dir.join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}\n{}", self.stderr))
    }
}

fn roster_grading() -> &'static RosterGrading {
    static GRADING: OnceLock<RosterGrading> = OnceLock::new();
    GRADING.get_or_init(|| {
        let dir = roster().join("reports");
        let out = dir.display().to_string();
        let output = grade(&ROSTER, &["--format", "json,junit,text", "--out", &out]);
        RosterGrading {
            code: code(&output),
            stderr: stderr(&output),
            dir,
        }
    })
}

fn submission<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no submission {name} in {report}"))
}

fn exercise<'a>(submission: &'a Value, id: &str) -> &'a Value {
    submission["exercises"]
        .as_array()
        .expect("exercises")
        .iter()
        .find(|e| e["id"] == id)
        .unwrap_or_else(|| panic!("no exercise {id}"))
}

fn the_roster_gets_the_right_scores() {
    let course = course();
    let full = total(&course);
    let id = |n: i64| by_number(&course, n).id;
    let grading = roster_grading();
    assert_eq!(
        grading.code, 1,
        "not everyone has full marks: exit 1\n{}",
        grading.stderr
    );
    assert!(
        grading.stderr.contains("seed 424242"),
        "the seed is printed"
    );
    let report: Value = serde_json::from_str(&grading.read("grades.json")).expect("grades.json");
    assert_eq!(report["seed"], 424242);

    let score = |name: &str| submission(&report, name)["score"].as_u64().expect("score");
    for name in ROSTER {
        assert_eq!(submission(&report, name)["max_score"], full, "{name}");
    }
    assert_eq!(score("t-solved"), full);
    assert_eq!(score("t-pristine"), 0);
    let partly: u64 = (1..=4).map(|n| by_number(&course, n).points).sum();
    assert_eq!(score("t-partly"), partly);
    assert_eq!(
        score("t-broken"),
        full - points(&course, &id(1)) - points(&course, &id(2))
    );
    assert_eq!(
        score("t-hang"),
        full - points(&course, &id(3)) - points(&course, &id(7))
    );
    assert_eq!(score("t-cheater"), 0);

    // Every solved exercise passes every scenario, and says so.
    for e in submission(&report, "t-solved")["exercises"]
        .as_array()
        .expect("exercises")
    {
        assert_eq!(e["passed"], true, "{e}");
        assert_eq!(e["score"], e["max_score"]);
        assert_eq!(e["scenarios_passed"], e["scenarios_total"]);
        assert!(e["build_error"].is_null());
    }
    let partly = submission(&report, "t-partly");
    let missing = exercise(partly, &id(9));
    assert!(
        missing["build_error"]
            .as_str()
            .expect("reason")
            .contains("missing"),
        "{missing}"
    );

    let broken = submission(&report, "t-broken");
    let compile = exercise(broken, &id(2));
    let message = compile["build_error"].as_str().expect("compiler message");
    assert!(message.contains("error[E0308]"), "{message}");
    assert!(
        message.contains(&format!("exercises/{}", by_number(&course, 2).file)),
        "the student's own path: {message}"
    );
    assert!(
        compile["scenarios"]
            .as_array()
            .expect("scenarios")
            .is_empty()
    );
    // The weird output is reported, not a reason to stop.
    let weird = exercise(broken, &id(1));
    assert_eq!(weird["passed"], false);
    assert!(
        weird["scenarios"][0]["message"]
            .as_str()
            .expect("message")
            .contains("<oops>")
    );

    let hang = submission(&report, "t-hang");
    let looping = exercise(hang, &id(3));
    assert_eq!(looping["scenarios_passed"], 0);
    for scenario in looping["scenarios"].as_array().expect("scenarios") {
        // Stopped at the time limit, whether it was waiting for answers or for the end.
        assert!(
            scenario["message"]
                .as_str()
                .expect("message")
                .contains(" 2 s"),
            "{scenario}"
        );
    }
    let flood = exercise(hang, &id(7));
    assert_eq!(flood["scenarios_passed"], 0, "{flood}");
    for n in [1, 2, 4, 5, 6, 8, 9] {
        assert_eq!(
            exercise(hang, &id(n))["passed"],
            true,
            "the rest of t-hang still runs"
        );
    }

    let cheater = submission(&report, "t-cheater");
    let include = exercise(cheater, &id(2))["build_error"]
        .as_str()
        .expect("refused")
        .to_string();
    assert!(include.contains("include!"), "{include}");
    #[cfg(unix)]
    {
        let link = exercise(cheater, &id(3))["build_error"]
            .as_str()
            .expect("refused")
            .to_string();
        assert!(link.contains("symbolic link"), "{link}");
    }
    assert!(
        !roster().join("cheater-build-script-ran").exists(),
        "the student's build script must never run"
    );
}

fn junit_report_is_well_formed_xml() {
    use quick_xml::Reader;
    use quick_xml::events::Event;
    let course = course();
    let grading = roster_grading();
    assert_eq!(grading.code, 1, "{}", grading.stderr);
    let xml = grading.read("grades.xml");
    let mut reader = Reader::from_str(&xml);
    let mut suites = BTreeMap::new();
    let (mut cases, mut failures, mut failure_text) = (0usize, 0usize, String::new());
    let mut in_failure = false;
    loop {
        match reader.read_event() {
            Err(e) => panic!(
                "not well-formed at {}: {e}\n{xml}",
                reader.buffer_position()
            ),
            Ok(Event::Eof) => break,
            Ok(Event::Start(tag)) | Ok(Event::Empty(tag)) => {
                let attr = |name: &str| {
                    tag.try_get_attribute(name)
                        .expect("attribute")
                        .map(|a| a.unescape_value().expect("value").into_owned())
                };
                match tag.name().as_ref() {
                    b"testsuite" => {
                        suites.insert(
                            attr("name").expect("suite name"),
                            attr("tests").expect("tests"),
                        );
                    }
                    b"testcase" => {
                        cases += 1;
                        assert!(attr("name").is_some() && attr("classname").is_some());
                    }
                    b"failure" => {
                        failures += 1;
                        in_failure = true;
                        assert!(attr("message").is_some());
                    }
                    _ => {}
                }
            }
            Ok(Event::Text(text)) if in_failure => {
                failure_text.push_str(&text.decode().expect("text"));
            }
            Ok(Event::GeneralRef(r)) if in_failure => {
                failure_text.push_str(&format!("&{};", String::from_utf8_lossy(&r)));
            }
            Ok(Event::End(tag)) if tag.name().as_ref() == b"failure" => in_failure = false,
            Ok(_) => {}
        }
    }
    assert_eq!(
        suites.len(),
        ROSTER.len() * course.len(),
        "a suite per submission and exercise"
    );
    assert!(suites.contains_key(&format!("t-solved/{}", by_number(&course, 1).id)));
    assert!(cases > failures && failures > 0);
    // The weird output made it through, escaped, with no raw control characters.
    assert!(
        failure_text.contains("<oops>") || failure_text.contains("&lt;oops"),
        "{failure_text}"
    );
    assert!(xml.contains("\\u{1b}") && !xml.contains('\u{1b}') && !xml.contains('\u{0}'));
}

fn gradescope_results_one_file_per_submission() {
    let course = course();
    let folder = tempfile::tempdir().expect("temp dir");
    let out = folder.path().display().to_string();
    // t-broken's two broken exercises and one it solved; the format is the
    // same for every exercise (the_roster_gets_the_right_scores grades all).
    let graded: Vec<Exercise> = [1, 2, 3].map(|n| by_number(&course, n)).into();
    let output = grade(
        &["t-solved", "t-broken"],
        &[
            "--format",
            "gradescope",
            "--exercises",
            "1,2,3",
            "--out",
            &out,
        ],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    for (name, expected) in [
        ("t-solved", total(&graded)),
        (
            "t-broken",
            total(&graded) - graded[0].points - graded[1].points,
        ),
    ] {
        let text =
            fs::read_to_string(folder.path().join(format!("{name}.json"))).expect("results file");
        let results: Value = serde_json::from_str(&text).expect("results.json is JSON");
        assert_eq!(results["score"], expected, "{name}");
        let tests = results["tests"].as_array().expect("tests");
        assert_eq!(tests.len(), graded.len());
        let sum: u64 = tests
            .iter()
            .map(|t| t["score"].as_u64().expect("score"))
            .sum();
        assert_eq!(sum, expected);
        for test in tests {
            assert!(test["name"].is_string() && test["output"].is_string());
            assert!(test["max_score"].as_u64().expect("max_score") > 0);
            let status = test["status"].as_str().expect("status");
            assert!(status == "passed" || status == "failed");
            assert_eq!(status == "passed", test["score"] == test["max_score"]);
        }
    }
}

/// `--exercises` takes ids and numbers; a name that is no exercise stops
/// the run before anything is graded.
fn exercises_that_do_not_exist_are_named() {
    let output = grade(&["t-solved"], &["--exercises", "1,no-such-exercise"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("there is no exercise `no-such-exercise`"),
        "{}",
        stderr(&output)
    );
    assert!(!stderr(&output).contains("Built "), "{}", stderr(&output));
}

fn gradescope_with_several_submissions_needs_a_folder() {
    let output = grade(&["t-solved", "t-broken"], &["--format", "gradescope"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("--out"), "{}", stderr(&output));
    let missing = learn(&["grade", "/no/such/submission"]);
    assert_eq!(code(&missing), 2);
    assert!(stderr(&missing).contains("does not exist"));
}

/// A question of the first quiz and its right answer (a single-choice one).
fn a_right_answer() -> (String, String, String) {
    let dir = repo().join("lessons/01-mcp-messages/quizzes");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("quizzes")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    for file in files {
        let table: toml::Table =
            toml::from_str(&fs::read_to_string(&file).expect("quiz")).expect("quiz TOML");
        for q in table["question"].as_array().expect("questions") {
            if q["type"].as_str() == Some("single") {
                let answer = q["answer"].as_str().expect("answer").to_string();
                let wrong = if answer == "a" { "b" } else { "a" }.to_string();
                return (q["id"].as_str().expect("id").into(), answer, wrong);
            }
        }
    }
    panic!("no single-choice question");
}

/// Every question of every lesson's quizzes: the quiz is graded course-wide.
fn question_count() -> usize {
    let mut count = 0;
    for lesson in fs::read_dir(repo().join("lessons")).expect("lessons") {
        let dir = lesson.expect("entry").path().join("quizzes");
        for quiz in fs::read_dir(&dir).expect("quizzes") {
            let text = fs::read_to_string(quiz.expect("entry").path()).expect("quiz");
            let table: toml::Table = toml::from_str(&text).expect("quiz TOML");
            count += table["question"].as_array().expect("questions").len();
        }
    }
    count
}

fn hidden_scenarios_and_the_quiz_count() {
    let course = course();
    let echo = by_number(&course, 2);
    let hidden = tempfile::tempdir().expect("temp dir");
    write(
        &hidden.path().join(format!("{}.toml", echo.id)),
        r#"format_version = 1

[vars]
hidden_id = { random = "int" }

[[scenario]]
name = "hidden: tools/list is answered"
fact = "F7"
rule = { en = "Every request gets its answer.", zh = "每个请求都有回应。" }
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": "${hidden_id}", "method": "tools/list", "params": {}}'
expect = '{"jsonrpc": "2.0", "id": "${hidden_id}", "result": "$object"}'

[[scenario]]
name = "hidden: a secret member nobody teaches"
fact = "F8"
rule = { en = "A rule only the teacher knows.", zh = "只有老师知道的规则。" }
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": "${hidden_id}", "method": "tools/list", "params": {}}'
expect = '{"jsonrpc": "2.0", "id": "${hidden_id}", "result": {"secret": "$nonempty"}}'
"#,
    );
    // Lesson 2's exercises take hidden scenarios the same way.
    let pagination = course
        .iter()
        .find(|e| e.id == "pagination")
        .expect("lesson 2's pagination exercise");
    assert_eq!(pagination.lesson, "02-mcp-stateless-server");
    write(
        &hidden.path().join("pagination.toml"),
        r#"format_version = 1

[vars]
hidden_id = { random = "string-id" }

[[scenario]]
name = "hidden: the first page says there is more"
fact = "F5"
rule = { en = "A first page of a longer list carries nextCursor.", zh = "较长列表的第一页带 nextCursor。" }
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": "${hidden_id}", "method": "tools/list", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": {"name": "teacher", "version": "1.0.0"}}}}'
expect = '{"id": "${hidden_id}", "result": {"resultType": "complete", "nextCursor": "$string"}}'
"#,
    );
    let (question, right, wrong) = a_right_answer();
    let _ = wrong;
    write(
        &roster().join("t-solved/quiz-answers.toml"),
        &format!("{question} = \"{right}\"\n"),
    );
    let dir = hidden.path().display().to_string();
    // The two exercises the hidden scenarios are for, no other: the totals
    // are theirs (`--exercises`; the_roster_gets_the_right_scores grades
    // every exercise).
    let only = format!("{},{}", echo.id, pagination.id);
    let total = echo.points + pagination.points;
    let output = grade(
        &["t-solved"],
        &[
            "--format",
            "gradescope",
            "--exercises",
            &only,
            "--scenarios",
            &dir,
            "--quiz",
            "quiz-answers.toml",
        ],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("3 hidden scenarios added"),
        "{}",
        stderr(&output)
    );
    let results = json(&output);
    let questions = question_count() as u64;
    assert_eq!(results["max_score"], total + questions);
    assert_eq!(results["score"], total - echo.points + 1, "{results}");
    assert_eq!(
        results["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .filter(|t| t["visibility"] == "visible" && t["name"] != "quiz")
            .count(),
        2,
        "only the exercises --exercises names: {results}"
    );
    let tests = results["tests"].as_array().expect("tests");
    let echo_test = tests
        .iter()
        .find(|t| t["name"].as_str().expect("name").contains(&echo.id))
        .expect("echo test");
    assert_eq!(echo_test["status"], "failed");
    // Students read this output: the failed hidden scenario is there by
    // number only, its name, input and rule are not.
    let output_text = echo_test["output"].as_str().expect("output");
    assert!(output_text.contains("hidden scenario 2"), "{output_text}");
    for secret in [
        "a secret member nobody teaches",
        "secret",
        "tools/list",
        "A rule only the teacher knows",
    ] {
        assert!(
            !output_text.contains(secret),
            "{secret} shown: {output_text}"
        );
    }
    assert_eq!(echo_test["visibility"], "visible");
    // The instructors' tests of hidden scenarios, one per exercise, count
    // them: id-echo's two (one fails), and lesson 2's pagination's one.
    let hidden_tests: Vec<&Value> = tests
        .iter()
        .filter(|t| t["visibility"] == "hidden")
        .collect();
    assert_eq!(hidden_tests.len(), 2, "{results}");
    let hidden_output = |id: &str| {
        let test = hidden_tests
            .iter()
            .find(|t| t["name"].as_str().is_some_and(|n| n.contains(id)))
            .unwrap_or_else(|| panic!("a hidden test for {id}: {results}"));
        assert_eq!(test["max_score"], 0);
        test["output"].as_str().expect("output").to_string()
    };
    let echo_hidden = hidden_output(&echo.id);
    assert!(
        echo_hidden.starts_with("1 of 2 hidden scenarios passed."),
        "{echo_hidden}"
    );
    assert!(!echo_hidden.contains("secret"), "{echo_hidden}");
    let pagination_hidden = hidden_output("pagination");
    assert!(
        pagination_hidden.starts_with("1 of 1 hidden scenarios passed."),
        "{pagination_hidden}"
    );
    let pagination_test = tests
        .iter()
        .find(|t| {
            t["name"].as_str().is_some_and(|n| n.contains("pagination"))
                && t["visibility"] == "visible"
        })
        .expect("the pagination test");
    assert_eq!(pagination_test["score"], pagination.points, "{results}");

    // --reveal-hidden: the teacher's own review names and explains it.
    let revealed = grade(
        &["t-solved"],
        &[
            "--format",
            "gradescope",
            "--exercises",
            &only,
            "--scenarios",
            &dir,
            "--reveal-hidden",
        ],
    );
    let revealed = json(&revealed);
    let text = revealed.to_string();
    assert!(
        text.contains("hidden: a secret member nobody teaches"),
        "{text}"
    );
    assert!(text.contains("A rule only the teacher knows"), "{text}");
    assert_eq!(revealed["score"], total - echo.points);
    let quiz = tests
        .iter()
        .find(|t| t["name"] == "quiz")
        .expect("quiz test");
    assert_eq!(quiz["score"], 1);
    assert_eq!(quiz["max_score"], questions);
}

fn broken_hidden_scenarios_are_reported_with_file_and_line() {
    let hidden = tempfile::tempdir().expect("temp dir");
    let echo = by_number(&course(), 2);
    write(
        &hidden.path().join(format!("{}.toml", echo.id)),
        "format_version = 1\n\n[[scenario]]\nname = \"bad\"\nfact = \"F7\"\nrule = { en = \"x\", zh = \"x\" }\n[[scenario.step]]\nsend = '{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}'\nexpect = '{\"id\": 1'\n",
    );
    write(
        &hidden.path().join("no-such-exercise.toml"),
        "format_version = 1\n",
    );
    let dir = hidden.path().display().to_string();
    let output = grade(&["t-solved"], &["--scenarios", &dir]);
    assert_eq!(code(&output), 2);
    let err = stderr(&output);
    assert!(err.contains(&format!("{}.toml:9:", echo.id)), "{err}");
    assert!(
        err.contains("there is no exercise `no-such-exercise`"),
        "{err}"
    );
}

fn grade_help() {
    insta::assert_snapshot!("help-grade", stdout(&learn(&["grade", "--help"])));
}

/// GitHub Classroom's tests are the lesson's exercises with their points.
fn classroom_autograding_matches_the_lesson_data() {
    let text = fs::read_to_string(repo().join(".github/classroom/autograding.json"))
        .expect("autograding.json");
    let config: Value = serde_json::from_str(&text).expect("autograding.json is JSON");
    let tests = config["tests"].as_array().expect("tests");
    let course = course();
    assert_eq!(tests.len(), course.len());
    for (test, exercise) in tests.iter().zip(&course) {
        assert_eq!(test["name"], format!("{} {}", exercise.number, exercise.id));
        assert_eq!(test["points"], exercise.points, "{}", exercise.id);
        let run = test["run"].as_str().expect("run");
        assert!(run.contains(&format!("check {} ", exercise.id)), "{run}");
    }
}

/// The text table, and no student output reaches the terminal raw.
fn text_report_is_a_table_safe_for_a_terminal() {
    let course = course();
    let grading = roster_grading();
    assert_eq!(grading.code, 1, "{}", grading.stderr);
    let text = grading.read("grades.txt");
    let header = text.lines().next().expect("header");
    for e in &course {
        assert!(header.contains(&e.number.to_string()), "{header}");
    }
    let full = total(&course);
    let broken = full - by_number(&course, 1).points - by_number(&course, 2).points;
    assert!(text.contains(&format!("{full}/{full}")), "{text}");
    assert!(text.contains(&format!("{broken}/{full}")), "{text}");
    assert!(text.contains("does not compile: error[E0308]"), "{text}");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "control characters from student output must not reach the terminal:\n{text}"
    );
    assert!(text.contains("\\u{1b}"), "{text}");
}

/// A bad line of a quiz answers file is wrong and named; the rest count.
fn quiz_answers_are_graded_line_by_line() {
    let (question, right, _) = a_right_answer();
    write(
        &roster().join("t-partly/quiz-lines.toml"),
        &format!(
            "# my answers\n{question} = \"{right}\"\nthis is not toml\nno-such-question = \"a\"\n{question} = \"{right}\"\n"
        ),
    );
    // One exercise (as given, so it fails) is enough to grade the quiz by.
    let output = grade(
        &["t-partly"],
        &[
            "--format",
            "json",
            "--exercises",
            "5",
            "--quiz",
            "quiz-lines.toml",
        ],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let report = json(&output);
    let quiz = &submission(&report, "t-partly")["quiz"];
    assert_eq!(quiz["score"], 1, "the readable right answer counts: {quiz}");
    assert!(quiz["problem"].is_null(), "{quiz}");
    let problems: Vec<&str> = quiz["line_problems"]
        .as_array()
        .expect("line problems")
        .iter()
        .map(|p| p.as_str().expect("text"))
        .collect();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems[0].starts_with("quiz-lines.toml:3:"),
        "{problems:?}"
    );
    assert!(
        problems[1].starts_with("quiz-lines.toml:4:") && problems[1].contains("no-such-question"),
        "{problems:?}"
    );
    assert!(
        problems[2].starts_with("quiz-lines.toml:5:") && problems[2].contains("second time"),
        "{problems:?}"
    );
    let text = grade(
        &["t-partly"],
        &["--exercises", "5", "--quiz", "quiz-lines.toml"],
    );
    assert!(
        stdout(&text).contains("quiz-lines.toml:3:"),
        "the text report names the line:\n{}",
        stdout(&text)
    );
}

/// `--show`: one student's exercise, every scenario's transcript.
fn show_prints_every_scenario_in_full() {
    let course = course();
    let weird = by_number(&course, 1);
    let output = grade(&ROSTER, &["--show", "t-broken", &weird.id]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("; checked 1 in"),
        "only the exercise shown is graded: {}",
        stderr(&output)
    );
    let text = stdout(&output);
    assert!(
        text.starts_with(&format!("t-broken · 1 {}", weird.id)),
        "{text}"
    );
    assert!(text.contains("sha256 "), "{text}");
    assert!(text.contains("\n  → {"), "what was sent: {text}");
    assert!(text.contains("\n  ← <oops>"), "what came back: {text}");
    assert!(text.contains("✗ "), "{text}");
    assert!(
        !text.contains('\u{1b}'),
        "no raw escape reaches the terminal"
    );
    let unknown = grade(&ROSTER, &["--show", "nobody", &weird.id]);
    assert_eq!(code(&unknown), 2);
    assert!(
        stderr(&unknown).contains("no submission is named nobody"),
        "{}",
        stderr(&unknown)
    );
}

fn clean_deletes_the_grading_folder() {
    let copy = course_copy();
    let grade_dir = copy.path().join("target/grade/bin");
    fs::create_dir_all(&grade_dir).expect("create");
    fs::write(grade_dir.join("x"), "built").expect("write");
    let output = learn_in(copy.path(), &["grade", "--clean"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(!grade_dir.exists());
    assert!(stderr(&output).contains("Deleted"), "{}", stderr(&output));
}

/// Built programs are kept by what they are built from, not by class: the
/// same students in another order, or one of them alone, compile nothing.
fn regrading_in_any_order_or_alone_compiles_nothing_new() {
    let built = || {
        fs::read_dir(repo().join("target/grade/bin"))
            .map(|r| r.count())
            .unwrap_or(0)
    };
    let first = roster_grading();
    assert_eq!(first.code, 1, "{}", first.stderr);
    let before = built();
    assert!(before > 0);
    let mut reversed = ROSTER;
    reversed.reverse();
    for class in [
        &reversed[..],
        &["t-partly"][..],
        &["t-hang", "t-solved"][..],
    ] {
        // Only what gets compiled is asserted here, not scores: a short
        // timeout keeps t-hang's spinning programs from waiting out 2 s each.
        let output = grade_within("0.2", class, &[]);
        assert_eq!(code(&output), 1, "{}", stderr(&output));
        assert_eq!(built(), before, "{class:?} compiled something again");
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(the_roster_gets_the_right_scores).needs(Tool::Sandbox),
        test!(junit_report_is_well_formed_xml).needs(Tool::Sandbox),
        test!(gradescope_results_one_file_per_submission).needs(Tool::Sandbox),
        test!(exercises_that_do_not_exist_are_named),
        test!(gradescope_with_several_submissions_needs_a_folder).needs(Tool::Sandbox),
        test!(hidden_scenarios_and_the_quiz_count).needs(Tool::Sandbox),
        test!(broken_hidden_scenarios_are_reported_with_file_and_line).needs(Tool::Sandbox),
        test!(grade_help),
        test!(classroom_autograding_matches_the_lesson_data),
        test!(text_report_is_a_table_safe_for_a_terminal).needs(Tool::Sandbox),
        test!(quiz_answers_are_graded_line_by_line).needs(Tool::Sandbox),
        test!(show_prints_every_scenario_in_full).needs(Tool::Sandbox),
        test!(clean_deletes_the_grading_folder),
        test!(regrading_in_any_order_or_alone_compiles_nothing_new).needs(Tool::Sandbox),
    ]
}
