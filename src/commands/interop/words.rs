//! What `learn interop` says: each step's title and, when it fails, what
//! the SDK needed. The driver reports step names; the words live here so
//! they come in both languages.

use crate::content::Lang;
use crate::content::text::tr;

/// A step's one-line title, for a mode (`auto` or a pinned version).
pub fn title(step: &str, mode: &str, lang: Lang) -> String {
    let (en, zh) = match step {
        "connect" if mode == "auto" => (
            "connect: the SDK probes server/discover and picks 2026-07-28",
            "连接：SDK 先发 server/discover 探测，并选定 2026-07-28",
        ),
        "connect" => (
            "connect: the SDK adopts the version, no probe",
            "连接：SDK 直接采用该版本，不探测",
        ),
        "list-tools" => (
            "tools/list shows add and greet, each with an object inputSchema",
            "tools/list 列出 add 和 greet，inputSchema 都是 object",
        ),
        "add" => ("add returns the sum", "add 返回两数之和"),
        "tool-error" => (
            "bad add arguments come back as a tool error (isError)",
            "add 参数不对时以工具错误（isError）返回",
        ),
        "greet" => (
            "greet asks for a name (input_required), the SDK answers and retries",
            "greet 索要名字（input_required），SDK 作答并重试",
        ),
        "greet-declined" => (
            "greet, declined: completes without the name",
            "greet 被拒绝：调用完成，但不含名字",
        ),
        "unknown-tool" => (
            "an unknown tool raises a -32602 error",
            "调用不存在的工具时抛出 -32602 错误",
        ),
        other => return other.to_string(),
    };
    tr(lang, en, zh).to_string()
}

/// What the SDK needed from the server for a step, said when it fails.
pub fn needed(step: &str, lang: Lang) -> &'static str {
    match step {
        "connect" => tr(
            lang,
            "`server/discover` must complete with supportedVersions listing \"2026-07-28\"; an error or a bad result makes the SDK fall back to the old `initialize` handshake.",
            "`server/discover` 必须成功返回，且 supportedVersions 含 \"2026-07-28\"；出错或结果不合格时，SDK 会退回旧的 `initialize` 握手。",
        ),
        "list-tools" => tr(
            lang,
            "`tools/list` completes with `tools`, each with `name` and `inputSchema` ({\"type\": \"object\", ...}), plus `ttlMs` and `cacheScope`.",
            "`tools/list` 返回 `tools`，每个工具有 `name` 和 `inputSchema`（{\"type\": \"object\", ...}），另有 `ttlMs` 与 `cacheScope`。",
        ),
        "add" => tr(
            lang,
            "A `complete` result whose text content is the sum.",
            "一个 `complete` 结果，其文本内容就是和。",
        ),
        "tool-error" => tr(
            lang,
            "A normal result with `isError: true`: the tool ran and failed. A JSON-RPC error here would hide the problem from the model.",
            "一个带 `isError: true` 的普通结果：工具运行了但失败了。这里若返回 JSON-RPC 错误，模型就看不到问题所在。",
        ),
        "greet" | "greet-declined" => tr(
            lang,
            "First an `input_required` result with one `elicitation/create` request and a `requestState`; then, for the retry carrying `inputResponses` and that state, a `complete` result (greeting only on accept).",
            "先返回 `input_required` 结果，含一个 `elicitation/create` 请求和 `requestState`；客户端带着 `inputResponses` 与该状态重试时，返回 `complete` 结果（只有 accept 时才问候）。",
        ),
        "unknown-tool" => tr(
            lang,
            "A JSON-RPC error with code -32602. The SDK raises only for errors: a result with `isError` means the tool exists and ran.",
            "一个 code 为 -32602 的 JSON-RPC 错误。SDK 只在收到错误时抛出异常：带 `isError` 的结果表示工具存在并且运行过。",
        ),
        _ => "",
    }
}

/// A mode's heading.
pub fn mode(mode: &str, lang: Lang) -> String {
    match (mode, lang) {
        ("auto", Lang::En) => "mode=\"auto\" (discover first, fall back to initialize)".into(),
        ("auto", Lang::Zh) => "mode=\"auto\"（先 discover，不行再退回 initialize）".into(),
        (version, Lang::En) => format!("mode=\"{version}\" (the version pinned)"),
        (version, Lang::Zh) => format!("mode=\"{version}\"（固定版本）"),
    }
}
