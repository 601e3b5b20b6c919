//! The notification problems (`stream`, `notifications`, `unwanted`) in
//! words (`words::Feedback`).

use super::mismatch::mismatch_lines;
use super::problems::{show, step_line};
use crate::content::Lang;
use crate::judge::notified::{NotificationProblem, SUBSCRIPTION_ID};
use crate::render::pattern_words::describe;
use crate::words;
use serde_json::Value;

/// At most this many notifications are listed as evidence.
const LISTED: usize = 4;

fn listed(messages: &[Value]) -> String {
    let mut out: Vec<String> = messages
        .iter()
        .take(LISTED)
        .map(|m| format!("    {}", show(m)))
        .collect();
    if messages.len() > LISTED {
        out.push(format!("    … (+{})", messages.len() - LISTED));
    }
    out.join("\n")
}

/// One notification problem as text.
pub fn text(problem: &NotificationProblem, sent: &[&String], lang: Lang) -> String {
    use NotificationProblem as P;
    let w = words::of(lang);
    match problem {
        P::StreamShort {
            step,
            position,
            expected,
            tagged,
            untagged,
        } => {
            let mut text = step_line(*step, sent, lang);
            text.push('\n');
            let ordinal = w.ordinal(*position);
            text.push_str(&w.stream_short(tagged.len(), &ordinal, &describe(expected, lang)));
            if !untagged.is_empty() {
                text.push('\n');
                text.push_str(&w.stream_untagged(SUBSCRIPTION_ID, &listed(untagged)));
            }
            text
        }
        P::StreamWrong {
            step,
            position,
            got,
            mismatches,
        } => {
            let mut text = step_line(*step, sent, lang);
            text.push('\n');
            text.push_str(&w.stream_wrong(&w.ordinal(*position), &show(got)));
            text.push_str(&mismatch_lines(mismatches, got, lang));
            text
        }
        P::StreamExtra {
            step,
            position,
            message,
        } => w.stream_extra(
            &step_line(*step, sent, lang),
            &w.ordinal(*position),
            &show(message),
        ),
        P::Missing {
            step,
            expected,
            others,
        } => {
            let mut text =
                w.notification_missing(&step_line(*step, sent, lang), &describe(expected, lang));
            if others.is_empty() {
                text.push_str(w.no_notifications());
            } else {
                text.push_str(&w.notifications_written(&listed(others)));
            }
            text
        }
        P::AfterAnswer { step, message } => {
            w.after_answer(&step_line(*step, sent, lang), &show(message))
        }
        P::Unwanted { message, rule } => w.unwanted(&show(message), &describe(rule, lang)),
    }
}
