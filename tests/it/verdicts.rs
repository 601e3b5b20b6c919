//! Wrong programs that once passed every scenario of their exercise (issue
//! 12), each written the way a learner who knew Rust or Python but not MCP
//! wrote it. Each must now fail the scenario that names its real mistake, at
//! the step where it made it, and the feedback is snapshotted. The two
//! programs whose id-less errors were once blamed on a step they answered
//! correctly are here too: the blame must land on the right step, or the
//! feedback must say that it cannot tell which.

use crate::common::*;

/// Programs under lesson 1's `programs/`, with their switches, and the
/// exercise each plays. Which scenario each fails, and the words its
/// feedback holds and must not hold, are lesson 1's cases (`cases.toml`,
/// run by tests/it/cases.rs); here the whole text a person reads is
/// snapshotted.
const PROGRAMS: &[(&str, &str)] = &[
    ("wrong/null_id_is_notification.py", "notification-silence"),
    ("wrong/notification_by_prefix.py", "notification-silence"),
    ("demo_server.py --defect notifications-by-name", "capstone"),
    ("clients/buggy_client.py --defect type-blind", "client-ids"),
    ("clients/buggy_client.py --defect count-ids", "client-ids"),
    ("wrong/kinds_loose_error_id.py", "message-kinds"),
    ("wrong/keys_unicode_letters.py", "reserved-keys"),
    // Blame: 1.5 answered with a result, `true` and {"n": 1} with correct
    // errors without an id. Step 1 is the one without; never step 3.
    ("demo_server.py --defect accept-float-id", "id-echo"),
    // Blame: `"id": null` ignored, `"id": 2.5` answered. Nothing tells which
    // of the four id-less lines went without, so the feedback says so.
    ("demo_server.py --defect null-id-silent", "capstone"),
];

fn check(program: &str, exercise: &str) -> std::process::Output {
    let mut parts = program.split(' ');
    let script = programs().join(parts.next().expect("a program"));
    let switches: Vec<&str> = parts.collect();
    let cmd = format!("python3 {} {}", script.display(), switches.join(" "));
    // Python starts slowly on a loaded machine, and capstone's MRTR
    // scenarios start several processes: a timeout the correct parts never
    // wait on keeps the snapshots about the mistakes only.
    learn(&[
        "check",
        exercise,
        "--cmd",
        &cmd,
        "--seed",
        "42",
        "--timeout",
        "15",
    ])
}

fn programs() -> std::path::PathBuf {
    repo().join("lessons/01-mcp-messages/programs")
}

/// What a person reads for each program is snapshotted.
fn each_wrong_programs_feedback_reads_as_snapshotted() {
    require_python();
    // Each wrong program waits out the timeout at its mistake: all at once.
    in_parallel(PROGRAMS, PROGRAMS.len(), |(program, exercise)| {
        let text = stdout(&check(program, exercise));
        let programs = programs();
        // Whether the demo server's goodbye on stderr is read before a timed
        // out run is stopped is a race; the verdict does not depend on it.
        let text: String = stable(&text)
            .replace(
                &programs.display().to_string(),
                "lessons/01-mcp-messages/programs",
            )
            .lines()
            .filter(|line| !line.ends_with("| demo_server: stdin closed, exiting"))
            .map(|line| format!("{line}\n"))
            .collect();
        let name = program
            .replace(['/', ' '], "-")
            .replace(".py", "")
            .replace("--", "-");
        insta::assert_snapshot!(format!("wrong-{exercise}-{name}"), text);
    });
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![test!(each_wrong_programs_feedback_reads_as_snapshotted)]
}
