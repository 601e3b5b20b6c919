//! The words of an explanation, in English and Chinese.

use super::content::ContentGroup;
use super::envelope::{Kind, Problem};
use super::meta_keys::Verdict;
use super::{Finding, Layer};
use crate::content::Lang;
use serde_json::Value;

fn pick(lang: Lang, en: String, zh: String) -> String {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// A JSON value as the learner would type it, shortened when long.
fn shown(value: &Value) -> String {
    const MAX: usize = 40;
    let text = value.to_string();
    if text.chars().count() <= MAX {
        text
    } else {
        let kept: String = text.chars().take(MAX - 1).collect();
        format!("{kept}…")
    }
}

pub fn layer(layer: Layer, lang: Lang) -> String {
    let (en, zh) = match layer {
        Layer::CommonTypes => ("common types", "通用类型"),
        Layer::JsonRpcEnvelopes => ("JSON-RPC envelopes", "JSON-RPC 信封"),
        Layer::MethodTypes => ("method types", "方法类型"),
        Layer::ResultContent => ("result content", "结果内容"),
    };
    format!(
        "{} {}",
        layer.number(),
        if lang == Lang::En { en } else { zh }
    )
}

pub fn kind(kind: Kind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (Kind::Request, Lang::En) => "request",
        (Kind::Request, Lang::Zh) => "请求",
        (Kind::Notification, Lang::En) => "notification",
        (Kind::Notification, Lang::Zh) => "通知",
        (Kind::Result, Lang::En) => "result response",
        (Kind::Result, Lang::Zh) => "结果响应",
        (Kind::Error, Lang::En) => "error response",
        (Kind::Error, Lang::Zh) => "错误响应",
        (Kind::Invalid, Lang::En) => "invalid message",
        (Kind::Invalid, Lang::Zh) => "无效消息",
    }
}

/// The verdict's wire word with a few words on what it means.
pub fn verdict(verdict: Verdict, lang: Lang) -> String {
    let (en, zh) = match verdict {
        Verdict::Reserved => ("only the spec defines it", "只有规范能定义"),
        Verdict::TraceContext => ("W3C tracing; never a credential", "W3C 链路追踪；绝非凭据"),
        Verdict::Custom => (
            "someone's own, under their prefix",
            "某一方在自己前缀下的键",
        ),
        Verdict::Unprefixed => ("no namespace; names may collide", "没有命名空间；可能撞名"),
        Verdict::Invalid => ("breaks the key grammar", "不符合键名语法"),
    };
    match lang {
        Lang::En => format!("{} ({en})", verdict.name()),
        Lang::Zh => format!("{}（{zh}）", verdict.name()),
    }
}

/// One line saying what a parse step found.
pub fn finding(finding: &Finding, lang: Lang) -> String {
    match finding {
        Finding::Shape { kind, id } => shape(*kind, id.as_ref(), lang),
        Finding::Broken { meant: Some(meant) } => pick(
            lang,
            {
                let kind = self::kind(*meant, Lang::En);
                // "an error response", "a request"
                let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                format!("looks like {article} {kind}, but is not valid: none of the four shapes (see the problems)")
            },
            format!("看起来像一条{}，但不合规：不属于四种形状中的任何一种（见下方问题）", self::kind(*meant, Lang::Zh)),
        ),
        Finding::Broken { meant: None } => pick(
            lang,
            "none of the four shapes (see the problems)".into(),
            "不属于四种形状中的任何一种（见下方问题）".into(),
        ),
        Finding::ErrorCode { code: Some(code) } => error_code(*code, lang),
        Finding::ErrorCode { code: None } => pick(lang, "no error code".into(), "没有错误码".into()),
        Finding::Method { method, .. } => pick(
            lang,
            format!("method \"{method}\" selects this type"),
            format!("方法 \"{method}\" 选中了这个类型"),
        ),
        Finding::UnknownMethod { kind: Kind::Request, method } => pick(
            lang,
            format!("schema.ts defines no request \"{method}\": a server answers -32601 (method not found)"),
            format!("schema.ts 没有定义名为 \"{method}\" 的请求：服务器会回 -32601（方法不存在）"),
        ),
        Finding::UnknownMethod { method, .. } => pick(
            lang,
            format!("schema.ts defines no notification \"{method}\": the receiver ignores it, silently"),
            format!("schema.ts 没有定义名为 \"{method}\" 的通知：接收方默默忽略它"),
        ),
        Finding::OtherKindsMethod { kind: Kind::Request, method, other } => pick(
            lang,
            format!("\"{method}\" is the method of {other}, a notification; but this message has an id, so it is a request, and no request has that method"),
            format!("\"{method}\" 是通知 {other} 的方法；可这条消息有 id，所以它是请求，而没有哪种请求用这个方法"),
        ),
        Finding::OtherKindsMethod { method, other, .. } => pick(
            lang,
            format!("\"{method}\" is the method of {other}, a request; but without an id this is a notification: nobody waits, nothing is answered"),
            format!("\"{method}\" 是请求 {other} 的方法；可没有 id，这就是一条通知：没人等待，也不会有回应"),
        ),
        Finding::InputRequestMethod { method, other } => pick(
            lang,
            format!("\"{method}\" is {other}, an MRTR input request: it travels inside an InputRequiredResult, never as a JSON-RPC request of its own"),
            format!("\"{method}\" 是 {other}，一种 MRTR 输入请求：它装在 InputRequiredResult 里传递，从不单独作为 JSON-RPC 请求发送"),
        ),
        Finding::Answers { method, known: true } => pick(
            lang,
            format!("it answers a \"{method}\" request: that request's result type"),
            format!("它回答的是一条 \"{method}\" 请求：所以是那种请求的结果类型"),
        ),
        Finding::Answers { method, known: false } => pick(
            lang,
            format!("it answers a \"{method}\" request, which schema.ts does not define: no result type"),
            format!("它回答的是一条 \"{method}\" 请求，schema.ts 没有定义这种请求：没有对应的结果类型"),
        ),
        Finding::AnswersNotGiven => pick(
            lang,
            "a response has no method: its result type comes from the request its id answers (say which with --answers <method>)".into(),
            "响应里没有方法：它的结果类型只能从它的 id 所回答的请求得知（用 --answers <方法> 告诉我）".into(),
        ),
        Finding::ResultType { found } => result_type(found.as_ref(), lang),
        Finding::RequestMeta { keys, missing } if missing.is_empty() => pick(
            lang,
            format!("params._meta holds {keys} key(s), both required ones among them"),
            format!("params._meta 有 {keys} 个键，两个必填键都在"),
        ),
        Finding::RequestMeta { keys, missing } => pick(
            lang,
            format!("params._meta holds {keys} key(s) but lacks {}: a server answers -32602", missing.join(", ")),
            format!("params._meta 有 {keys} 个键，但缺少 {}：服务器会回 -32602", missing.join("、")),
        ),
        Finding::Meta { keys } => pick(
            lang,
            format!("_meta holds {keys} key(s)"),
            format!("_meta 有 {keys} 个键"),
        ),
        Finding::MetaNotObject => pick(
            lang,
            "_meta is not an object".into(),
            "_meta 不是对象".into(),
        ),
        Finding::Content { groups } if groups.is_empty() => pick(
            lang,
            "the client answers the input requests and sends the request again".into(),
            "客户端回答这些输入请求，然后重新发送原请求".into(),
        ),
        Finding::Content { groups } => content(groups, lang),
    }
}

fn shape(kind: Kind, id: Option<&Value>, lang: Lang) -> String {
    let id_text = id.map(shown).unwrap_or_default();
    match (kind, id, lang) {
        (Kind::Request, _, Lang::En) => format!(
            "an id ({id_text}) and a method: a request; the sender waits for exactly one response"
        ),
        (Kind::Request, _, Lang::Zh) => {
            format!("有 id（{id_text}）也有方法：这是请求；发送方等待恰好一条响应")
        }
        (Kind::Notification, _, Lang::En) => {
            "a method and no id member: a notification; it is never answered".into()
        }
        (Kind::Notification, _, Lang::Zh) => {
            "有方法、没有 id 成员：这是通知；它永远不会被回应".into()
        }
        (Kind::Result, _, Lang::En) => {
            format!("an id ({id_text}) and a result: a result response to request {id_text}")
        }
        (Kind::Result, _, Lang::Zh) => {
            format!("有 id（{id_text}）和 result：这是对请求 {id_text} 的结果响应")
        }
        (Kind::Error, Some(_), Lang::En) => {
            format!("an id ({id_text}) and an error: an error response to request {id_text}")
        }
        (Kind::Error, Some(_), Lang::Zh) => {
            format!("有 id（{id_text}）和 error：这是对请求 {id_text} 的错误响应")
        }
        (Kind::Error, None, Lang::En) => {
            "an error with a null or no id: the request's id could not be read".into()
        }
        (Kind::Error, None, Lang::Zh) => "error 的 id 为 null 或缺省：请求的 id 没能读出来".into(),
        (Kind::Invalid, _, _) => String::new(),
    }
}

fn error_code(code: i64, lang: Lang) -> String {
    let (en, zh) = match code {
        -32700 => ("the text was not JSON", "文本不是 JSON"),
        -32600 => ("not a valid request", "不是有效的请求"),
        -32601 => ("unknown or removed method", "方法未知或已移除"),
        -32602 => (
            "bad or missing params, unknown tool",
            "参数错误或缺失、工具未知",
        ),
        -32603 => ("the server failed inside", "服务器内部出错"),
        -32020 => (
            "an HTTP header disagrees with the body",
            "HTTP 头和消息体不一致",
        ),
        -32021 => (
            "the request lacks a capability it needs",
            "请求缺少它需要的能力",
        ),
        -32022 => ("unsupported protocol version", "不支持的协议版本"),
        _ => {
            return pick(
                lang,
                format!("code {code}: schema.ts names no type for it"),
                format!("错误码 {code}：schema.ts 没有为它命名类型"),
            );
        }
    };
    pick(
        lang,
        format!("code {code}: {en}"),
        format!("错误码 {code}：{zh}"),
    )
}

fn result_type(found: Option<&Value>, lang: Lang) -> String {
    match found {
        None => pick(
            lang,
            "no resultType: an older server; a client reads it as \"complete\"".into(),
            "没有 resultType：来自旧版服务器；客户端按 \"complete\" 处理".into(),
        ),
        Some(Value::String(v)) if v == "complete" => pick(
            lang,
            "resultType \"complete\": the request is done".into(),
            "resultType 为 \"complete\"：请求已完成".into(),
        ),
        Some(Value::String(v)) if v == "input_required" => pick(
            lang,
            "resultType \"input_required\": an InputRequiredResult, whatever request it answers"
                .into(),
            "resultType 为 \"input_required\"：不管回答的是哪种请求，它都是 InputRequiredResult"
                .into(),
        ),
        Some(other) => pick(
            lang,
            format!(
                "resultType {}: only valid from an extension the client declared; otherwise the client treats it as invalid",
                shown(other)
            ),
            format!(
                "resultType 为 {}：只有客户端声明过对应扩展时才有效，否则客户端视之为无效",
                shown(other)
            ),
        ),
    }
}

fn content(groups: &[ContentGroup], lang: Lang) -> String {
    let items: Vec<String> = groups
        .iter()
        .map(|g| {
            let name = g.type_name.unwrap_or(match lang {
                Lang::En => "(unknown)",
                Lang::Zh => "（未知）",
            });
            format!("{}: {name} ×{}", g.member, g.count)
        })
        .collect();
    match lang {
        Lang::En => items.join(", "),
        Lang::Zh => items.join("，"),
    }
}

/// One sentence saying what is wrong and which rule it breaks.
pub fn problem(problem: &Problem, lang: Lang) -> String {
    match problem {
        Problem::NotJson { reason } => pick(
            lang,
            format!("the text is not JSON ({reason}); a server answers -32700 with no id (or a null one)"),
            format!("文本不是 JSON（{reason}）；服务器会回 -32700，不带 id（或用 null）"),
        ),
        Problem::NotAnObject => pick(
            lang,
            "a JSON-RPC message is a JSON object".into(),
            "JSON-RPC 消息必须是 JSON 对象".into(),
        ),
        Problem::JsonrpcMissing => pick(
            lang,
            "no \"jsonrpc\" member: every message carries \"jsonrpc\": \"2.0\" (F1)".into(),
            "没有 \"jsonrpc\" 成员：每条消息都带 \"jsonrpc\": \"2.0\"（F1）".into(),
        ),
        Problem::JsonrpcWrong { found } => pick(
            lang,
            format!("\"jsonrpc\" is {}, not the string \"2.0\" (F1)", shown(found)),
            format!("\"jsonrpc\" 是 {}，不是字符串 \"2.0\"（F1）", shown(found)),
        ),
        Problem::MethodNotString { found } => pick(
            lang,
            format!("\"method\" is {}, not a string", shown(found)),
            format!("\"method\" 是 {}，不是字符串", shown(found)),
        ),
        Problem::MethodWithAnswer => pick(
            lang,
            "it has a method and also a result or error: a message is a call or an answer, never both".into(),
            "它有方法，又有 result 或 error：一条消息要么是调用，要么是回答，不能两者都是".into(),
        ),
        Problem::RequestIdUnusable { found } => pick(
            lang,
            format!("the id {} is not a string or an integer; a request id never is null, a fraction, a bool or an object (F6)", shown(found)),
            format!("id {} 不是字符串或整数；请求 id 绝不能是 null、小数、布尔值或对象（F6）", shown(found)),
        ),
        Problem::ResultIdUnusable { found: None } => pick(
            lang,
            "a result without an id: a result always copies the id of the request it answers (F3)".into(),
            "结果没有 id：结果总是照抄它所回答的请求的 id（F3）".into(),
        ),
        Problem::ResultIdUnusable { found: Some(found) } => pick(
            lang,
            format!("a result's id {} is not a string or an integer: it copies a request id, which is one (F3, F7)", shown(found)),
            format!("结果的 id {} 不是字符串或整数：它照抄的是请求 id，而请求 id 只能是这两种（F3、F7）", shown(found)),
        ),
        Problem::ErrorIdUnusable { found } => pick(
            lang,
            format!("an error's id {} is not a string, an integer or null (F3)", shown(found)),
            format!("错误的 id {} 不是字符串、整数或 null（F3）", shown(found)),
        ),
        Problem::ResultAndError => pick(
            lang,
            "both \"result\" and \"error\": a response has exactly one of them (F3)".into(),
            "同时有 \"result\" 和 \"error\"：响应只能有其中一个（F3）".into(),
        ),
        Problem::NoShape => pick(
            lang,
            "no \"method\", \"result\" or \"error\": not a request, notification or response".into(),
            "没有 \"method\"、\"result\" 或 \"error\"：既不是请求、通知，也不是响应".into(),
        ),
        Problem::ParamsNotObject { found } => pick(
            lang,
            format!("\"params\" is {}; in MCP params is an object", shown(found)),
            format!("\"params\" 是 {}；MCP 的 params 必须是对象", shown(found)),
        ),
        Problem::ResultNotObject { found } => pick(
            lang,
            format!("\"result\" is {}; an MCP result is an object (with resultType)", shown(found)),
            format!("\"result\" 是 {}；MCP 的结果必须是对象（带 resultType）", shown(found)),
        ),
        Problem::ErrorNotObject { found } => pick(
            lang,
            format!("\"error\" is {}; it must be an object with code and message (F3)", shown(found)),
            format!("\"error\" 是 {}；它必须是带 code 和 message 的对象（F3）", shown(found)),
        ),
        Problem::ErrorCodeNotInteger { found } => pick(
            lang,
            format!("error.code is {}; it must be an integer (F3)", found.as_ref().map_or("missing".into(), shown)),
            format!("error.code {}；它必须是整数（F3）", found.as_ref().map_or("缺失".into(), |v| format!("是 {}", shown(v)))),
        ),
        Problem::ErrorMessageNotString { found } => pick(
            lang,
            format!("error.message is {}; it must be a string (F3)", found.as_ref().map_or("missing".into(), shown)),
            format!("error.message {}；它必须是字符串（F3）", found.as_ref().map_or("缺失".into(), |v| format!("是 {}", shown(v)))),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_broken_message_is_named_with_the_right_article() {
        let error = finding(
            &Finding::Broken {
                meant: Some(Kind::Error),
            },
            Lang::En,
        );
        assert!(
            error.starts_with("looks like an error response,"),
            "{error}"
        );
        let request = finding(
            &Finding::Broken {
                meant: Some(Kind::Request),
            },
            Lang::En,
        );
        assert!(request.starts_with("looks like a request,"), "{request}");
    }

    #[test]
    fn every_problem_reads_in_both_languages() {
        let problems = [
            Problem::NotJson {
                reason: "EOF".into(),
            },
            Problem::NotAnObject,
            Problem::JsonrpcMissing,
            Problem::JsonrpcWrong {
                found: json!("1.0"),
            },
            Problem::MethodNotString { found: json!(1) },
            Problem::MethodWithAnswer,
            Problem::RequestIdUnusable { found: json!(null) },
            Problem::ResultIdUnusable { found: None },
            Problem::ErrorIdUnusable { found: json!(1.5) },
            Problem::ResultAndError,
            Problem::NoShape,
            Problem::ParamsNotObject { found: json!([]) },
            Problem::ResultNotObject { found: json!(1) },
            Problem::ErrorNotObject { found: json!("x") },
            Problem::ErrorCodeNotInteger { found: None },
            Problem::ErrorMessageNotString {
                found: Some(json!(2)),
            },
        ];
        for p in &problems {
            let en = problem(p, Lang::En);
            let zh = problem(p, Lang::Zh);
            assert!(!en.is_empty() && !zh.is_empty() && en != zh, "{p:?}");
        }
    }

    #[test]
    fn long_values_are_clipped() {
        let long = json!("x".repeat(200));
        assert!(
            problem(&Problem::JsonrpcWrong { found: long }, Lang::En)
                .chars()
                .count()
                < 100
        );
    }
}
