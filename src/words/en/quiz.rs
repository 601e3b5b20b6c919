//! The quizzes, in English.

use crate::words::{En, Quiz};

impl Quiz for En {
    fn input_ended(&self) -> &'static str {
        "Input ended: the answers given so far are saved."
    }
    fn quiz_heading(&self, title: &str) -> String {
        format!("Quiz · {title}")
    }
    fn quiz_facts(&self, count: usize, pass_percent: u32, seed: u64, repeat: &str) -> String {
        let plural = if count == 1 { "" } else { "s" };
        format!(
            "{count} question{plural} · pass mark {pass_percent}% · seed {seed} ({repeat} repeats this order of choices)"
        )
    }
    fn only_missed(&self) -> &'static str {
        "Only the questions you missed last time."
    }
    fn how_to_answer(&self) -> &'static str {
        "Type your answer and press Enter. An empty line skips a question (it scores zero)."
    }
    fn question_of(&self, number: usize, total: usize) -> String {
        format!("Question {number} of {total}")
    }
    fn every_letter(&self) -> &'static str {
        "(every letter that applies, e.g. `a c`)"
    }
    fn letter_or_word(&self) -> &'static str {
        "(a letter, or the word itself)"
    }
    fn try_again(&self, why: &str) -> String {
        format!("? {why}; try again (an empty line skips)")
    }
    fn right(&self) -> &'static str {
        "✓ Right."
    }
    fn skipped_answer(&self) -> &'static str {
        "– Skipped. The answer: "
    }
    fn not_right_answer(&self) -> &'static str {
        "✗ Not right. The answer: "
    }
    fn more(&self) -> &'static str {
        "More: "
    }
    fn score_of(&self, right: usize, total: usize, percent: usize) -> String {
        format!("Score: {right} of {total} ({percent}%)")
    }
    fn quiz_passed(&self) -> &'static str {
        "passed"
    }
    fn quiz_not_passed_yet(&self) -> &'static str {
        "not passed yet"
    }
    fn quiz_standing(
        &self,
        id: &str,
        state: &str,
        right: usize,
        total: usize,
        pass_percent: u32,
    ) -> String {
        format!(
            "Quiz {id}: {state} · {right} of {total} right in your latest answers · pass mark {pass_percent}%"
        )
    }
    fn not_yet_right(&self, missed: &str, retry: &str) -> String {
        format!("Not yet right: {missed} · {retry} asks only those")
    }
    fn next(&self) -> &'static str {
        "Next: "
    }
    fn no_such_choice(&self, given: char, last: char) -> String {
        format!("there is no choice `{given}`: the letters go from a to {last}")
    }
    fn one_letter_only(&self, last: char) -> String {
        format!("give one letter only (a to {last})")
    }
    fn letter_or_word_from(&self, last: char) -> String {
        format!("answer with a letter from a to {last}, or the word itself")
    }
    fn letters_from(&self, last: char) -> String {
        format!("answer with letters from a to {last}")
    }
    fn single_choice(&self) -> &'static str {
        "single choice"
    }
    fn multiple_choice(&self) -> &'static str {
        "multiple choice: pick every right one"
    }
    fn true_or_false(&self) -> &'static str {
        "true or false"
    }
    fn short_answer(&self) -> &'static str {
        "short answer"
    }
    fn name_the_kind(&self) -> &'static str {
        "name the message's kind"
    }
    fn server_reply(&self) -> &'static str {
        "the server's reply"
    }
    fn true_choice(&self) -> &'static str {
        "true"
    }
    fn false_choice(&self) -> &'static str {
        "false"
    }
    fn no_quizzes(&self) -> &'static str {
        "this course has no quizzes yet"
    }
    fn all_quizzes_passed(&self, example: &str) -> String {
        format!("Every quiz is passed. Name one to take it again, e.g. `learn quiz {example}`.")
    }
    fn quiz_brief(&self, heading: &str, count: usize, pass_percent: u32, start: &str) -> String {
        format!(
            "{heading}\n\n{count} questions on this objective, one at a time, each followed by its explanation. Pass mark {pass_percent}%.\n\n  Start: {start}\n"
        )
    }
    fn no_quiz(&self, id: &str, ids: &[String]) -> String {
        format!(
            "there is no quiz `{id}`: the quizzes are {}",
            ids.join(", ")
        )
    }
    fn answers_file_problems(&self) -> &'static str {
        "the answers file has problems; nothing was graded. Fix these and run again:"
    }
    fn answers_file_empty(&self) -> &'static str {
        "the answers file holds no answers: write one `question-id = \"answer\"` per line (`learn quiz --list` shows the ids)"
    }
    fn no_answer(&self) -> &'static str {
        " (no answer)"
    }
    fn answers_passed(&self) -> &'static str {
        "passed"
    }
    fn answers_not_passed(&self) -> &'static str {
        "not passed"
    }
    fn answers_score(
        &self,
        right: usize,
        total: usize,
        percent: usize,
        state: &str,
        pass_percent: u32,
    ) -> String {
        format!("Score: {right} of {total} ({percent}%) · {state} (pass mark {pass_percent}%)")
    }
    fn unshuffled_letters(&self) -> &'static str {
        "Letters are in the unshuffled order that `--answers` files use."
    }
    fn quiz_list_heading(&self, id: &str, title: &str, count: usize, pass_percent: u32) -> String {
        format!("{id} · {title} ({count} questions, pass mark {pass_percent}%)")
    }
    fn nothing_to_retry(&self, id: &str) -> String {
        format!("Nothing to retry: every question of `{id}` was right in your latest answers.")
    }
    fn request_choice(&self) -> &'static str {
        "request"
    }
    fn notification_choice(&self) -> &'static str {
        "notification"
    }
    fn result_choice(&self) -> &'static str {
        "result"
    }
    fn error_choice(&self) -> &'static str {
        "error"
    }
    fn invalid_choice(&self) -> &'static str {
        "invalid"
    }
}
