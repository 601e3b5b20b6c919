//! The words of grading a class: `learn grade`'s messages and every report
//! format (`render/grade/`).

pub trait Grading {
    /// An exercise's status.
    fn status_passed(&self) -> &'static str;
    fn status_failed(&self) -> &'static str;
    fn status_not_attempted(&self) -> &'static str;
    fn status_does_not_compile(&self) -> &'static str;
    fn status_not_graded(&self) -> &'static str;
    fn hidden_scenario_failed(&self) -> &'static str;
    /// Column headings.
    fn submission(&self) -> &'static str;
    fn score(&self) -> &'static str;
    fn student(&self) -> &'static str;
    fn why(&self) -> &'static str;
    /// Under the text table: what `-` means.
    fn not_attempted_key(&self) -> &'static str;
    fn over_memory_together(&self) -> &'static str;
    fn over_memory(&self) -> &'static str;
    fn over_memory_short(&self) -> &'static str;
    /// Before a reason.
    fn not_graded_colon(&self) -> &'static str;
    fn does_not_compile_colon(&self) -> &'static str;
    fn no_scenario_ran(&self) -> &'static str;
    /// `bad` is empty or "; not graded: ..."
    fn questions_answered(&self, answered: usize, total: u32, bad: &str) -> String;
    fn first_failed(&self, passed: usize, total: usize, name: &str, problem: &str) -> String;
    /// Class figures.
    fn students_colon(&self) -> &'static str;
    fn students_heading(&self) -> &'static str;
    fn mean(&self) -> &'static str;
    fn median(&self) -> &'static str;
    fn out_of(&self) -> &'static str;
    fn exercise_pass_rate(&self) -> &'static str;
    fn fact_pass_rate(&self) -> &'static str;
    /// The HTML page.
    fn class_report(&self) -> &'static str;
    fn exercises(&self) -> &'static str;
    fn did_not_pass(&self) -> &'static str;
    fn facts(&self) -> &'static str;
    fn fact(&self) -> &'static str;
    fn pass_rate(&self) -> &'static str;
    fn scenarios_passed_heading(&self) -> &'static str;
    fn where_marks_lost(&self) -> &'static str;
    /// Gradescope.
    fn all_passed(&self, total: usize) -> String;
    fn hidden_passed(&self, passed: usize, total: usize) -> String;
    fn hidden_scenarios(&self) -> &'static str;
    fn every_answer_right(&self) -> &'static str;
    fn wrong_or_unanswered(&self) -> &'static str;
    fn lines_not_graded(&self) -> &'static str;
    /// The seed of a merged report from several runs.
    fn several(&self) -> &'static str;
    fn graded_by(&self, seed: &str) -> String;
    /// A transcript (`--show`).
    fn process(&self) -> &'static str;
    fn exited_with_code(&self) -> &'static str;
    fn killed_by(&self) -> &'static str;
    fn stopped_by_the_checker(&self) -> &'static str;
    fn not_started_colon(&self) -> &'static str;
    /// learn grade's progress on stderr.
    fn hidden_added(&self, added: usize, dir: &str) -> String;
    fn grading(&self, submissions: usize, seed: u64, jobs: usize) -> String;
    fn built_and_checked(
        &self,
        programs: usize,
        build_seconds: f64,
        checked: usize,
        check_seconds: f64,
    ) -> String;
    fn sandbox_failures(&self, count: usize) -> String;
    fn gradescope_written(&self) -> &'static str;
    fn deleted(&self, dir: &str, megabytes: u64) -> String;
    fn no_sandbox(&self) -> &'static str;
    fn grant_or_unsandboxed(&self) -> &'static str;
    fn install_or_unsandboxed(&self) -> &'static str;
    fn unsandboxed_warning(&self) -> &'static str;
}
