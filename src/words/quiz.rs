//! The words of the quizzes: the interactive quiz (`commands/quiz/session.rs`),
//! a reply that cannot be read, question kinds and fixed choices
//! (`render/quiz.rs`) and `learn quiz`'s listing and answers files
//! (`commands/quiz/`).

pub trait Quiz {
    fn input_ended(&self) -> &'static str;
    fn quiz_heading(&self, title: &str) -> String;
    /// Under the heading; `repeat` is the command that repeats the run.
    fn quiz_facts(&self, count: usize, pass_percent: u32, seed: u64, repeat: &str) -> String;
    fn only_missed(&self) -> &'static str;
    fn how_to_answer(&self) -> &'static str;
    fn question_of(&self, number: usize, total: usize) -> String;
    fn every_letter(&self) -> &'static str;
    fn letter_or_word(&self) -> &'static str;
    /// A reply that could not be read (`why`).
    fn try_again(&self, why: &str) -> String;
    fn right(&self) -> &'static str;
    fn skipped_answer(&self) -> &'static str;
    fn not_right_answer(&self) -> &'static str;
    /// Before the command that reads a question's section.
    fn more(&self) -> &'static str;
    fn score_of(&self, right: usize, total: usize, percent: usize) -> String;
    /// A quiz's state after a run.
    fn quiz_passed(&self) -> &'static str;
    fn quiz_not_passed_yet(&self) -> &'static str;
    fn quiz_standing(
        &self,
        id: &str,
        state: &str,
        right: usize,
        total: usize,
        pass_percent: u32,
    ) -> String;
    fn not_yet_right(&self, missed: &str, retry: &str) -> String;
    fn next(&self) -> &'static str;
    /// Why a reply could not be read.
    fn no_such_choice(&self, given: char, last: char) -> String;
    fn one_letter_only(&self, last: char) -> String;
    fn letter_or_word_from(&self, last: char) -> String;
    fn letters_from(&self, last: char) -> String;
    /// What a question of each kind asks.
    fn single_choice(&self) -> &'static str;
    fn multiple_choice(&self) -> &'static str;
    fn true_or_false(&self) -> &'static str;
    fn short_answer(&self) -> &'static str;
    fn name_the_kind(&self) -> &'static str;
    fn server_reply(&self) -> &'static str;
    /// The choices of a true-or-false question.
    fn true_choice(&self) -> &'static str;
    fn false_choice(&self) -> &'static str;
    fn no_quizzes(&self) -> &'static str;
    fn all_quizzes_passed(&self, example: &str) -> String;
    /// What `learn next` shows for a quiz; `heading` is styled already.
    fn quiz_brief(&self, heading: &str, count: usize, pass_percent: u32, start: &str) -> String;
    fn no_quiz(&self, id: &str, ids: &[String]) -> String;
    fn answers_file_problems(&self) -> &'static str;
    fn answers_file_empty(&self) -> &'static str;
    fn no_answer(&self) -> &'static str;
    /// An answers file's state.
    fn answers_passed(&self) -> &'static str;
    fn answers_not_passed(&self) -> &'static str;
    fn answers_score(
        &self,
        right: usize,
        total: usize,
        percent: usize,
        state: &str,
        pass_percent: u32,
    ) -> String;
    fn unshuffled_letters(&self) -> &'static str;
    fn quiz_list_heading(&self, id: &str, title: &str, count: usize, pass_percent: u32) -> String;
    fn nothing_to_retry(&self, id: &str) -> String;
    /// The choices of a message-kind question; the Chinese keeps the English word the learner meets in code.
    fn request_choice(&self) -> &'static str;
    fn notification_choice(&self) -> &'static str;
    fn result_choice(&self) -> &'static str;
    fn error_choice(&self) -> &'static str;
    fn invalid_choice(&self) -> &'static str;
}
