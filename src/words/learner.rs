//! The words of the learner's commands (`commands/`: next steps, list, check,
//! watch, hint, solution, reset, glossary, run, serve) and of `app`'s errors.

pub trait Learner {
    /// Before an error on stderr.
    fn error_label(&self) -> &'static str;
    fn content_has_problems(&self) -> &'static str;
    /// Before each cause of an error.
    fn because(&self) -> &'static str;
    fn progress_set_aside(&self, reason: &str, kept_as: &str) -> String;
    /// No exercise `id`; `near` is the closest id.
    fn no_exercise_near(&self, id: &str, near: &str) -> String;
    fn no_exercise(&self, id: &str) -> String;
    fn no_lesson_near(&self, id: &str, near: &str) -> String;
    fn no_lesson(&self, id: &str) -> String;
    /// Beside a lesson's title in `learn list`: how to start it.
    fn start_lesson(&self, id: &str) -> String;
    /// `learn next --lesson`: every step of that lesson is done.
    fn lesson_done(&self, title: &str) -> String;
    fn no_section_near(&self, id: &str, near: &str) -> String;
    fn no_section(&self, id: &str) -> String;
    fn all_solved(&self, example: &str) -> String;
    fn no_server_exercise(&self) -> &'static str;
    fn fix_compile_errors(&self) -> &'static str;
    /// The kinds of step in `learn list`.
    fn read(&self) -> &'static str;
    fn exercise(&self) -> &'static str;
    fn quiz(&self) -> &'static str;
    fn steps_done(&self, done: usize, total: usize) -> String;
    /// Before a path that could not be read.
    fn cannot_read(&self) -> &'static str;
    fn cannot_read_stdin(&self) -> &'static str;
    /// Headings of `learn explain`.
    fn parse_path(&self) -> &'static str;
    fn problems(&self) -> &'static str;
    fn serving(&self, url: &str) -> String;
    fn not_a_server(&self, command: &str, example: &str) -> String;
    fn nothing_served(&self) -> &'static str;
    /// `conformance --client` found no lesson's `[client]` to judge.
    fn no_client_exercise(&self) -> &'static str;
    /// `conformance --client` was given an exercise that is no client.
    fn not_a_client(&self, id: &str) -> String;
    /// The suite splits a client's command line at spaces.
    fn client_path_with_space(&self, word: &str) -> String;
    /// Before a glossary term's analogy.
    fn in_plain_words(&self) -> &'static str;
    fn no_term_matches(&self, wanted: &str) -> String;
    fn no_glossary(&self) -> &'static str;
    fn all_done_watching(&self) -> &'static str;
    fn watching(&self, file: &str) -> String;
    fn hint_of(&self, number: usize, total: usize) -> String;
    fn next_hint(&self, id: &str) -> String;
    /// An exercise solved for the first time; `star` is the mark before it.
    fn solved(&self, star: &str, id: &str) -> String;
    fn progress_unchanged(&self) -> &'static str;
    /// Followed by the command that shows a solution anyway.
    fn not_solved_yet(&self) -> &'static str;
    fn running(&self) -> &'static str;
    /// learn reset, each followed by a file name.
    fn nothing_to_reset(&self) -> &'static str;
    fn nothing_changed(&self) -> &'static str;
    fn restored(&self) -> &'static str;
    fn backup_kept_in(&self) -> &'static str;
    fn replace_work_in(&self) -> &'static str;
    fn backup_is_kept(&self) -> &'static str;
    /// `learn next` and what follows a solved exercise.
    fn all_steps_done(&self) -> &'static str;
    fn step_of(&self, number: usize, total: usize, objective: &str) -> String;
    fn next_step(&self) -> &'static str;
    /// Steps further on already done; `list` is the command that shows them.
    fn done_ahead(&self, ahead: usize, list: &str) -> String;
    fn cargo_run_tip(&self) -> &'static str;
    fn exercise_title(&self, number: u32, id: &str, title: &str) -> String;
    /// The rows under an exercise's task.
    fn edit_row(&self) -> &'static str;
    fn check_row(&self) -> &'static str;
    fn check_on_save(&self) -> &'static str;
    fn stuck_row(&self) -> &'static str;
    fn try_it_row(&self) -> &'static str;
    fn type_json_yourself(&self) -> &'static str;
    /// After a row label.
    fn label_colon(&self) -> &'static str;
    fn next_exercise(&self, id: &str, command: &str) -> String;
    /// Readings and quizzes come before the next exercise.
    fn next_first(&self, command: &str, readings: usize, quizzes: usize) -> String;
}
