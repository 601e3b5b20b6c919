//! Grading, in English.

use crate::words::{En, Grading};

impl Grading for En {
    fn status_passed(&self) -> &'static str {
        "passed"
    }
    fn status_failed(&self) -> &'static str {
        "failed"
    }
    fn status_not_attempted(&self) -> &'static str {
        "not attempted"
    }
    fn status_does_not_compile(&self) -> &'static str {
        "does not compile"
    }
    fn status_not_graded(&self) -> &'static str {
        "not graded"
    }
    fn hidden_scenario_failed(&self) -> &'static str {
        "A hidden scenario failed: its name, input and rule are not shown. Check your program against every rule of this exercise."
    }
    fn submission(&self) -> &'static str {
        "submission"
    }
    fn score(&self) -> &'static str {
        "score"
    }
    fn student(&self) -> &'static str {
        "student"
    }
    fn why(&self) -> &'static str {
        "why"
    }
    fn not_attempted_key(&self) -> &'static str {
        "(- : not attempted)"
    }
    fn over_memory_together(&self) -> &'static str {
        "its processes were stopped: together they held more memory than --memory-limit allows one student"
    }
    fn over_memory(&self) -> &'static str {
        "its processes were stopped for holding more memory than --memory-limit"
    }
    fn over_memory_short(&self) -> &'static str {
        "over the memory limit"
    }
    fn not_graded_colon(&self) -> &'static str {
        "not graded:"
    }
    fn does_not_compile_colon(&self) -> &'static str {
        "does not compile:"
    }
    fn no_scenario_ran(&self) -> &'static str {
        "no scenario ran"
    }
    fn questions_answered(&self, answered: usize, total: u32, bad: &str) -> String {
        format!("{answered} of {total} questions answered{bad}")
    }
    fn first_failed(&self, passed: usize, total: usize, name: &str, problem: &str) -> String {
        format!("{passed} of {total} scenarios passed; first failed: \"{name}\": {problem}")
    }
    fn students_colon(&self) -> &'static str {
        "students:"
    }
    fn students_heading(&self) -> &'static str {
        "Students:"
    }
    fn mean(&self) -> &'static str {
        "mean"
    }
    fn median(&self) -> &'static str {
        "median"
    }
    fn out_of(&self) -> &'static str {
        "out of"
    }
    fn exercise_pass_rate(&self) -> &'static str {
        "exercise pass rate, and who did not pass:"
    }
    fn fact_pass_rate(&self) -> &'static str {
        "fact pass rate (scenarios passed, class-wide):"
    }
    fn class_report(&self) -> &'static str {
        "Class report"
    }
    fn exercises(&self) -> &'static str {
        "Exercises"
    }
    fn did_not_pass(&self) -> &'static str {
        "did not pass"
    }
    fn facts(&self) -> &'static str {
        "Facts"
    }
    fn fact(&self) -> &'static str {
        "fact"
    }
    fn pass_rate(&self) -> &'static str {
        "pass rate"
    }
    fn scenarios_passed_heading(&self) -> &'static str {
        "scenarios passed"
    }
    fn where_marks_lost(&self) -> &'static str {
        "Where marks were lost"
    }
    fn all_passed(&self, total: usize) -> String {
        format!("All {total} scenarios passed.")
    }
    fn hidden_passed(&self, passed: usize, total: usize) -> String {
        format!("{passed} of {total} hidden scenarios passed.")
    }
    fn hidden_scenarios(&self) -> &'static str {
        "hidden scenarios"
    }
    fn every_answer_right(&self) -> &'static str {
        "Every answer is right."
    }
    fn wrong_or_unanswered(&self) -> &'static str {
        "Not right or not answered:"
    }
    fn lines_not_graded(&self) -> &'static str {
        "Lines not graded (each counts as wrong):"
    }
    fn several(&self) -> &'static str {
        "several"
    }
    fn graded_by(&self, seed: &str) -> String {
        format!(
            "Graded by `learn grade` with seed {seed}. An exercise earns its points when every scenario passes."
        )
    }
    fn process(&self) -> &'static str {
        "process"
    }
    fn exited_with_code(&self) -> &'static str {
        "exited with code"
    }
    fn killed_by(&self) -> &'static str {
        "killed by signal"
    }
    fn stopped_by_the_checker(&self) -> &'static str {
        "stopped by the checker"
    }
    fn not_started_colon(&self) -> &'static str {
        "not started:"
    }
    fn hidden_added(&self, added: usize, dir: &str) -> String {
        format!("{added} hidden scenarios added from {dir}")
    }
    fn grading(&self, submissions: usize, seed: u64, jobs: usize) -> String {
        format!(
            "Grading {submissions} submission(s) with seed {seed} (the same run again: --seed {seed}); {jobs} jobs"
        )
    }
    fn built_and_checked(
        &self,
        programs: usize,
        build_seconds: f64,
        checked: usize,
        check_seconds: f64,
    ) -> String {
        format!(
            "Built {programs} programs in {build_seconds:.1} s; checked {checked} in {check_seconds:.1} s."
        )
    }
    fn sandbox_failures(&self, count: usize) -> String {
        format!(
            "WARNING: {count} program(s) could not start in their sandbox, so their exercises were not graded: this is the grading machine's setup, not the students' work (each one's report says why and what to change)."
        )
    }
    fn gradescope_written(&self) -> &'static str {
        "Gradescope results written to"
    }
    fn deleted(&self, dir: &str, megabytes: u64) -> String {
        format!("Deleted {dir} ({megabytes} MB).")
    }
    fn no_sandbox(&self) -> &'static str {
        "cannot grade: no sandbox for students' code"
    }
    fn grant_or_unsandboxed(&self) -> &'static str {
        "Grant what is said above, or give --unsandboxed to accept that students' code can read, change or kill anything you can (only in a throw-away container)."
    }
    fn install_or_unsandboxed(&self) -> &'static str {
        "Install it, or give --unsandboxed to accept that students' code can read, change or kill anything you can (only in a throw-away container)."
    }
    fn unsandboxed_warning(&self) -> &'static str {
        "WARNING: grading WITHOUT a sandbox (--unsandboxed). Students' programs and compiles run as you: they can read your files and secrets, change other students' results and the grader's files, and outlive this run. These grades are not safe for marks."
    }
}
