//! The notification problems (`stream`, `notifications`, `unwanted`) in
//! words, English and Chinese.

use super::mismatch::mismatch_lines;
use super::problems::{show, step_line};
use crate::content::Lang;
use crate::judge::notified::{NotificationProblem, SUBSCRIPTION_ID};
use crate::render::pattern_words::describe;
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

fn ordinal(position: usize, lang: Lang) -> String {
    match lang {
        Lang::En => match position {
            0 => "first".into(),
            1 => "second".into(),
            2 => "third".into(),
            n => {
                let n = n + 1;
                let suffix = match (n % 10, n % 100) {
                    (_, 11..=13) => "th",
                    (1, _) => "st",
                    (2, _) => "nd",
                    (3, _) => "rd",
                    _ => "th",
                };
                format!("{n}{suffix}")
            }
        },
        Lang::Zh => format!("第 {} 条", position + 1),
    }
}

/// One notification problem as text.
pub fn text(problem: &NotificationProblem, sent: &[&String], lang: Lang) -> String {
    use Lang::{En, Zh};
    use NotificationProblem as P;
    match (problem, lang) {
        (
            P::StreamShort {
                step,
                position,
                expected,
                tagged,
                untagged,
            },
            _,
        ) => {
            let mut text = step_line(*step, sent, lang);
            text.push('\n');
            text.push_str(&match lang {
                En => format!(
                    "The stream this request opened has {} message(s); its {} should be {}.",
                    tagged.len(),
                    ordinal(*position, lang),
                    describe(expected, lang)
                ),
                Zh => format!(
                    "这个请求打开的流上有 {} 条消息；{}应当是 {}。",
                    tagged.len(),
                    ordinal(*position, lang),
                    describe(expected, lang)
                ),
            });
            if !untagged.is_empty() {
                text.push('\n');
                text.push_str(&match lang {
                    En => format!(
                        "These notifications look right but do not name this subscription: each message of a stream carries `params._meta[\"{SUBSCRIPTION_ID}\"]`, the listen request's id, in the same JSON type:\n{}",
                        listed(untagged)
                    ),
                    Zh => format!(
                        "下面这些通知看起来对，但没有指明这个订阅：流上的每条消息都要在 `params._meta[\"{SUBSCRIPTION_ID}\"]` 里带上 listen 请求的 id，JSON 类型也要相同：\n{}",
                        listed(untagged)
                    ),
                });
            }
            text
        }
        (
            P::StreamWrong {
                step,
                position,
                got,
                mismatches,
            },
            _,
        ) => {
            let mut text = step_line(*step, sent, lang);
            text.push('\n');
            text.push_str(&match lang {
                En => format!(
                    "The {} message on the stream this request opened is {}\nIt does not mean what it should:",
                    ordinal(*position, lang),
                    show(got)
                ),
                Zh => format!(
                    "这个请求打开的流上，{}消息是 {}\n含义不对：",
                    ordinal(*position, lang),
                    show(got)
                ),
            });
            text.push_str(&mismatch_lines(mismatches, got, lang));
            text
        }
        (
            P::StreamExtra {
                step,
                position,
                message,
            },
            En,
        ) => format!(
            "{}\nThe stream this request opened carries a message it should not: its {} message, {}\nA stream carries only what the client asked for, and nothing after it is cancelled.",
            step_line(*step, sent, lang),
            ordinal(*position, lang),
            show(message)
        ),
        (
            P::StreamExtra {
                step,
                position,
                message,
            },
            Zh,
        ) => format!(
            "{}\n这个请求打开的流上多了一条不该有的消息：{}消息 {}\n流上只有客户端要的通知，取消之后什么都不再发。",
            step_line(*step, sent, lang),
            ordinal(*position, lang),
            show(message)
        ),
        (
            P::Missing {
                step,
                expected,
                others,
            },
            En,
        ) => {
            let mut text = format!(
                "{}\nThis should have caused a notification that never came (after those caused earlier): {}",
                step_line(*step, sent, lang),
                describe(expected, lang)
            );
            text.push_str(&if others.is_empty() {
                "\nThe program wrote no notifications at all.".to_string()
            } else {
                format!(
                    "\nThe notifications it wrote, in order:\n{}",
                    listed(others)
                )
            });
            text
        }
        (
            P::Missing {
                step,
                expected,
                others,
            },
            Zh,
        ) => {
            let mut text = format!(
                "{}\n这一步本应引发一条通知（排在前面步骤引发的通知之后），但它没有出现：{}",
                step_line(*step, sent, lang),
                describe(expected, lang)
            );
            text.push_str(&if others.is_empty() {
                "\n程序一条通知都没有写。".to_string()
            } else {
                format!("\n程序写出的通知，按顺序：\n{}", listed(others))
            });
            text
        }
        (P::AfterAnswer { step, message }, En) => format!(
            "{}\nThis notification came after the response to this request: {}\nIt belongs to the request, so it travels ahead of the answer; once the answer is written, the request is over.",
            step_line(*step, sent, lang),
            show(message)
        ),
        (P::AfterAnswer { step, message }, Zh) => format!(
            "{}\n这条通知出现在这个请求的响应之后：{}\n它属于这个请求，应当走在回答前面；回答一写出，请求就结束了。",
            step_line(*step, sent, lang),
            show(message)
        ),
        (P::Unwanted { message, rule }, En) => format!(
            "It wrote a notification it must not write here: {}\n(it is {})",
            show(message),
            describe(rule, lang)
        ),
        (P::Unwanted { message, rule }, Zh) => format!(
            "它写出了一条这里不该有的通知：{}\n（它属于 {}）",
            show(message),
            describe(rule, lang)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_ordinals_take_their_suffix() {
        let words: Vec<String> = [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 100, 110, 111]
            .into_iter()
            .map(|position| ordinal(position, Lang::En))
            .collect();
        assert_eq!(
            words,
            [
                "first", "second", "third", "4th", "11th", "12th", "13th", "14th", "21st", "22nd",
                "23rd", "24th", "101st", "111th", "112th"
            ]
        );
        assert_eq!(ordinal(20, Lang::Zh), "第 21 条");
    }
}
