//! Each problem a verdict can hold, in words (English and Chinese).

use super::WIDTH;
use super::mismatch::mismatch_lines;
use super::process::ended_words;
use crate::content::Lang;
use crate::content::scenario::ResponseKey;
use crate::judge::{NearMiss, Problem};
use crate::render::pattern_words::{typed, unmark};
use crate::render::style::clip;
use crate::runner::transcript::{EarlyEnd, LimitHit, ProcessEnd};
use serde_json::Value;

/// A sent message up to this long stays on one line (three `_meta` keys with
/// their values folded take about 200 characters); a longer one is shown
/// over several lines, whole.
const SENT_WIDTH: usize = 230;

pub(super) fn step_line(step: usize, sent: &[&String], lang: Lang) -> String {
    let text = sent.get(step).map_or(String::new(), |s| {
        crate::render::sent::sent_text(s, SENT_WIDTH, "  ")
    });
    // A message shown over several lines starts on its own line.
    let gap = if text.starts_with('\n') { "" } else { " " };
    match lang {
        Lang::En => format!("sent (step {}):{gap}{text}", step + 1),
        Lang::Zh => format!("发送（第 {} 步）：{}{text}", step + 1, gap.trim()),
    }
}

pub(super) fn show(value: &Value) -> String {
    clip(&unmark(&value.to_string()), WIDTH)
}

/// How the program ended badly, `times` times (each start of a scenario
/// that starts it afresh for a step).
pub(super) fn crashed(end: &ProcessEnd, times: usize, lang: Lang) -> String {
    let ended = ended_words(end, lang);
    match (times, lang) {
        (1, Lang::En) => format!(
            "The program {ended}. A stdio program keeps running until its input ends, then exits with code 0; a crash proves nothing about what it would have answered."
        ),
        (_, Lang::En) => format!(
            "The program {ended}, each of the {times} times it was started. A stdio program keeps running until its input ends, then exits with code 0; a crash proves nothing about what it would have answered."
        ),
        (1, Lang::Zh) => format!(
            "程序{ended}。stdio 程序应一直运行到输入结束，然后以退出码 0 退出；崩溃不能证明它本会如何回应。"
        ),
        (_, Lang::Zh) => format!(
            "程序被启动了 {times} 次，每次都{ended}。stdio 程序应一直运行到输入结束，然后以退出码 0 退出；崩溃不能证明它本会如何回应。"
        ),
    }
}

/// One problem as one or more lines of text.
pub fn problem_text(problem: &Problem, sent: &[&String], lang: Lang) -> String {
    use Lang::{En, Zh};
    match (problem, lang) {
        (Problem::Notification(problem), _) => super::notified::text(problem, sent, lang),
        (Problem::Repeated { more }, En) => format!(
            "…and {more} more like the one above (only the first {} of each kind are shown).",
            crate::judge::flood::EXAMPLES
        ),
        (Problem::Repeated { more }, Zh) => format!(
            "……另有 {more} 处与上面同类的问题（每类只显示前 {} 处）。",
            crate::judge::flood::EXAMPLES
        ),
        (Problem::NotStarted { error }, En) => format!("The program could not start: {error}."),
        (Problem::NotStarted { error }, Zh) => format!("程序无法启动：{error}。"),
        (Problem::Crashed { end }, _) => crashed(end, 1, lang),
        (
            Problem::CaptureMissing {
                step,
                name,
                pointer,
            },
            lang,
        ) if pointer.contains("/*?") => {
            let (object, filter) = pointer.split_once("/*?").unwrap_or((pointer, ""));
            let (member, value) = filter.split_once('=').unwrap_or((filter, ""));
            match lang {
                En => format!(
                    "The response to step {} should have exactly one member of `{object}` whose `{member}` is `{value}` (the next message answers under its key, `{name}`), but it has none or several, so the scenario stopped there.",
                    step + 1
                ),
                Zh => format!(
                    "第 {} 步的响应在 `{object}` 下应当恰好有一个 `{member}` 为 `{value}` 的成员（下一条消息要用它的键 `{name}` 作答），但一个也没有或者不止一个，场景只能在此停止。",
                    step + 1
                ),
            }
        }
        (
            Problem::CaptureMissing {
                step,
                name,
                pointer,
            },
            En,
        ) => format!(
            "The response to step {} has nothing at `{pointer}`, and the next message needs that value (`{name}`), so the scenario stopped there.",
            step + 1
        ),
        (
            Problem::CaptureMissing {
                step,
                name,
                pointer,
            },
            Zh,
        ) => format!(
            "第 {} 步的响应在 `{pointer}` 处没有值，而下一条消息需要它（`{name}`），场景只能在此停止。",
            step + 1
        ),
        (Problem::Unforgeable(failure), lang) => super::forged::unforgeable_text(failure, lang),
        (Problem::Limit(LimitHit::Timeout { seconds }), En) => format!(
            "Time ran out after {seconds} s while waiting for answers (`--timeout` sets the limit)."
        ),
        (Problem::Limit(LimitHit::Timeout { seconds }), Zh) => {
            format!("等待响应 {seconds} 秒后超时（可用 `--timeout` 调整）。")
        }
        (Problem::OutputNeverEnded { seconds }, En) => format!(
            "Every answer came, but after stdin closed the program kept its output open for {seconds} s. A stdio server must exit (or at least close stdout) when its input ends: that is how a client knows nothing more is coming."
        ),
        (Problem::OutputNeverEnded { seconds }, Zh) => format!(
            "所有响应都到了，但 stdin 关闭后程序的输出又保持打开了 {seconds} 秒。stdio 服务器在输入结束时必须退出（至少关闭 stdout），Client 才知道不会再有消息。"
        ),
        (Problem::Limit(LimitHit::OutputFlood { bytes }), En) => format!(
            "It wrote {bytes} bytes of output and was stopped: no answer here needs that much. Is something printing in a loop?"
        ),
        (Problem::Limit(LimitHit::OutputFlood { bytes }), Zh) => format!(
            "它写出了 {bytes} 字节的输出，被强制停止：这里没有哪个响应需要这么多。是不是在循环里打印？"
        ),
        (Problem::Limit(LimitHit::LineTooLong { bytes }), En) => format!(
            "It wrote {bytes} bytes without a newline and was stopped. Every message must end with a newline (\\n)."
        ),
        (Problem::Limit(LimitHit::LineTooLong { bytes }), Zh) => format!(
            "它写出了 {bytes} 字节却没有换行，被强制停止。每条消息都必须以换行符（\\n）结尾。"
        ),
        (Problem::Limit(LimitHit::OutputHeldAfterExit), En) => "It exited, but something it started (a background process?) kept its stdout open, so a client would wait forever for the end of output. The checker stopped it. Everything a server starts must let go of stdout when the server ends.".to_string(),
        (Problem::Limit(LimitHit::OutputHeldAfterExit), Zh) => "它已经退出，但它启动的某个进程（后台进程？）仍占着它的 stdout，Client 会一直等待输出结束。检查器已将其停止。服务器结束时，它启动的一切都必须释放 stdout。".to_string(),
        (Problem::EndedEarly(EarlyEnd::Exited), En) => "It exited while the checker was still sending it messages. A stdio server keeps reading until its input ends.".to_string(),
        (Problem::EndedEarly(EarlyEnd::Exited), Zh) => "检查器还在向它发送消息时，它就退出了。stdio 服务器应一直读取，直到输入结束。".to_string(),
        (Problem::EndedEarly(EarlyEnd::ClosedOutput), En) => "It closed its stdout while the checker was still sending it messages, so nothing it did afterwards could be heard.".to_string(),
        (Problem::EndedEarly(EarlyEnd::ClosedOutput), Zh) => "检查器还在发送消息时，它就关闭了 stdout，之后它做的任何事都无法被听到。".to_string(),
        (Problem::NotJson { line }, En) => format!(
            "It wrote a line that is not JSON: {}\nOnly JSON goes to stdout, one object per line: the checker reads every line there as an answer. Print debugging output to stderr (`eprintln!`).",
            clip(line, WIDTH)
        ),
        (Problem::NotJson { line }, Zh) => format!(
            "它写出了一行不是 JSON 的内容：{}\nstdout 上只能写 JSON，每行一个对象：检查器把那里的每一行都当作回答来读。调试信息请打印到 stderr（`eprintln!`）。",
            clip(line, WIDTH)
        ),
        (Problem::NotAnObject { message }, En) => format!(
            "It wrote JSON that is not an object: {}. Every JSON-RPC message is an object.",
            show(message)
        ),
        (Problem::NotAnObject { message }, Zh) => format!(
            "它写出的 JSON 不是对象：{}。每条 JSON-RPC 消息都是对象。",
            show(message)
        ),
        (Problem::BadJsonrpc { message }, En) => format!(
            "This message does not carry \"jsonrpc\": \"2.0\" exactly: {}\nEvery message, requests, responses and notifications alike, carries it.",
            show(message)
        ),
        (Problem::BadJsonrpc { message }, Zh) => format!(
            "这条消息没有准确地带上 \"jsonrpc\": \"2.0\"：{}\n请求、响应、通知，每条消息都必须带它。",
            show(message)
        ),
        (Problem::ServerRequest { message }, En) => format!(
            "It sent a request of its own (it has both `method` and `id`): {}\nIn 2026-07-28 a server never sends JSON-RPC requests.",
            show(message)
        ),
        (Problem::ServerRequest { message }, Zh) => format!(
            "它自己发出了一个请求（同时有 `method` 和 `id`）：{}\n在 2026-07-28 中，Server 从不发送 JSON-RPC 请求。",
            show(message)
        ),
        (Problem::NotAResponse { message }, En) => format!(
            "This message has neither `result` nor `error` (nor a `method`): {}\nA response carries exactly one of `result` and `error`.",
            show(message)
        ),
        (Problem::NotAResponse { message }, Zh) => format!(
            "这条消息既没有 `result` 也没有 `error`（也没有 `method`）：{}\n响应必须恰好带其中之一。",
            show(message)
        ),
        (Problem::ResultAndError { message }, En) => format!(
            "This response has both `result` and `error`: {}\nIt must carry exactly one.",
            show(message)
        ),
        (Problem::ResultAndError { message }, Zh) => format!(
            "这个响应同时有 `result` 和 `error`：{}\n只能有其中一个。",
            show(message)
        ),
        (Problem::BadErrorObject { message }, En) => format!(
            "An error object needs an integer `code` and a string `message`: {}",
            show(message)
        ),
        (Problem::BadErrorObject { message }, Zh) => format!(
            "错误对象需要整数 `code` 和字符串 `message`：{}",
            show(message)
        ),
        (Problem::BadResponseId { message }, En) => format!(
            "This response's id is {}: an id is a string or an integer. Only an error answering a line whose id could not be read goes without one (or carries null).\n{}",
            message.get("id").map_or("missing".into(), |id| typed(id, En)),
            show(message)
        ),
        (Problem::BadResponseId { message }, Zh) => format!(
            "这个响应的 id 是 {}：id 只能是字符串或整数。只有回应“读不出 id 的那一行”的错误响应才可以不带 id（或用 null）。\n{}",
            message.get("id").map_or("缺失".into(), |id| typed(id, Zh)),
            show(message)
        ),
        (Problem::IdlessErrorsShort { steps, missing }, _) => {
            let mut text = String::new();
            for step in steps {
                text.push_str(&step_line(*step, sent, lang));
                text.push('\n');
            }
            let numbers: Vec<String> = steps.iter().map(|s| (s + 1).to_string()).collect();
            text.push_str(&match lang {
                En => format!(
                    "Steps {} each expect an error without an id (or with a null id), but {} fewer came back, so {} of these lines got none. Such an error does not say which line it answers, so the checker cannot tell which: look at which of these lines your program refuses, and which it skips.",
                    numbers.join(", "),
                    missing,
                    if *missing == 1 { "one".to_string() } else { missing.to_string() },
                ),
                Zh => format!(
                    "第 {} 步都应得到一个不带 id（或 id 为 null）的错误，但少收到了 {} 个，所以其中有 {} 行没有得到回应。这种错误不会说明它回应的是哪一行，检查器无法判断是哪一行：请看看你的程序拒绝了其中哪些行，又跳过了哪些行。",
                    numbers.join("、"),
                    missing,
                    missing
                ),
            });
            text
        }
        (Problem::BrokenEnvelope { message, problems }, _) => {
            let mut text = match lang {
                En => format!("This message breaks the envelope rules: {}", show(message)),
                Zh => format!("这条消息违反了信封规则：{}", show(message)),
            };
            for problem in problems {
                text.push_str("\n  ");
                text.push_str(&crate::explain::words::problem(problem, lang));
            }
            text
        }
        (
            Problem::MissingResponse {
                step, key, near, ..
            },
            _,
        ) => {
            let mut text = step_line(*step, sent, lang);
            text.push('\n');
            text.push_str(&match (key, lang) {
                (ResponseKey::Id(id), En) => format!("No response with id {} came back for it.", typed(id, En)),
                (ResponseKey::Id(id), Zh) => format!("没有收到 id 为 {} 的响应。", typed(id, Zh)),
                (ResponseKey::Unreadable, En) => "No error without an id (or with a null id) came back for it. Its id could not be read, so the error that answers it leaves `id` out or sets it to null.".into(),
                (ResponseKey::Line(_), En) => "No answer line came back for it: this program writes exactly one line for each line it reads.".into(),
                (ResponseKey::Line(_), Zh) => "没有收到对应的回答行：这个程序每读入一行，就要恰好写出一行。".into(),
                (ResponseKey::Unreadable, Zh) => "没有收到不带 id（或 id 为 null）的错误响应。这一行的 id 无法读出，所以回应它的错误要么省略 `id`，要么把它设为 null。".into(),
            });
            match (near, lang) {
                (Some(NearMiss::IdTypeDiffers { got }), En) => text.push_str(&format!(
                    "\nA response came back with id {} instead: the same id in another JSON type, or with its digits changed by a float. Copy the id exactly as it arrived; never convert it.",
                    typed(got, En)
                )),
                (Some(NearMiss::IdTypeDiffers { got }), Zh) => text.push_str(&format!(
                    "\n实际收到的响应 id 是 {}：同一个 id 换了 JSON 类型，或被浮点数改了数字。请原样复制收到的 id，不要做任何转换。",
                    typed(got, Zh)
                )),
                (Some(NearMiss::OtherId { got }), En) => text.push_str(&format!(
                    "\nThe only other response had id {}. A response copies its request's id; a client uses it to hand the result to the right waiter.",
                    typed(got, En)
                )),
                (Some(NearMiss::OtherId { got }), Zh) => text.push_str(&format!(
                    "\n唯一的另一个响应的 id 是 {}。响应必须复制请求的 id；客户端靠它把结果交给正确的等待者。",
                    typed(got, Zh)
                )),
                (Some(NearMiss::BrokenAnswer), En) => text.push_str(
                    "\nA line with this id did come, but it breaks the envelope rules (see above), so it is not a response a client could use.",
                ),
                (Some(NearMiss::BrokenAnswer), Zh) => text.push_str(
                    "\n带这个 id 的一行确实来了，但它违反了信封规则（见上文），所以不算一个 Client 能用的响应。",
                ),
                (None, _) => {}
            }
            text
        }
        (
            Problem::WrongResponse {
                step,
                got,
                mismatches,
                ..
            },
            _,
        ) => {
            let mut text = step_line(*step, sent, lang);
            text.push_str(&match lang {
                En => format!(
                    "\ngot: {}\nThe answer arrived, but it does not mean what it should:",
                    show(got)
                ),
                Zh => format!("\n收到：{}\n回答到了，但含义不对：", show(got)),
            });
            text.push_str(&mismatch_lines(mismatches, got, lang));
            text
        }
        (Problem::Duplicate { step, message }, En) => format!(
            "The request of step {} was answered more than once; this is an extra response: {}\nEvery request gets exactly one response.",
            step + 1,
            show(message)
        ),
        (Problem::Duplicate { step, message }, Zh) => format!(
            "第 {} 步的请求被回应了不止一次；多出来的响应：{}\n每个请求恰好只有一个响应。",
            step + 1,
            show(message)
        ),
        (Problem::AnsweredSilence { message, silent }, En) => format!(
            "It answered a message that must get no reply: {}\n{}: notifications (no `id`) and stray responses are never answered, not even with an empty result or an error.",
            show(message),
            match silent {
                1 => "This run sent one such message".to_string(),
                n => format!("This run sent {n} such messages"),
            }
        ),
        (Problem::AnsweredSilence { message, silent }, Zh) => format!(
            "它回应了一条不该有回复的消息：{}\n这次运行发送了 {} 条这样的消息：通知（没有 `id`）和无人请求的响应都不该得到任何回复，空结果和错误都不行。",
            show(message),
            silent
        ),
        (Problem::Unexpected { message }, En) => format!(
            "It wrote a response that answers nothing that was sent: {}",
            show(message)
        ),
        (Problem::Unexpected { message }, Zh) => {
            format!("它写出了一个不对应任何已发送消息的响应：{}", show(message))
        }
        (Problem::ExtraLine { message, expected }, En) => format!(
            "It wrote an extra line: {}\nThis program writes exactly one line for each line that asks for an answer. This run asked for {}, and this line came after them.",
            show(message),
            match expected {
                1 => "one answer line".to_string(),
                n => format!("{n} answer lines"),
            }
        ),
        (Problem::ExtraLine { message, expected }, Zh) => format!(
            "它多写了一行：{}\n这个程序对每一条需要回答的输入恰好写一行；这次运行只需要 {expected} 行回答，这一行在它们之后。",
            show(message)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_picked_by_method_is_named_in_words() {
        let missing = |pointer: &str| Problem::CaptureMissing {
            step: 0,
            name: "folder_key".into(),
            pointer: pointer.into(),
        };
        let by_method = missing("/result/inputRequests/*?method=roots/list");
        let en = problem_text(&by_method, &[], Lang::En);
        assert!(
            en.contains(
                "exactly one member of `/result/inputRequests` whose `method` is `roots/list`"
            ) && en.contains("`folder_key`")
                && !en.contains("*?"),
            "{en}"
        );
        let zh = problem_text(&by_method, &[], Lang::Zh);
        assert!(
            zh.contains("`method` 为 `roots/list`") && !zh.contains("*?"),
            "{zh}"
        );
        let plain = problem_text(&missing("/result/requestState"), &[], Lang::En);
        assert!(
            plain.contains("has nothing at `/result/requestState`"),
            "{plain}"
        );
    }
}
