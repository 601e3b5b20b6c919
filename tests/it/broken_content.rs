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
        "a review that is no reading",
        LESSON,
        "[vars]",
        "reviews = [\"summary\"]\n\n[vars]",
        "lessons/basics/lesson.toml:5: `reviews` names `summary`, which no objective's reading step has",
    ),
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
    (
        "a command line for a server",
        EXERCISE,
        "rule = { en = \"Each request gets exactly one response; a notification none.\", zh = \"每个请求恰好一个响应；通知没有响应。\" }",
        "rule = { en = \"Each request gets exactly one response; a notification none.\", zh = \"每个请求恰好一个响应；通知没有响应。\" }\nargs = [\"${id}\"]",
        "`args` are for client exercises (`kind = \"mcp-client\"`)",
    ),
    (
        "a text var of no var",
        EXERCISE,
        "id = { random = \"int\" }",
        "id = { random = \"int\" }\nsaid = { text = \"nope\" }",
        "var `said` is the text of `nope`, which is not a var of this file",
    ),
];

/// Content errors only a client exercise (`kind = "mcp-client"`) can have:
/// (name, the scenario added, what the error must say).
const CLIENT_CASES: &[(&str, &str, &str)] = &[
    (
        "a client's command line naming no var",
        "args = [\"--n=${nope}\"]\n[[scenario.step]]\nexpect = '{\"method\": \"tools/list\"}'",
        "scenario `c`: `args` uses `${nope}`, which is not in [vars]",
    ),
    (
        "a pause longer than a scenario needs",
        "[[scenario.step]]\npause_ms = 60000\nexpect = '{\"method\": \"tools/list\"}'",
        "scenario `c` step 1: `pause_ms = 60000` is longer than 2000",
    ),
    (
        "a client's step that does nothing",
        "[[scenario.step]]\nexpect = '{\"method\": \"tools/list\"}'\n[[scenario.step]]\ncapture = {}",
        "scenario `c` step 2: writes nothing and expects nothing",
    ),
];

fn each_broken_client_scenario_is_reported() {
    for (name, scenario, says) in CLIENT_CASES {
        let dir = broken_copy(EXERCISE, "kind = \"server\"", "kind = \"mcp-client\"");
        let path = dir.path().join(EXERCISE);
        let mut text = std::fs::read_to_string(&path).expect("read");
        text.push_str(&format!(
            "\n[[scenario]]\nname = {{ en = \"c\", zh = \"c\" }}\nfact = \"F2\"\nrule = {{ en = \"r\", zh = \"r\" }}\n{scenario}\n"
        ));
        std::fs::write(&path, text).expect("write");
        let output = learn_in(dir.path(), &["dev", "check"]);
        let err = stderr(&output);
        assert_eq!(code(&output), 2, "{name}: exit 2\n{err}");
        assert!(
            err.contains(says),
            "{name}: stderr should contain `{says}`:\n{err}"
        );
        assert!(!err.contains("panicked"), "{name}: no panic\n{err}");
    }
}

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

const SECTION_EN: &str = "lessons/basics/sections/en/hello.md";
const SECTION_ZH: &str = "lessons/basics/sections/zh/hello.md";
const TERMS: &str = "lessons/basics/terms.zh.toml";
const QUIZ: &str = "lessons/basics/quizzes/first.toml";

/// A term list that replaces the fixture's word for "basics".
const TERM_LIST: &str = "format_version = 1\n\n[[term]]\nen = \"basics\"\nzh = \"入门\"\nfrom = \"project\"\nreplaces = [\"基础\"]\n";

/// A three-question quiz for the fixture's objective.
const QUIZ_FILE: &str = concat!(
    "format_version = 1\npass_percent = 100\n",
    "\n[[question]]\nid = \"first-1\"\ntype = \"true-false\"\nfacts = [\"F2\"]\nsection = \"hello\"\nprompt.en = \"A response copies its request's id (1).\"\nprompt.zh = \"响应复制请求的 id（1）。\"\nanswer = true\nexplanation.en = \"True.\"\nexplanation.zh = \"对。\"\n",
    "\n[[question]]\nid = \"first-2\"\ntype = \"true-false\"\nfacts = [\"F2\"]\nsection = \"hello\"\nprompt.en = \"A response copies its request's id (2).\"\nprompt.zh = \"响应复制请求的 id（2）。\"\nanswer = true\nexplanation.en = \"True.\"\nexplanation.zh = \"对。\"\n",
    "\n[[question]]\nid = \"first-3\"\ntype = \"true-false\"\nfacts = [\"F2\"]\nsection = \"hello\"\nprompt.en = \"A response copies its request's id (3).\"\nprompt.zh = \"响应复制请求的 id（3）。\"\nanswer = true\nexplanation.en = \"True.\"\nexplanation.zh = \"对。\"\n",
);

/// The authors' lints: (name, edits, what `learn dev check` must say). An
/// edit is (file, text to replace, replacement); an empty text to replace
/// writes the file whole.
type Lint = (
    &'static str,
    &'static [(&'static str, &'static str, &'static str)],
    &'static str,
);
const LINTS: &[Lint] = &[
    (
        "a code span lost in translation",
        &[(SECTION_ZH, "`id`", "id")],
        "lessons/basics/sections/en/hello.md:3: code span `id` has no match in the other language (en has 1 code spans, zh 0)",
    ),
    (
        "an error code in one language only",
        &[(
            EXERCISE,
            "with the request's id.\"",
            "with the request's id, or -32602.\"",
        )],
        "lessons/basics/exercises/echo.toml:9: `task`: error code -32602 is in the en text only",
    ),
    (
        "a list item lost in translation",
        &[
            (SECTION_EN, "Facts: F2", "- one\n- two\n\nFacts: F2"),
            (SECTION_ZH, "Facts: F2", "- 一\n\nFacts: F2"),
        ],
        "lessons/basics/sections/en/hello.md:10: en has 2 bulleted list items, zh 1",
    ),
    (
        "a code block lost in translation",
        &[(
            SECTION_ZH,
            "```json\n{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}\n```\n",
            "",
        )],
        "lessons/basics/sections/en/hello.md:5: en has 1 code blocks, zh 0",
    ),
    (
        "a replaced Chinese term",
        &[(TERMS, "", TERM_LIST)],
        "lessons/basics/lesson.toml:10: `基础` is a replaced word: write `入门` (lessons/basics/terms.zh.toml lists the words this course uses)",
    ),
    (
        "an exercise in the opening",
        &[
            (LESSON, "  { exercise = \"echo\" },\n", ""),
            (
                LESSON,
                "[[objective]]",
                "[opening]\ntitle = { en = \"Start\", zh = \"开始\" }\nsteps = [{ exercise = \"echo\" }]\n\n[[objective]]",
            ),
        ],
        "lessons/basics/lesson.toml:10: `exercise:echo` is a step of [opening], which holds readings only",
    ),
    (
        "a quiz before the end of its objective",
        &[
            (QUIZ, "", QUIZ_FILE),
            (
                LESSON,
                "  { exercise = \"echo\" },\n",
                "  { quiz = \"first\" },\n  { exercise = \"echo\" },\n",
            ),
        ],
        "lessons/basics/lesson.toml:13: `quiz:first` is not the last step of objective `first`",
    ),
];

/// Each lint is `learn dev check`'s, with its file and line; a learner's
/// commands still run on the same course.
fn each_lint_is_reported_by_dev_check_alone() {
    for (name, edits, says) in LINTS {
        let dir = tempfile::tempdir().expect("temp dir");
        copy(&repo().join("tests/fixtures/course"), dir.path());
        for (file, old, new) in *edits {
            let path = dir.path().join(file);
            if old.is_empty() {
                std::fs::create_dir_all(path.parent().expect("a folder")).expect("mkdir");
                std::fs::write(&path, new).expect("write");
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("read");
            assert!(
                text.contains(old),
                "{name}: the fixture holds {old:?} in {file}"
            );
            std::fs::write(&path, text.replacen(old, new, 1)).expect("write");
        }
        let output = learn_in(dir.path(), &["dev", "check"]);
        let err = stderr(&output);
        assert_eq!(code(&output), 2, "{name}: exit 2\n{err}");
        assert!(
            err.contains(says),
            "{name}: stderr should contain `{says}`:\n{err}"
        );
        assert_eq!(err.lines().count(), 2, "{name}: one finding\n{err}");
        let list = learn_in(dir.path(), &["list"]);
        assert_eq!(
            code(&list),
            0,
            "{name}: `learn list` still runs\n{}",
            stderr(&list)
        );
    }
}

/// `lessons/<lesson>/conformance.toml` and `interop.toml` are part of the
/// lesson: every command refuses a broken one, naming the file, the line and
/// the fix. (name, the file, the lesson's `[server]`?, its text after
/// `format_version`, what the error must say)
const PACKAGE_FILES: &[(&str, &str, bool, &str, &str)] = &[
    (
        "a section that is no reading of the lesson",
        "conformance.toml",
        false,
        "[sections]\n\"tools-list\" = \"o9-nowhere\"\n",
        "conformance.toml:3: `o9-nowhere` is no reading of this lesson",
    ),
    (
        "a key no check id could match",
        "conformance.toml",
        false,
        "[sections]\n\"Tools-*\" = \"hello\"\n",
        "conformance.toml:3: [sections] key `Tools-*` holds `T`: the suite's ids are lowercase letters, digits and `-`, so it could never match",
    ),
    (
        "a key that is only a star",
        "conformance.toml",
        false,
        "[sections]\n\"*\" = \"hello\"\n",
        "conformance.toml:3: [sections] key `*` is only `*`, which would send every check to one section",
    ),
    (
        "an expected failure with no reason",
        "conformance.toml",
        true,
        "[[expected_failures]]\nwhy = \" \"\nentries = [\"tools-list\"]\n",
        "conformance.toml:2: an `[[expected_failures]]` group has no `why`: say why its entries fail",
    ),
    (
        "an expected failure listed twice",
        "conformance.toml",
        true,
        "[[expected_failures]]\nwhy = \"No tools.\"\nentries = [\"tools-list\", \"tools-list\"]\n",
        "conformance.toml:4: expected failure `tools-list` is listed twice",
    ),
    (
        "an expected failure that names no suite id",
        "conformance.toml",
        true,
        "[[expected_failures]]\nwhy = \"No tools.\"\nentries = [\"tools list\"]\n",
        "conformance.toml:4: expected failure `tools list` (`<scenario>` or `<scenario>:<check-id>`) holds ` `",
    ),
    (
        "expected failures in a lesson without a server",
        "conformance.toml",
        false,
        "[[expected_failures]]\nwhy = \"No tools.\"\nentries = [\"tools-list\"]\n",
        "conformance.toml: expected failures belong to the lesson's server exercise, and lesson.toml has no `[server]`",
    ),
    (
        "a step that lists tools and calls one",
        "interop.toml",
        false,
        "exercise = \"echo\"\n[[step]]\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nneeded = { en = \"Y\", zh = \"Y\" }\nlist_tools = [\"echo\"]\ncall = \"echo\"\nresult = \"ok\"\n",
        "interop.toml:3: step `x` has both `list_tools` and `call`: a step does one",
    ),
    (
        "a call that expects nothing",
        "interop.toml",
        false,
        "exercise = \"echo\"\n[[step]]\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nneeded = { en = \"Y\", zh = \"Y\" }\ncall = \"echo\"\n",
        "interop.toml:3: step `x` needs one of `result` (\"ok\", \"tool-error\" or \"any\") and `error` (a JSON-RPC error code)",
    ),
    (
        "an undefined var",
        "interop.toml",
        false,
        "exercise = \"echo\"\n[[step]]\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nneeded = { en = \"Y\", zh = \"Y\" }\ncall = \"echo\"\narguments = { a = \"${a}\" }\nresult = \"ok\"\n",
        "interop.toml:3: step `x` uses `${a}`, which [vars] does not define",
    ),
    (
        "content with a declined answer",
        "interop.toml",
        false,
        "exercise = \"echo\"\n[[step]]\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nneeded = { en = \"Y\", zh = \"Y\" }\ncall = \"echo\"\nelicit = { action = \"decline\", content = { name = \"Ada\" } }\nresult = \"any\"\n",
        "interop.toml:3: step `x` gives elicitation `content` with an answer that is not \"accept\"",
    ),
    (
        "the driver's own step id",
        "interop.toml",
        false,
        "exercise = \"echo\"\n[[step]]\nid = \"connect\"\ntitle = { en = \"X\", zh = \"X\" }\nneeded = { en = \"Y\", zh = \"Y\" }\nlist_tools = [\"echo\"]\n",
        "interop.toml:3: step `connect` takes the id of the step the SDK runs first to connect",
    ),
    (
        "a missing translation",
        "interop.toml",
        false,
        "exercise = \"echo\"\n[[step]]\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nneeded = { en = \"Y\", zh = \"\" }\nlist_tools = [\"echo\"]\n",
        "interop.toml: step `x`'s `needed` has no `zh` text",
    ),
    (
        "an exercise of no lesson",
        "interop.toml",
        false,
        "exercise = \"nope\"\n[[step]]\nid = \"x\"\ntitle = { en = \"X\", zh = \"X\" }\nneeded = { en = \"Y\", zh = \"Y\" }\nlist_tools = [\"echo\"]\n",
        "interop.toml:2: `exercise = \"nope\"` is no exercise of this lesson",
    ),
];

fn each_broken_package_file_is_reported_with_file_line_and_fix() {
    for (name, file, server, text, says) in PACKAGE_FILES {
        let dir = tempfile::tempdir().expect("temp dir");
        copy(&repo().join("tests/fixtures/course"), dir.path());
        let lesson = dir.path().join("lessons/basics");
        if *server {
            let path = lesson.join("lesson.toml");
            let text = std::fs::read_to_string(&path).expect("read");
            std::fs::write(&path, text + "\n[server]\nexercise = \"echo\"\n").expect("write");
        }
        std::fs::write(lesson.join(file), format!("format_version = 1\n{text}")).expect("write");
        for args in [vec!["dev", "check"], vec!["list"]] {
            let output = learn_in(dir.path(), &args);
            let err = stderr(&output);
            assert_eq!(code(&output), 2, "{name} ({args:?}): exit 2\n{err}");
            assert!(
                err.contains(&format!("lessons/basics/{says}")),
                "{name} ({args:?}): stderr should contain `{says}`:\n{err}"
            );
        }
    }
    // A check has one section: a key two lessons map is refused.
    let course = course_copy();
    let path = course
        .path()
        .join("lessons/02-mcp-stateless-server/conformance.toml");
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(
        &path,
        text.replacen(
            "[sections]\n",
            "[sections]\n\"wire-schema-valid\" = \"o1-discover\"\n",
            1,
        ),
    )
    .expect("write");
    let err = stderr(&learn_in(course.path(), &["dev", "check"]));
    assert!(
        err.contains("lessons/02-mcp-stateless-server/conformance.toml:7: [sections] key `wire-schema-valid` is mapped by lessons/01-mcp-messages/conformance.toml too"),
        "{err}"
    );
}

/// A `cases.toml` whose first case is `case` (after two lines), beside
/// `programs/pong.py`.
const CASE_FILE: &str = "format_version = 1\n\n[[case]]\n";

/// (name, the case's lines, what the error must say after the file)
const BROKEN_CASES: &[(&str, &str, &str)] = &[
    (
        "an unknown exercise",
        "program = \"pong.py\"\nexercise = \"pong\"\nfails = []\nwhy = \"w\"\n",
        ":5: lesson `basics` has no exercise `pong`: its exercises are echo",
    ),
    (
        "an unknown scenario",
        "program = \"pong.py\"\nexercise = \"echo\"\nfails = [\"one request, two notifications\"]\nwhy = \"w\"\n",
        ":6: exercise `echo` has no scenario `one request, two notifications` (did you mean `one request, one notification`?)",
    ),
    (
        "a missing program file",
        "program = \"gone.py\"\nexercise = \"echo\"\nfails = []\nwhy = \"w\"\n",
        ":4: `program = \"gone.py\"` does not exist in this `programs/` folder",
    ),
    (
        "a program no case runs",
        "program = \"pong.py\"\nexercise = \"echo\"\nfails = []\nwhy = \"w\"\n[[case]]\nprogram = \"pong.py\"\nexercise = \"echo\"\nseeds = [4]\nfails = []\nwhy = \"w\"\n",
        ": no case runs `extra.py`: add one, or name a helper other programs import `_<name>.py`",
    ),
    (
        "words with no failure to be said in",
        "program = \"pong.py\"\nexercise = \"echo\"\nfails = []\nsays = [\"id\"]\nwhy = \"w\"\n",
        ":3: `says` and `never` are about the feedback of failing scenarios: this case fails none",
    ),
    (
        "an unknown key",
        "program = \"pong.py\"\nexercise = \"echo\"\nfails = []\nexpect = 1\nwhy = \"w\"\n",
        ":7: unknown field `expect`, expected one of `program`, `args`, `exercise`",
    ),
];

/// `learn dev check` reads every lesson's `programs/cases.toml` and names
/// each mistake with its file and line, exit 2; a `programs/` folder with
/// no `cases.toml` is refused too.
fn each_broken_cases_file_is_reported_with_file_and_line() {
    let pong = repo().join("tests/fixtures/lesson-with-programs/lessons/more/programs/pong.py");
    let fixture = |case: Option<&str>| {
        let dir = tempfile::tempdir().expect("temp dir");
        copy(&repo().join("tests/fixtures/course"), dir.path());
        let programs = dir.path().join("lessons/basics/programs");
        std::fs::create_dir_all(&programs).expect("programs/");
        std::fs::copy(&pong, programs.join("pong.py")).expect("pong.py");
        if let Some(case) = case {
            std::fs::write(programs.join("cases.toml"), format!("{CASE_FILE}{case}"))
                .expect("cases.toml");
        }
        dir
    };
    for (name, case, says) in BROKEN_CASES {
        let dir = fixture(Some(case));
        if name == &"a program no case runs" {
            std::fs::copy(&pong, dir.path().join("lessons/basics/programs/extra.py"))
                .expect("extra.py");
        }
        let output = learn_in(dir.path(), &["dev", "check"]);
        let err = stderr(&output);
        assert_eq!(code(&output), 2, "{name}: exit 2\n{err}");
        assert!(
            err.contains(&format!("lessons/basics/programs/cases.toml{says}")),
            "{name}: stderr should contain `{says}`:\n{err}"
        );
    }
    let well_formed = "program = \"pong.py\"\nexercise = \"echo\"\nfails = []\nwhy = \"w\"\n";
    let output = learn_in(fixture(Some(well_formed)).path(), &["dev", "check"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stdout(&output).contains("1 test program cases"),
        "{}",
        stdout(&output)
    );
    let output = learn_in(fixture(None).path(), &["dev", "check"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("lessons/basics/programs: holds programs but no `cases.toml` that says what each must do (pong.py)"),
        "{}",
        stderr(&output)
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(the_fixture_itself_is_valid),
        test!(each_broken_file_is_reported_with_file_line_and_fix),
        test!(each_broken_client_scenario_is_reported),
        test!(each_lint_is_reported_by_dev_check_alone),
        test!(each_broken_package_file_is_reported_with_file_line_and_fix),
        test!(each_broken_cases_file_is_reported_with_file_and_line),
    ]
}
