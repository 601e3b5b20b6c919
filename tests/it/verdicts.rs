//! Wrong programs that once passed every scenario of their exercise (issue
//! 12), each written the way a learner who knew Rust or Python but not MCP
//! wrote it. Each must now fail the scenario that names its real mistake, at
//! the step where it made it, and the feedback is snapshotted. The two
//! programs whose id-less errors were once blamed on a step they answered
//! correctly are here too: the blame must land on the right step, or the
//! feedback must say that it cannot tell which.

use crate::common::*;

struct Case {
    /// A program under tests/programs, with its switches.
    program: &'static str,
    exercise: &'static str,
    /// The scenario that must fail: the one whose rule names the mistake.
    scenario: &'static str,
    /// Texts its feedback must hold: the step, the rule's words.
    says: &'static [&'static str],
    /// Texts its feedback must not hold (a step wrongly blamed).
    never: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        program: "wrong/null_id_is_notification.py",
        exercise: "notification-silence",
        scenario: "a request with a null id is a request, not a notification",
        says: &[
            "sent (step 1)",
            "No error without an id",
            "The `id` member decides",
        ],
        never: &[],
    },
    Case {
        program: "wrong/notification_by_prefix.py",
        exercise: "notification-silence",
        scenario: "the id member decides, not the method's name",
        says: &[
            "sent (step 1)",
            "No response with id",
            "never on the method's name",
        ],
        never: &[],
    },
    Case {
        program: "demo_server.py --defect notifications-by-name",
        exercise: "capstone",
        scenario: "the id member decides, not the method's name",
        says: &[
            "sent (step 1)",
            "sent (step 3)",
            "never on the method's name",
        ],
        never: &[],
    },
    Case {
        program: "clients/buggy_client.py --defect type-blind",
        exercise: "client-ids",
        scenario: "an id in another JSON type answers nobody",
        says: &["sent (step 2)", "with the same JSON type"],
        never: &[],
    },
    Case {
        program: "clients/buggy_client.py --defect count-ids",
        exercise: "client-ids",
        scenario: "an id freed by an answer is not handed out while another call still uses it",
        says: &["sent (step 4)", "counting the calls still waiting"],
        never: &[],
    },
    Case {
        program: "wrong/kinds_loose_error_id.py",
        exercise: "message-kinds",
        scenario: "an error's id is a string, an integer, or left unread",
        says: &[
            "sent (step 1)",
            "sent (step 2)",
            "`true`, `1.5` or an object",
        ],
        never: &[],
    },
    Case {
        program: "wrong/keys_unicode_letters.py",
        exercise: "reserved-keys",
        scenario: "letters and digits in a key are ASCII",
        says: &["sent (step 1)", "café.example/x", "are ASCII"],
        never: &[],
    },
    // Blame: 1.5 answered with a result, `true` and {"n": 1} with correct
    // errors without an id. Step 1 is the one without; never step 3.
    Case {
        program: "demo_server.py --defect accept-float-id",
        exercise: "id-echo",
        scenario: "fractional, boolean and object ids are refused",
        says: &["sent (step 1)", "No error without an id"],
        never: &["sent (step 3)", "sent (step 2)"],
    },
    // Blame: `"id": null` ignored, `"id": 2.5` answered. Nothing tells which
    // of the four id-less lines went without, so the feedback says so.
    Case {
        program: "demo_server.py --defect null-id-silent",
        exercise: "capstone",
        scenario: "malformed requests get -32600",
        says: &["Steps 1, 2, 3, 4", "cannot tell which"],
        never: &["No error without an id (or with a null id) came back for it"],
    },
];

fn check(case: &Case, json: bool) -> std::process::Output {
    let mut parts = case.program.split(' ');
    let script = repo()
        .join("tests/programs")
        .join(parts.next().expect("a program"));
    let switches: Vec<&str> = parts.collect();
    let cmd = format!("python3 {} {}", script.display(), switches.join(" "));
    // Python starts slowly on a loaded machine, and capstone's MRTR
    // scenarios start several processes: a timeout the correct parts never
    // wait on keeps the snapshots about the mistakes only.
    let mut args = vec![
        "check",
        case.exercise,
        "--cmd",
        &cmd,
        "--seed",
        "42",
        "--timeout",
        "15",
    ];
    if json {
        args.push("--json");
    }
    learn(&args)
}

/// The lines a person sees for one scenario in the text verdict: its `✗`
/// line and the indented lines under it.
fn block<'a>(text: &'a str, scenario: &str) -> Vec<&'a str> {
    let head = format!("  ✗ {scenario} [");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&head));
    let first = lines.next().into_iter();
    first
        .chain(lines.take_while(|l| l.starts_with("      ")))
        .collect()
}

/// Each case is checked twice: `--json` says which scenarios failed, and the
/// text a person reads must hold the step and the rule (and is snapshotted).
fn each_wrong_program_fails_for_its_real_mistake_at_the_right_step() {
    require_python();
    // Each wrong program waits out the timeout at its mistake: all at once.
    in_parallel(CASES, CASES.len(), |case| {
        let (verdict, text) = std::thread::scope(|scope| {
            let verdict = scope.spawn(|| json(&check(case, true)));
            let text = stdout(&check(case, false));
            (verdict.join().expect("the --json check"), text)
        });
        let scenarios = verdict["scenarios"].as_array().expect("scenarios");
        let named = scenarios
            .iter()
            .find(|s| s["name"] == case.scenario)
            .unwrap_or_else(|| panic!("{}: no scenario `{}`", case.exercise, case.scenario));
        assert_eq!(
            named["passed"], false,
            "{} on {}: `{}` should fail\n{verdict:#}",
            case.program, case.exercise, case.scenario
        );

        let message = block(&text, case.scenario).join("\n");
        assert!(
            !message.is_empty(),
            "{}: no failed block for `{}`:\n{text}",
            case.exercise,
            case.scenario
        );
        for said in case.says {
            assert!(
                message.contains(said),
                "{} on {}: feedback should say `{said}`:\n{message}",
                case.program,
                case.exercise
            );
        }
        for said in case.never {
            assert!(
                !message.contains(said),
                "{} on {}: feedback must not say `{said}`:\n{message}",
                case.program,
                case.exercise
            );
        }

        let programs = repo().join("tests/programs");
        // Whether the demo server's goodbye on stderr is read before a timed
        // out run is stopped is a race; the verdict does not depend on it.
        let text: String = stable(&text)
            .replace(&programs.display().to_string(), "tests/programs")
            .lines()
            .filter(|line| !line.ends_with("| demo_server: stdin closed, exiting"))
            .map(|line| format!("{line}\n"))
            .collect();
        let name = case
            .program
            .replace(['/', ' '], "-")
            .replace(".py", "")
            .replace("--", "-");
        insta::assert_snapshot!(format!("wrong-{}-{name}", case.exercise), text);
    });
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![test!(
        each_wrong_program_fails_for_its_real_mistake_at_the_right_step
    )]
}
