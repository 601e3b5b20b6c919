//! The learner's commands, in English.

use crate::words::{En, Learner};

impl Learner for En {
    fn error_label(&self) -> &'static str {
        "error:"
    }
    fn content_has_problems(&self) -> &'static str {
        "the lesson content has problems; fix these and run again:"
    }
    fn because(&self) -> &'static str {
        "because:"
    }
    fn progress_set_aside(&self, reason: &str, kept_as: &str) -> String {
        format!(
            "warning: your progress file could not be used ({reason}); it was kept as {kept_as} and progress starts afresh."
        )
    }
    fn no_exercise_near(&self, id: &str, near: &str) -> String {
        format!("there is no exercise `{id}`. Did you mean `{near}`? (`learn list` shows them all)")
    }
    fn no_exercise(&self, id: &str) -> String {
        format!("there is no exercise `{id}` (`learn list` shows them all)")
    }
    fn no_lesson_near(&self, id: &str, near: &str) -> String {
        format!(
            "there is no lesson `{id}`. Did you mean `{near}`? (`learn list` shows every lesson with its id)"
        )
    }
    fn start_lesson(&self, id: &str) -> String {
        format!("(learn next --lesson {id})")
    }
    fn lesson_done(&self, title: &str) -> String {
        format!(
            "Every step of \"{title}\" is done. `learn next` goes on with the first unfinished step of the course."
        )
    }
    fn no_lesson(&self, id: &str) -> String {
        format!("there is no lesson `{id}` (`learn list` shows every lesson with its id)")
    }
    fn no_section_near(&self, id: &str, near: &str) -> String {
        format!(
            "there is no section `{id}`. Did you mean `{near}`? (`learn list` shows the sections)"
        )
    }
    fn no_section(&self, id: &str) -> String {
        format!("there is no section `{id}` (`learn list` shows the sections)")
    }
    fn all_solved(&self, example: &str) -> String {
        format!("every exercise is solved: name one, e.g. `learn check {example}`")
    }
    fn no_server_exercise(&self) -> &'static str {
        "this course has no server exercise: name an exercise, or give --cmd"
    }
    fn fix_compile_errors(&self) -> &'static str {
        "It does not compile yet: fix the errors above first."
    }
    fn read(&self) -> &'static str {
        "read"
    }
    fn exercise(&self) -> &'static str {
        "exercise"
    }
    fn quiz(&self) -> &'static str {
        "quiz"
    }
    fn steps_done(&self, done: usize, total: usize) -> String {
        format!("{done} of {total} steps done.")
    }
    fn cannot_read(&self) -> &'static str {
        "cannot read"
    }
    fn cannot_read_stdin(&self) -> &'static str {
        "cannot read stdin"
    }
    fn parse_path(&self) -> &'static str {
        "parse path"
    }
    fn problems(&self) -> &'static str {
        "problems"
    }
    fn serving(&self, url: &str) -> String {
        format!(
            "learn serve: MCP 2026-07-28 over Streamable HTTP at {url} (POST one JSON-RPC message per request); Ctrl-C stops it."
        )
    }
    fn not_a_server(&self, command: &str, example: &str) -> String {
        format!(
            "`learn {command}` serves a server; name a server exercise, such as `{example}`, or give --cmd."
        )
    }
    fn no_client_exercise(&self) -> &'static str {
        "No lesson names a client exercise for the conformance suite (`[client]` in lesson.toml): name one, or give --cmd."
    }
    fn not_a_client(&self, id: &str) -> String {
        format!(
            "`{id}` is not a client exercise: `learn conformance --client` judges a client (`kind = \"mcp-client\"`); for a server, leave out --client."
        )
    }
    fn client_path_with_space(&self, word: &str) -> String {
        format!(
            "The conformance suite splits a client's command line at spaces, and `{word}` has one: move the course to a folder whose path has none."
        )
    }
    fn nothing_served(&self) -> &'static str {
        "Nothing is served."
    }
    fn in_plain_words(&self) -> &'static str {
        "In plain words:"
    }
    fn no_term_matches(&self, wanted: &str) -> String {
        format!("no glossary term matches `{wanted}` (`learn glossary` lists them all)")
    }
    fn no_glossary(&self) -> &'static str {
        "this course has no glossary"
    }
    fn all_done_watching(&self) -> &'static str {
        "Every step is done. Nothing left to watch!"
    }
    fn watching(&self, file: &str) -> String {
        format!("Watching {file} · save to check again · Ctrl-C to stop")
    }
    fn hint_of(&self, number: usize, total: usize) -> String {
        format!("Hint {number} of {total}")
    }
    fn next_hint(&self, id: &str) -> String {
        format!("Run `learn hint {id}` again for the next hint.")
    }
    fn solved(&self, star: &str, id: &str) -> String {
        format!("{star} Exercise {id} solved.")
    }
    fn progress_unchanged(&self) -> &'static str {
        "(Checking a solution or --cmd does not change your progress.)"
    }
    fn not_solved_yet(&self) -> &'static str {
        "you have not solved this exercise yet; try `learn hint` first, or see it anyway with"
    }
    fn running(&self) -> &'static str {
        "Running. Type one JSON message per line; Ctrl-D ends the input."
    }
    fn nothing_to_reset(&self) -> &'static str {
        "Nothing to reset: this file is as the course ships it:"
    }
    fn nothing_changed(&self) -> &'static str {
        "Nothing changed."
    }
    fn restored(&self) -> &'static str {
        "Restored as the course ships it:"
    }
    fn backup_kept_in(&self) -> &'static str {
        "Your version is kept in"
    }
    fn replace_work_in(&self) -> &'static str {
        "Replace your work in"
    }
    fn backup_is_kept(&self) -> &'static str {
        "(a backup is kept)"
    }
    fn all_steps_done(&self) -> &'static str {
        "Every step is done: well done!"
    }
    fn step_of(&self, number: usize, total: usize, objective: &str) -> String {
        format!("Step {number} of {total} · {objective}")
    }
    fn next_step(&self) -> &'static str {
        "Next: `learn next`"
    }
    fn done_ahead(&self, ahead: usize, list: &str) -> String {
        match ahead {
            1 => format!("One step further on is done already (`{list}` shows it)."),
            _ => format!("{ahead} steps further on are done already (`{list}` shows them)."),
        }
    }
    fn cargo_run_tip(&self) -> &'static str {
        "Started with `cargo run`: type `cargo run -- check` where a screen says `learn check`, \
         or install once with `cargo install --path .` and use `learn` everywhere."
    }
    fn exercise_title(&self, number: u32, id: &str, title: &str) -> String {
        format!("Exercise {number} · {id} · {title}")
    }
    fn edit_row(&self) -> &'static str {
        "Edit"
    }
    fn check_row(&self) -> &'static str {
        "Check"
    }
    fn check_on_save(&self) -> &'static str {
        "(or `learn watch` to check on every save)"
    }
    fn stuck_row(&self) -> &'static str {
        "Stuck"
    }
    fn try_it_row(&self) -> &'static str {
        "Try it"
    }
    fn type_json_yourself(&self) -> &'static str {
        "(type JSON messages yourself)"
    }
    fn label_colon(&self) -> &'static str {
        ":"
    }
    fn next_exercise(&self, id: &str, command: &str) -> String {
        format!("Next: exercise {id} · `{command}` shows it")
    }
    fn next_first(&self, command: &str, readings: usize, quizzes: usize) -> String {
        let mut parts = Vec::new();
        if readings > 0 {
            let plural = if readings == 1 { "" } else { "s" };
            parts.push(format!("{readings} reading{plural}"));
        }
        if quizzes > 0 {
            let plural = if quizzes == 1 { "" } else { "zes" };
            parts.push(format!("{quizzes} quiz{plural}"));
        }
        format!("Next: `{command}` ({} first)", parts.join(" and "))
    }
}
