//! 检查反馈的中文措辞。

use crate::words::{Feedback, Zh};

const STDIO_EXITS: &str =
    "stdio 程序应一直运行到输入结束，然后以退出码 0 退出；崩溃不能证明它本会如何回应。";

impl Feedback for Zh {
    /// A message on its own line needs no gap after the colon in Chinese.
    fn sent_step(&self, step: usize, _gap: &str, text: &str) -> String {
        format!("发送（第 {step} 步）：{text}")
    }
    fn crashed_once(&self, ended: &str) -> String {
        format!("程序{ended}。{STDIO_EXITS}")
    }
    fn crashed_times(&self, ended: &str, times: usize) -> String {
        format!("程序被启动了 {times} 次，每次都{ended}。{STDIO_EXITS}")
    }
    fn repeated(&self, more: usize, shown: usize) -> String {
        format!("……另有 {more} 处与上面同类的问题（每类只显示前 {shown} 处）。")
    }
    fn not_started(&self, error: &str) -> String {
        format!("程序无法启动：{error}。")
    }
    fn capture_no_member(
        &self,
        step: usize,
        object: &str,
        member: &str,
        value: &str,
        name: &str,
    ) -> String {
        format!(
            "第 {step} 步的响应在 `{object}` 下应当恰好有一个 `{member}` 为 `{value}` 的成员（下一条消息要用它的键 `{name}` 作答），但一个也没有或者不止一个，场景只能在此停止。"
        )
    }
    fn capture_missing(&self, step: usize, pointer: &str, name: &str) -> String {
        format!(
            "第 {step} 步的响应在 `{pointer}` 处没有值，而下一条消息需要它（`{name}`），场景只能在此停止。"
        )
    }
    fn timeout(&self, seconds: u64) -> String {
        format!("等待响应 {seconds} 秒后超时（可用 `--timeout` 调整）。")
    }
    fn time_ran_out(&self, seconds: u64) -> String {
        format!(
            "时间用完了：该学生的程序用完了所有场景共 {seconds} 秒的运行时间预算（`--student-budget`），所以这个场景被停止或没有运行。"
        )
    }
    fn output_never_ended(&self, seconds: u64) -> String {
        format!(
            "所有响应都到了，但 stdin 关闭后程序的输出又保持打开了 {seconds} 秒。stdio 服务器在输入结束时必须退出（至少关闭 stdout），Client 才知道不会再有消息。"
        )
    }
    fn output_flood(&self, bytes: usize) -> String {
        format!(
            "它写出了 {bytes} 字节的输出，被强制停止：这里没有哪个响应需要这么多。是不是在循环里打印？"
        )
    }
    fn line_too_long(&self, bytes: usize) -> String {
        format!("它写出了 {bytes} 字节却没有换行，被强制停止。每条消息都必须以换行符（\\n）结尾。")
    }
    fn output_held_after_exit(&self) -> &'static str {
        "它已经退出，但它启动的某个进程（后台进程？）仍占着它的 stdout，Client 会一直等待输出结束。检查器已将其停止。服务器结束时，它启动的一切都必须释放 stdout。"
    }
    fn exited_early(&self) -> &'static str {
        "检查器还在向它发送消息时，它就退出了。stdio 服务器应一直读取，直到输入结束。"
    }
    fn closed_output_early(&self) -> &'static str {
        "检查器还在发送消息时，它就关闭了 stdout，之后它做的任何事都无法被听到。"
    }
    fn not_json(&self, line: &str) -> String {
        format!(
            "它写出了一行不是 JSON 的内容：{line}\nstdout 上只能写 JSON，每行一个对象：检查器把那里的每一行都当作回答来读。调试信息请打印到 stderr（`eprintln!`）。"
        )
    }
    fn not_an_object(&self, message: &str) -> String {
        format!("它写出的 JSON 不是对象：{message}。每条 JSON-RPC 消息都是对象。")
    }
    fn bad_jsonrpc(&self, message: &str) -> String {
        format!(
            "这条消息没有准确地带上 \"jsonrpc\": \"2.0\"：{message}\n请求、响应、通知，每条消息都必须带它。"
        )
    }
    fn server_request(&self, message: &str) -> String {
        format!(
            "它自己发出了一个请求（同时有 `method` 和 `id`）：{message}\n在 2026-07-28 中，Server 从不发送 JSON-RPC 请求。"
        )
    }
    fn not_a_response(&self, message: &str) -> String {
        format!(
            "这条消息既没有 `result` 也没有 `error`（也没有 `method`）：{message}\n响应必须恰好带其中之一。"
        )
    }
    fn result_and_error(&self, message: &str) -> String {
        format!("这个响应同时有 `result` 和 `error`：{message}\n只能有其中一个。")
    }
    fn bad_error_object(&self, message: &str) -> String {
        format!("错误对象需要整数 `code` 和字符串 `message`：{message}")
    }
    fn bad_response_id(&self, id: &str, message: &str) -> String {
        format!(
            "这个响应的 id 是 {id}：id 只能是字符串或整数。只有回应“读不出 id 的那一行”的错误响应才可以不带 id（或用 null）。\n{message}"
        )
    }
    fn missing_id(&self) -> &'static str {
        "缺失"
    }
    fn idless_errors_short(&self, steps: &[String], missing: usize) -> String {
        format!(
            "第 {} 步都应得到一个不带 id（或 id 为 null）的错误，但少收到了 {missing} 个，所以其中有 {missing} 行没有得到回应。这种错误不会说明它回应的是哪一行，检查器无法判断是哪一行：请看看你的程序拒绝了其中哪些行，又跳过了哪些行。",
            steps.join("、")
        )
    }
    fn broken_envelope(&self, message: &str) -> String {
        format!("这条消息违反了信封规则：{message}")
    }
    fn no_response_with_id(&self, id: &str) -> String {
        format!("没有收到 id 为 {id} 的响应。")
    }
    fn no_idless_error(&self) -> &'static str {
        "没有收到不带 id（或 id 为 null）的错误响应。这一行的 id 无法读出，所以回应它的错误要么省略 `id`，要么把它设为 null。"
    }
    fn no_answer_line(&self) -> &'static str {
        "没有收到对应的回答行：这个程序每读入一行，就要恰好写出一行。"
    }
    fn waited_step(&self, step: usize) -> String {
        format!("第 {step} 步：服务器的脚本在这里什么也没发，等着你的客户端写下一条消息")
    }
    fn client_crashed(&self, ended: &str) -> String {
        format!(
            "客户端{ended}。客户端完成任务后以退出码 0 退出，只有任务说明要求时才用别的退出码；崩溃不能证明它本会发出什么。"
        )
    }
    fn client_wrong_exit(&self, ended: &str, expected: u8) -> String {
        format!(
            "你的客户端{ended}；这个场景要求它以退出码 {expected} 结束（表示出错）：任务说明写明，服务器的回答让客户端无法继续时，它就这样停下。先在 stderr 上说明原因，再以这个退出码退出。"
        )
    }
    fn no_client_message(&self) -> &'static str {
        "你的客户端在这里没有写出消息。它是停下了，还是在等一个服务器要在这条消息之后才会发的回答？"
    }
    fn wrong_client_message(&self, got: &str) -> String {
        format!(
            "
你的客户端写的是：{got}
消息来了，但含义不对："
        )
    }
    fn broke_every_rule(&self, scenario: &str, message: &str) -> String {
        format!(
            "在场景“{scenario}”里，你的客户端写的是：{message}
这条消息违反了一条规则，这类消息在每个场景里都要遵守："
        )
    }
    fn extra_client_message(&self, message: &str, expected: usize) -> String {
        format!(
            "你的客户端多写了一条消息：{message}
服务器的脚本只等 {expected} 条消息，这一条在它们之后。"
        )
    }
    fn unasked_client_message(&self, message: &str) -> String {
        format!(
            "你的客户端写了一条这个场景里没有任何步骤要求的消息：{message}
服务器按每条消息所问的内容来回答，不管它按什么顺序到来；而任务在这里没有给出发这条消息的理由。"
        )
    }
    fn client_capture_missing(&self, step: usize, pointer: &str) -> String {
        format!(
            "你的客户端在第 {step} 步写的消息在 `{pointer}` 处没有值，而服务器的下一行需要它，场景只能在此停止。"
        )
    }
    fn server_sent_step(&self, step: usize, _gap: &str, text: &str) -> String {
        format!("服务器发送（第 {step} 步）：{text}")
    }
    fn client_output_never_ended(&self, seconds: u64) -> String {
        format!(
            "服务器等的消息都来了，但在服务器的最后一行发出、输入结束之后，你的客户端仍让输出保持打开 {seconds} 秒。客户端完成任务后就要退出。"
        )
    }
    fn client_exited_early(&self) -> &'static str {
        "服务器还有要发给你的客户端的行，客户端却已经退出了。客户端要读完它所问的每一件事的回答，然后才结束。"
    }
    fn near_id_type_differs(&self, got: &str) -> String {
        format!(
            "\n实际收到的响应 id 是 {got}：同一个 id 换了 JSON 类型，或被浮点数改了数字。请原样复制收到的 id，不要做任何转换。"
        )
    }
    fn near_other_id(&self, got: &str) -> String {
        format!(
            "\n唯一的另一个响应的 id 是 {got}。响应必须复制请求的 id；客户端靠它把结果交给正确的等待者。"
        )
    }
    fn near_broken_answer(&self) -> &'static str {
        "\n带这个 id 的一行确实来了，但它违反了信封规则（见上文），所以不算一个 Client 能用的响应。"
    }
    fn wrong_response(&self, got: &str) -> String {
        format!("\n收到：{got}\n回答到了，但含义不对：")
    }
    fn duplicate(&self, step: usize, message: &str) -> String {
        format!(
            "第 {step} 步的请求被回应了不止一次；多出来的响应：{message}\n每个请求恰好只有一个响应。"
        )
    }
    fn answered_silence(&self, message: &str, silent: usize) -> String {
        format!(
            "它回应了一条不该有回复的消息：{message}\n这次运行发送了 {silent} 条这样的消息：通知（没有 `id`）和无人请求的响应都不该得到任何回复，空结果和错误都不行。"
        )
    }
    fn unexpected(&self, message: &str) -> String {
        format!("它写出了一个不对应任何已发送消息的响应：{message}")
    }
    fn extra_line(&self, message: &str, expected: usize) -> String {
        format!(
            "它多写了一行：{message}\n这个程序对每一条需要回答的输入恰好写一行；这次运行只需要 {expected} 行回答，这一行在它们之后。"
        )
    }

    fn ordinal(&self, position: usize) -> String {
        format!("第 {} 条", position + 1)
    }
    fn stream_short(&self, count: usize, ordinal: &str, expected: &str) -> String {
        format!("这个请求打开的流上有 {count} 条消息；{ordinal}应当是 {expected}。")
    }
    fn stream_untagged(&self, key: &str, listed: &str) -> String {
        format!(
            "下面这些通知看起来对，但没有指明这个订阅：流上的每条消息都要在 `params._meta[\"{key}\"]` 里带上 listen 请求的 id，JSON 类型也要相同：\n{listed}"
        )
    }
    fn stream_wrong(&self, ordinal: &str, got: &str) -> String {
        format!("这个请求打开的流上，{ordinal}消息是 {got}\n含义不对：")
    }
    fn stream_extra(&self, step_line: &str, ordinal: &str, message: &str) -> String {
        format!(
            "{step_line}\n这个请求打开的流上多了一条不该有的消息：{ordinal}消息 {message}\n流上只有客户端要的通知，取消之后什么都不再发。"
        )
    }
    fn notification_missing(&self, step_line: &str, expected: &str) -> String {
        format!(
            "{step_line}\n这一步本应引发一条通知（排在前面步骤引发的通知之后），但它没有出现：{expected}"
        )
    }
    fn no_notifications(&self) -> &'static str {
        "\n程序一条通知都没有写。"
    }
    fn notifications_written(&self, listed: &str) -> String {
        format!("\n程序写出的通知，按顺序：\n{listed}")
    }
    fn after_answer(&self, step_line: &str, message: &str) -> String {
        format!(
            "{step_line}\n这条通知出现在这个请求的响应之后：{message}\n它属于这个请求，应当走在回答前面；回答一写出，请求就结束了。"
        )
    }
    fn unwanted(&self, message: &str, rule: &str) -> String {
        format!("它写出了一条这里不该有的通知：{message}\n（它属于 {rule}）")
    }

    fn exited_with(&self, code: i32) -> String {
        format!("以退出码 {code} 结束")
    }
    fn killed_by_signal(&self, signal: i32, name: &str) -> String {
        format!("被信号 {signal}{name} 终止")
    }
    fn stopped_by_checker(&self) -> &'static str {
        "仍在运行，被检查器停止"
    }
    fn stderr_flood(&self, megabytes: usize) -> String {
        format!("它向 stderr 写了 {megabytes} MB（只保留最后几行）。")
    }
    fn stderr_end(&self) -> &'static str {
        "它在 stderr 上最后写的是："
    }
    fn found_elsewhere(&self, there: &str, path: &str) -> String {
        format!("它其实在 `{there}`：应该放在 `{path}`")
    }
    fn member_missing(&self) -> &'static str {
        "没有（缺少这个成员）"
    }
    fn mismatch(&self, path: &str, expected: &str, got: &str) -> String {
        format!("`{path}` 处：期望 {expected}，实际 {got}")
    }
    fn bad_recipe(&self, step: usize, why: &str) -> String {
        format!(
            "第 {step} 步用来伪造数值的配方有误（{why}）：这是练习本身的错误，不是你的程序的错误。"
        )
    }
    fn unforgeable(
        &self,
        step: usize,
        from: usize,
        pointer: &str,
        code: &str,
        why: &str,
        got: &str,
    ) -> String {
        format!(
            "第 {step} 步本要发送一个由你程序自己的状态（第 {from} 步响应中 `{pointer}` 处）伪造出来的状态，就像知道其格式的攻击者会做的那样。本练习规定了这个格式：`<载荷>.<标签>`，载荷是用{code}写出的 JSON 对象，标签也用{code}。你程序的状态不符合：{why}。\n收到的是：{got}\n场景只能在此停止。"
        )
    }
    fn hex(&self) -> &'static str {
        "十六进制"
    }
    fn forge_not_a_string(&self) -> &'static str {
        "它不是字符串"
    }
    fn forge_not_two_parts(&self) -> &'static str {
        "它不是由一个 `.` 连接的两部分"
    }
    fn forge_payload_not_encoded(&self, code: &str) -> String {
        format!("`.` 前面的部分不是{code}")
    }
    fn forge_tag_not_encoded(&self, code: &str) -> String {
        format!("`.` 后面的部分不是{code}")
    }
    fn forge_payload_not_object(&self, code: &str) -> String {
        format!("`.` 前面的部分是{code}，但解出来不是 JSON 对象")
    }
}
