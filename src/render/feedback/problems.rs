//! Each problem a verdict can hold, in words: this file picks the entry of
//! `words::of(lang)` (the texts, English and Chinese, are in `src/words/`).

use super::WIDTH;
use super::mismatch::mismatch_lines;
use super::process::ended_words;
use crate::content::Lang;
use crate::content::scenario::ResponseKey;
use crate::judge::{NearMiss, Problem, Role};
use crate::render::pattern_words::{typed, unmark};
use crate::render::style::{clip, visible};
use crate::runner::transcript::{EarlyEnd, LimitHit, ProcessEnd};
use crate::words;
use serde_json::Value;

/// A sent message up to this long stays on one line (three `_meta` keys with
/// their values folded take about 200 characters); a longer one is shown
/// over several lines, whole.
const SENT_WIDTH: usize = 230;

/// Characters quoted of a line that is not JSON: its start says what it is
/// (a debugging print, a prompt), and a program writing binary repeats it
/// in every scenario.
const NOT_JSON_WIDTH: usize = 100;

pub(super) fn step_line(step: usize, sent: &[&String], lang: Lang) -> String {
    line_of_step(step, sent, lang, false)
}

/// A client's step: what the scripted server wrote there, said to be the
/// server's (the client's own lines are quoted as "your client wrote").
pub(super) fn client_step_line(step: usize, sent: &[&String], lang: Lang) -> String {
    line_of_step(step, sent, lang, true)
}

fn line_of_step(step: usize, sent: &[&String], lang: Lang, by_server: bool) -> String {
    // Only a client's step that waits for its message sends no text at all.
    if sent.get(step).is_some_and(|s| s.is_empty()) {
        return words::of(lang).waited_step(step + 1);
    }
    let text = sent.get(step).map_or(String::new(), |s| {
        crate::render::sent::sent_text(s, SENT_WIDTH, "  ")
    });
    // A message shown over several lines starts on its own line.
    let gap = if text.starts_with('\n') { "" } else { " " };
    match by_server {
        true => words::of(lang).server_sent_step(step + 1, gap, &text),
        false => words::of(lang).sent_step(step + 1, gap, &text),
    }
}

pub(super) fn show(value: &Value) -> String {
    clip(&unmark(&value.to_string()), WIDTH)
}

/// How the program ended badly, `times` times (each start of a scenario
/// that starts it afresh for a step).
pub(super) fn crashed(end: &ProcessEnd, times: usize, lang: Lang) -> String {
    let ended = ended_words(end, lang);
    match times {
        1 => words::of(lang).crashed_once(&ended),
        _ => words::of(lang).crashed_times(&ended, times),
    }
}

/// One problem as one or more lines of text, in the words for what the
/// program does (`role`).
pub fn problem_text(problem: &Problem, sent: &[&String], role: Role, lang: Lang) -> String {
    if role == Role::SpeaksFirst
        && let Some(text) = client_problem_text(problem, sent, lang)
    {
        return text;
    }
    let w = words::of(lang);
    match problem {
        Problem::Notification(problem) => super::notified::text(problem, sent, lang),
        Problem::Repeated { more } => w.repeated(*more, crate::judge::flood::EXAMPLES),
        Problem::NotStarted { error } => w.not_started(error),
        Problem::Crashed { end } => crashed(end, 1, lang),
        Problem::WrongExit { end, expected } => {
            w.client_wrong_exit(&ended_words(end, lang), expected.get())
        }
        Problem::CaptureMissing {
            step,
            name,
            pointer,
        } => capture_missing(*step, name, pointer, lang),
        Problem::Unforgeable(failure) => super::forged::unforgeable_text(failure, lang),
        Problem::Limit(LimitHit::Timeout { seconds }) => w.timeout(*seconds),
        Problem::TimeRanOut { seconds } => w.time_ran_out(*seconds),
        Problem::OutputNeverEnded { seconds } => w.output_never_ended(*seconds),
        Problem::Limit(LimitHit::OutputFlood { bytes }) => w.output_flood(*bytes),
        Problem::Limit(LimitHit::LineTooLong { bytes }) => w.line_too_long(*bytes),
        Problem::Limit(LimitHit::OutputHeldAfterExit) => w.output_held_after_exit().to_string(),
        Problem::EndedEarly(EarlyEnd::Exited) => w.exited_early().to_string(),
        Problem::EndedEarly(EarlyEnd::ClosedOutput) => w.closed_output_early().to_string(),
        Problem::NotJson { line } => w.not_json(&clip(&visible(line), NOT_JSON_WIDTH)),
        Problem::NotAnObject { message } => w.not_an_object(&show(message)),
        Problem::BadJsonrpc { message } => w.bad_jsonrpc(&show(message)),
        Problem::ServerRequest { message } => w.server_request(&show(message)),
        Problem::NotAResponse { message } => w.not_a_response(&show(message)),
        Problem::ResultAndError { message } => w.result_and_error(&show(message)),
        Problem::BadErrorObject { message } => w.bad_error_object(&show(message)),
        Problem::BadResponseId { message } => {
            let id = message
                .get("id")
                .map_or(w.missing_id().to_string(), |id| typed(id, lang));
            w.bad_response_id(&id, &show(message))
        }
        Problem::IdlessErrorsShort { steps, missing } => {
            idless_errors_short(steps, *missing, sent, lang)
        }
        Problem::BrokenEnvelope { message, problems } => broken_envelope(message, problems, lang),
        Problem::MissingResponse {
            step, key, near, ..
        } => missing_response(*step, key, near.as_ref(), sent, lang),
        Problem::WrongResponse {
            step,
            got,
            mismatches,
            ..
        } => {
            let came = w.wrong_response(&show(got));
            wrong_message(step_line(*step, sent, lang), &came, got, mismatches, lang)
        }
        Problem::Duplicate { step, message } => w.duplicate(step + 1, &show(message)),
        Problem::AnsweredSilence { message, silent } => w.answered_silence(&show(message), *silent),
        Problem::Unexpected { message } => w.unexpected(&show(message)),
        Problem::BrokeEveryRule(breach) => {
            let mut text = w.broke_every_rule(breach.scenario.get(lang), &show(&breach.message));
            text.push_str(&mismatch_lines(&breach.mismatches, &breach.message, lang));
            text
        }
        Problem::ExtraLine { message, expected } => w.extra_line(&show(message), *expected),
        Problem::Unasked { message } => w.unasked_client_message(&show(message)),
    }
}

/// Fewer id-less errors than the steps that each expected one: the steps'
/// lines, then how many are missing.
fn idless_errors_short(steps: &[usize], missing: usize, sent: &[&String], lang: Lang) -> String {
    let mut text = String::new();
    for step in steps {
        text.push_str(&step_line(*step, sent, lang));
        text.push('\n');
    }
    let numbers: Vec<String> = steps.iter().map(|s| (s + 1).to_string()).collect();
    text.push_str(&words::of(lang).idless_errors_short(&numbers, missing));
    text
}

/// A message whose envelope is broken, with each of its problems.
fn broken_envelope(message: &Value, problems: &[crate::wire::Problem], lang: Lang) -> String {
    let mut text = words::of(lang).broken_envelope(&show(message));
    for problem in problems {
        text.push_str("\n  ");
        text.push_str(&crate::render::explain::problem(problem, lang));
    }
    text
}

/// A message that came but means something else: the step it answers (its
/// line, `step_text`), `came` (what came, in words) and each way it differs.
fn wrong_message(
    step_text: String,
    came: &str,
    got: &Value,
    mismatches: &[crate::judge::matching::Mismatch],
    lang: Lang,
) -> String {
    let mut text = step_text;
    text.push_str(came);
    text.push_str(&mismatch_lines(mismatches, got, lang));
    text
}

/// The problems told otherwise for a client that speaks first; `None`
/// for the rest, which read the same for every program.
fn client_problem_text(problem: &Problem, sent: &[&String], lang: Lang) -> Option<String> {
    let w = words::of(lang);
    Some(match problem {
        Problem::Crashed { end } => w.client_crashed(&ended_words(end, lang)),
        Problem::CaptureMissing {
            step,
            name,
            pointer,
        } if !pointer.contains("/*") => w.client_capture_missing(step + 1, pointer),
        Problem::MissingResponse { step, .. } => {
            format!(
                "{}\n{}",
                client_step_line(*step, sent, lang),
                w.no_client_message()
            )
        }
        Problem::WrongResponse {
            step,
            got,
            mismatches,
            ..
        } => {
            let came = w.wrong_client_message(&show(got));
            let step_text = client_step_line(*step, sent, lang);
            wrong_message(step_text, &came, got, mismatches, lang)
        }
        Problem::ExtraLine { message, expected } => {
            w.extra_client_message(&show(message), *expected)
        }
        Problem::OutputNeverEnded { seconds } => w.client_output_never_ended(*seconds),
        Problem::EndedEarly(EarlyEnd::Exited) => w.client_exited_early().to_string(),
        _ => return None,
    })
}

/// A value the next message needs was not in the response to `step`: by a
/// filter (`object/*?member=value`) or at a plain pointer.
fn capture_missing(step: usize, name: &str, pointer: &str, lang: Lang) -> String {
    let w = words::of(lang);
    match pointer.split_once("/*?") {
        Some((object, filter)) => {
            let (member, value) = filter.split_once('=').unwrap_or((filter, ""));
            w.capture_no_member(step + 1, object, member, value, name)
        }
        None => w.capture_missing(step + 1, pointer, name),
    }
}

/// No answer came for `step`, and what came instead, if anything did.
fn missing_response(
    step: usize,
    key: &ResponseKey,
    near: Option<&NearMiss>,
    sent: &[&String],
    lang: Lang,
) -> String {
    let w = words::of(lang);
    let mut text = step_line(step, sent, lang);
    text.push('\n');
    match key {
        ResponseKey::Id(id) => text.push_str(&w.no_response_with_id(&typed(id, lang))),
        ResponseKey::Unreadable => text.push_str(w.no_idless_error()),
        ResponseKey::Line(_) => text.push_str(w.no_answer_line()),
    }
    match near {
        Some(NearMiss::IdTypeDiffers { got }) => {
            text.push_str(&w.near_id_type_differs(&typed(got, lang)));
        }
        Some(NearMiss::OtherId { got }) => text.push_str(&w.near_other_id(&typed(got, lang))),
        Some(NearMiss::BrokenAnswer) => text.push_str(w.near_broken_answer()),
        None => {}
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_line_cannot_drive_the_terminal() {
        // A program's output reaches the learner's (or a grader's) terminal:
        // an escape sequence in it is shown, never obeyed.
        let line = "a\u{1b}]0;title\u{7}\u{1b}[31mred".to_string();
        for lang in [Lang::En, Lang::Zh] {
            let text = problem_text(
                &Problem::NotJson { line: line.clone() },
                &[],
                Role::Answers,
                lang,
            );
            assert!(
                !text.chars().any(|c| c.is_control() && c != '\n'),
                "{text:?}"
            );
            assert!(
                text.contains("a\\u{1b}]0;title\\u{7}\\u{1b}[31mred"),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_wrong_exit_names_how_the_client_ended_and_the_status_expected() {
        let problem = Problem::WrongExit {
            end: ProcessEnd::Exited(0),
            expected: std::num::NonZeroU8::MIN,
        };
        let en = problem_text(&problem, &[], Role::SpeaksFirst, Lang::En);
        assert!(
            en.starts_with("Your client exited with code 0; this scenario expects it to stop with code 1 (an error)"),
            "{en}"
        );
        let zh = problem_text(&problem, &[], Role::SpeaksFirst, Lang::Zh);
        assert!(zh.contains("退出码 0") && zh.contains("退出码 1"), "{zh}");
    }

    #[test]
    fn a_key_picked_by_method_is_named_in_words() {
        let missing = |pointer: &str| Problem::CaptureMissing {
            step: 0,
            name: "folder_key".into(),
            pointer: pointer.into(),
        };
        let by_method = missing("/result/inputRequests/*?method=roots/list");
        let en = problem_text(&by_method, &[], Role::Answers, Lang::En);
        assert!(
            en.contains(
                "exactly one member of `/result/inputRequests` whose `method` is `roots/list`"
            ) && en.contains("`folder_key`")
                && !en.contains("*?"),
            "{en}"
        );
        let zh = problem_text(&by_method, &[], Role::Answers, Lang::Zh);
        assert!(
            zh.contains("`method` 为 `roots/list`") && !zh.contains("*?"),
            "{zh}"
        );
        let plain = problem_text(
            &missing("/result/requestState"),
            &[],
            Role::Answers,
            Lang::En,
        );
        assert!(
            plain.contains("has nothing at `/result/requestState`"),
            "{plain}"
        );
    }
}
