//! The integration tests, one binary (`cargo test --test it`): one module
//! per area, all sharing `common/`, compiled and linked once. They drive the
//! real `learn` binary; the modules are named as the files they were. The
//! harness (`harness.rs`) runs them as libtest does, and says at the end what
//! went unchecked for want of a tool (a failure under CI).

mod common;
mod harness;

mod authoring;
mod broken_content;
mod cases;
mod cli;
mod commands;
mod conformance;
mod coverage;
mod explain;
#[cfg(target_os = "linux")]
mod floods;
mod grade;
mod grade_attacks;
mod grade_fixture;
mod grade_isolation;
mod grade_report;
mod hostile;
mod interop;
#[cfg(target_os = "linux")]
mod interrupt;
mod journey;
mod layering;
mod lesson2_path;
mod lesson_data;
mod lesson_text;
mod mutants;
mod namespaces;
mod notifications;
mod plain_feedback;
mod progress;
mod properties;
mod quiz;
mod read_more;
mod reference;
mod reset;
mod schema;
mod serve;
mod serve_streams;
mod transcripts;
mod verdicts;
mod watch;
mod wire;
mod workflows;
mod wrong_programs;

fn main() -> std::process::ExitCode {
    // The slowest first (seconds each, on the loaded 2-core machine: interop
    // 213, grade 181, grade_isolation 102, grade_attacks 88, reference 61;
    // the cases, longest first, up to 92 s; mutants up to 37 s), so that no
    // long test starts last; then the rest, as listed above.
    let mut tests = Vec::new();
    tests.extend(interop::tests());
    tests.extend(grade_attacks::tests());
    tests.extend(grade_isolation::tests());
    tests.extend(grade::tests());
    tests.extend(cases::tests());
    tests.extend(mutants::tests());
    tests.extend(reference::tests());
    tests.extend(plain_feedback::tests());
    tests.extend(watch::tests());
    tests.extend(journey::tests());
    tests.extend(namespaces::tests());
    #[cfg(target_os = "linux")]
    tests.extend(floods::tests());
    tests.extend(verdicts::tests());
    tests.extend(conformance::tests());
    tests.extend(authoring::tests());
    tests.extend(broken_content::tests());
    tests.extend(cli::tests());
    tests.extend(commands::tests());
    tests.extend(coverage::tests());
    tests.extend(explain::tests());
    tests.extend(grade_fixture::tests());
    tests.extend(grade_report::tests());
    tests.extend(hostile::tests());
    #[cfg(target_os = "linux")]
    tests.extend(interrupt::tests());
    tests.extend(layering::tests());
    tests.extend(lesson2_path::tests());
    tests.extend(lesson_data::tests());
    tests.extend(lesson_text::tests());
    tests.extend(notifications::tests());
    tests.extend(progress::tests());
    tests.extend(properties::tests());
    tests.extend(quiz::tests());
    tests.extend(read_more::tests());
    tests.extend(reset::tests());
    tests.extend(schema::tests());
    tests.extend(serve::tests());
    tests.extend(serve_streams::tests());
    tests.extend(transcripts::tests());
    tests.extend(wire::tests());
    tests.extend(workflows::tests());
    tests.extend(wrong_programs::tests());
    harness::run(tests)
}
