//! The words of an explanation (`explain`): which entry of `words::Explain`
//! each finding and problem takes, with its values shown.

use crate::content::Lang;
use crate::explain::content::ContentGroup;
use crate::explain::envelope::{Kind, Problem};
use crate::explain::meta_keys::Verdict;
use crate::explain::{Finding, Layer};
use crate::words;
use serde_json::Value;

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
    let w = words::of(lang);
    let name = match layer {
        Layer::CommonTypes => w.common_types(),
        Layer::JsonRpcEnvelopes => w.json_rpc_envelopes(),
        Layer::MethodTypes => w.method_types(),
        Layer::ResultContent => w.result_content(),
    };
    format!("{} {name}", layer.number())
}

pub fn kind(kind: Kind, lang: Lang) -> &'static str {
    let w = words::of(lang);
    match kind {
        Kind::Request => w.request(),
        Kind::Notification => w.notification(),
        Kind::Result => w.result_response(),
        Kind::Error => w.error_response(),
        Kind::Invalid => w.invalid_message(),
    }
}

/// The verdict's wire word with a few words on what it means.
pub fn verdict(verdict: Verdict, lang: Lang) -> String {
    let w = words::of(lang);
    let meaning = match verdict {
        Verdict::Reserved => w.reserved(),
        Verdict::TraceContext => w.trace_context(),
        Verdict::Custom => w.custom(),
        Verdict::Unprefixed => w.unprefixed(),
        Verdict::Invalid => w.invalid_key(),
    };
    w.verdict(verdict.name(), meaning)
}

/// One line saying what a parse step found.
pub fn finding(finding: &Finding, lang: Lang) -> String {
    let w = words::of(lang);
    match finding {
        Finding::Shape { kind, id } => shape(*kind, id.as_ref(), lang),
        Finding::Broken { meant: Some(meant) } => w.broken(self::kind(*meant, lang)),
        Finding::Broken { meant: None } => w.no_shape_found().into(),
        Finding::ErrorCode { code: Some(code) } => error_code(*code, lang),
        Finding::ErrorCode { code: None } => w.no_error_code().into(),
        Finding::Method { method, .. } => w.method_selects(method),
        Finding::UnknownMethod {
            kind: Kind::Request,
            method,
        } => w.unknown_request(method),
        Finding::UnknownMethod { method, .. } => w.unknown_notification(method),
        Finding::OtherKindsMethod {
            kind: Kind::Request,
            method,
            other,
        } => w.notification_method_with_id(method, other),
        Finding::OtherKindsMethod { method, other, .. } => {
            w.request_method_without_id(method, other)
        }
        Finding::InputRequestMethod { method, other } => w.input_request_method(method, other),
        Finding::Answers {
            method,
            known: true,
        } => w.answers_known(method),
        Finding::Answers {
            method,
            known: false,
        } => w.answers_unknown(method),
        Finding::AnswersNotGiven => w.answers_not_given().into(),
        Finding::ResultType { found } => result_type(found.as_ref(), lang),
        Finding::RequestMeta { keys, missing } if missing.is_empty() => {
            w.request_meta_complete(*keys)
        }
        Finding::RequestMeta { keys, missing } => w.request_meta_lacks(*keys, missing),
        Finding::Meta { keys } => w.meta_keys(*keys),
        Finding::MetaNotObject => w.meta_not_object().into(),
        Finding::Content { groups } if groups.is_empty() => w.client_answers_input().into(),
        Finding::Content { groups } => content(groups, lang),
    }
}

fn shape(kind: Kind, id: Option<&Value>, lang: Lang) -> String {
    let w = words::of(lang);
    let id_text = id.map(shown).unwrap_or_default();
    match (kind, id) {
        (Kind::Request, _) => w.shape_request(&id_text),
        (Kind::Notification, _) => w.shape_notification().into(),
        (Kind::Result, _) => w.shape_result(&id_text),
        (Kind::Error, Some(_)) => w.shape_error(&id_text),
        (Kind::Error, None) => w.shape_error_without_id().into(),
        (Kind::Invalid, _) => String::new(),
    }
}

fn error_code(code: i64, lang: Lang) -> String {
    let w = words::of(lang);
    let meaning = match code {
        -32700 => w.parse_error(),
        -32600 => w.invalid_request(),
        -32601 => w.method_not_found(),
        -32602 => w.invalid_params(),
        -32603 => w.internal_error(),
        -32020 => w.header_mismatch(),
        -32021 => w.missing_capability(),
        -32022 => w.unsupported_version(),
        _ => return w.error_code_unnamed(code),
    };
    w.error_code(code, meaning)
}

fn result_type(found: Option<&Value>, lang: Lang) -> String {
    let w = words::of(lang);
    match found {
        None => w.no_result_type().into(),
        Some(Value::String(v)) if v == "complete" => w.result_complete().into(),
        Some(Value::String(v)) if v == "input_required" => w.result_input_required().into(),
        Some(other) => w.result_type_other(&shown(other)),
    }
}

fn content(groups: &[ContentGroup], lang: Lang) -> String {
    let w = words::of(lang);
    let items: Vec<String> = groups
        .iter()
        .map(|g| {
            let name = g.type_name.unwrap_or(w.unknown_type());
            format!("{}: {name} ×{}", g.member, g.count)
        })
        .collect();
    items.join(w.list_separator())
}

/// One sentence saying what is wrong and which rule it breaks.
pub fn problem(problem: &Problem, lang: Lang) -> String {
    let w = words::of(lang);
    match problem {
        Problem::NotJson { reason } => w.text_not_json(reason),
        Problem::NotAnObject => w.message_not_object().into(),
        Problem::JsonrpcMissing => w.jsonrpc_missing().into(),
        Problem::JsonrpcWrong { found } => w.jsonrpc_wrong(&shown(found)),
        Problem::MethodNotString { found } => w.method_not_string(&shown(found)),
        Problem::MethodWithAnswer => w.method_with_answer().into(),
        Problem::RequestIdUnusable { found } => w.request_id_unusable(&shown(found)),
        Problem::ResultIdUnusable { found: None } => w.result_without_id().into(),
        Problem::ResultIdUnusable { found: Some(found) } => w.result_id_unusable(&shown(found)),
        Problem::ErrorIdUnusable { found } => w.error_id_unusable(&shown(found)),
        Problem::ResultAndError => w.both_result_and_error().into(),
        Problem::NoShape => w.no_shape().into(),
        Problem::ParamsNotObject { found } => w.params_not_object(&shown(found)),
        Problem::ResultNotObject { found } => w.result_not_object(&shown(found)),
        Problem::ErrorNotObject { found } => w.error_not_object(&shown(found)),
        Problem::ErrorCodeNotInteger { found } => {
            w.error_code_not_integer(found.as_ref().map(shown).as_deref())
        }
        Problem::ErrorMessageNotString { found } => {
            w.error_message_not_string(found.as_ref().map(shown).as_deref())
        }
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
