//! Scenario expectations in plain words. A learner never wrote the pattern
//! language (`$absent-or-null`, `{"$contains": …}`), so feedback never shows
//! it: each matcher and operator becomes a phrase in the learner's language,
//! and in a diff it stands in the JSON as `‹a non-empty string›`.

use crate::content::Lang;
use crate::content::pattern::JsonType;
use crate::content::text::tr;
use serde_json::{Map, Value};

/// Marks a phrase standing in for a pattern inside a JSON document, so that
/// the pretty-printed diff can show it unquoted (see [`unmark`]).
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

/// A pattern (variables already filled in) as a phrase: `a non-empty string`,
/// `one of: 1 (integer), "a" (string)`.
pub fn describe(pattern: &Value, lang: Lang) -> String {
    let word = |en: &str, zh: &str| tr(lang, en, zh).to_string();
    if let Some(text) = pattern.as_str() {
        return match text {
            "$any" => word("any value", "任意值"),
            "$absent" => word("no such member", "没有这个成员"),
            "$absent-or-null" => word("null, or no such member", "null，或没有这个成员"),
            "$string" => word("a string", "字符串"),
            "$nonempty" => word("a non-empty string", "非空字符串"),
            "$integer" => word("an integer", "整数"),
            "$number" => word("a number", "数字"),
            "$bool" => word("true or false", "true 或 false"),
            "$object" => word("an object", "对象"),
            "$array" => word("an array", "数组"),
            "$null" => word("null", "null"),
            _ => match text.strip_prefix("$$") {
                Some(literal) => typed(&Value::String(format!("${literal}")), lang),
                None => typed(pattern, lang),
            },
        };
    }
    if let Some((operator, argument)) = operator(pattern) {
        return describe_operator(operator, argument, lang);
    }
    match pattern {
        Value::Object(members) => {
            let parts: Vec<String> = members
                .iter()
                .map(|(key, p)| format!("`{key}`{} {}", tr(lang, ":", "："), describe(p, lang)))
                .collect();
            match lang {
                Lang::En => format!("an object with {{{}}}", parts.join(", ")),
                Lang::Zh => format!("对象 {{{}}}", parts.join("，")),
            }
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(|p| describe(p, lang)).collect();
            format!("[{}]", parts.join(", "))
        }
        _ => typed(pattern, lang),
    }
}

fn describe_operator(operator: &str, argument: &Value, lang: Lang) -> String {
    let list = |items: &Value, joiner_en: &str, joiner_zh: &str| {
        let mut parts: Vec<String> = Vec::new();
        for item in items.as_array().into_iter().flatten() {
            // `$one-of` lists built from earlier ids repeat themselves.
            let phrase = describe(item, lang);
            if !parts.contains(&phrase) {
                parts.push(phrase);
            }
        }
        parts.join(tr(lang, joiner_en, joiner_zh))
    };
    match (operator, lang) {
        ("$one-of", Lang::En) => format!("one of: {}", list(argument, ", or ", "")),
        ("$one-of", Lang::Zh) => format!("以下之一：{}", list(argument, "", "；或 ")),
        ("$all-of", Lang::En) => format!("all of: {}", list(argument, "; and ", "")),
        ("$all-of", Lang::Zh) => format!("同时满足：{}", list(argument, "", "；并且 ")),
        ("$contains", Lang::En) => {
            format!("an array that includes {}", list(argument, ", and ", ""))
        }
        ("$contains", Lang::Zh) => format!("包含 {} 的数组", list(argument, "", "、")),
        ("$each", Lang::En) => format!(
            "an array in which every element is {}",
            describe(argument, lang)
        ),
        ("$each", Lang::Zh) => format!("每个元素都是{}的数组", describe(argument, lang)),
        ("$not", Lang::En) => format!("anything but {}", describe(argument, lang)),
        ("$not", Lang::Zh) => format!("不能是{}", describe(argument, lang)),
        ("$numeric-text", Lang::En) => {
            format!("a string that reads as the number {argument}")
        }
        ("$numeric-text", Lang::Zh) => format!("读作数字 {argument} 的字符串"),
        ("$text-contains", Lang::En) => format!("a text containing the word {argument}"),
        ("$text-contains", Lang::Zh) => format!("包含单词 {argument} 的文本"),
        ("$single-entry", Lang::En) => format!(
            "an object with exactly one member, whose value is {}",
            describe(argument, lang)
        ),
        ("$single-entry", Lang::Zh) => {
            format!(
                "恰好只有一个成员、且其值为{}的对象",
                describe(argument, lang)
            )
        }
        ("$values", Lang::En) => format!(
            "an object whose members' values, taken as a list, are {}",
            describe(argument, lang)
        ),
        ("$values", Lang::Zh) => format!(
            "一个对象，把它各成员的值排成列表后是{}",
            describe(argument, lang)
        ),
        ("$at-least", Lang::En) => format!("a number no smaller than {argument}"),
        ("$at-least", Lang::Zh) => format!("不小于 {argument} 的数字"),
        ("$distinct", Lang::En) => match argument.as_str() {
            Some("") | None => "an array in which no element appears twice".into(),
            Some(pointer) => format!(
                "an array in which no two elements have the same `{}`",
                pointer.trim_start_matches('/').replace('/', ".")
            ),
        },
        ("$distinct", Lang::Zh) => match argument.as_str() {
            Some("") | None => "没有重复元素的数组".into(),
            Some(pointer) => format!(
                "任意两个元素的 `{}` 都不相同的数组",
                pointer.trim_start_matches('/').replace('/', ".")
            ),
        },
        // An operator this renderer does not know yet: say so plainly rather
        // than print the pattern language.
        (_, Lang::En) => "a value of a particular form (see the rule below)".into(),
        (_, Lang::Zh) => "某种特定形式的值（见下方规则）".into(),
    }
}

/// `{"$not": p}` as `("$not", p)`.
fn operator(pattern: &Value) -> Option<(&str, &Value)> {
    let members = pattern.as_object()?;
    if members.len() != 1 {
        return None;
    }
    let (key, argument) = members.iter().next()?;
    key.starts_with('$').then_some((key.as_str(), argument))
}

/// A value with its JSON type in words: `7 (integer)`, `7（整数）`.
pub fn typed(value: &Value, lang: Lang) -> String {
    let kind = match (JsonType::of(value), lang) {
        // `null` names its own type: "null (null)" says nothing more.
        (JsonType::Null, _) => return "null".into(),
        (kind, Lang::En) => kind.name(),
        (JsonType::String, Lang::Zh) => "字符串",
        (JsonType::Integer, Lang::Zh) => "整数",
        (JsonType::Number, Lang::Zh) => "数字",
        (JsonType::Bool, Lang::Zh) => "布尔值",
        (JsonType::Object, Lang::Zh) => "对象",
        (JsonType::Array, Lang::Zh) => "数组",
    };
    let value = super::style::clip(&value.to_string(), 60);
    match lang {
        Lang::En => format!("{value} ({kind})"),
        Lang::Zh => format!("{value}（{kind}）"),
    }
}

/// A JSON document with every pattern in it replaced by its phrase, marked
/// so that [`unmark`] can show it unquoted once printed. Literal values stay
/// as they are, so a diff against a projected response lines up.
pub fn in_words(pattern: &Value, lang: Lang) -> Value {
    match pattern {
        Value::String(text) if text.starts_with('$') => {
            if let Some(literal) = text.strip_prefix("$$") {
                Value::String(format!("${literal}"))
            } else {
                marked(describe(pattern, lang))
            }
        }
        Value::Object(_) if operator(pattern).is_some() => marked(describe(pattern, lang)),
        Value::Object(members) => Value::Object(
            members
                .iter()
                .map(|(k, v)| (k.clone(), in_words(v, lang)))
                .collect::<Map<String, Value>>(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| in_words(v, lang)).collect()),
        other => other.clone(),
    }
}

fn marked(phrase: String) -> Value {
    Value::String(format!("{OPEN}{phrase}{CLOSE}"))
}

/// A stand-in for a value, shown unquoted as `‹text›` once printed and
/// passed through [`unmark`].
pub fn placeholder(text: &str) -> Value {
    marked(text.to_string())
}

/// Printed JSON with each marked phrase shown as `‹phrase›`, unquoted and
/// unescaped: `"type": ‹null, or no such member›`.
pub fn unmark(printed: &str) -> String {
    let mut out = String::with_capacity(printed.len());
    let mut rest = printed;
    while let Some(start) = rest.find(&format!("\"{OPEN}")) {
        let Some(end) = rest[start..].find(&format!("{CLOSE}\"")) else {
            break;
        };
        let end = start + end + CLOSE.len_utf8() + 1;
        out.push_str(&rest[..start]);
        let quoted = &rest[start..end];
        let phrase = serde_json::from_str::<String>(quoted).unwrap_or_else(|_| quoted.into());
        out.push('‹');
        out.push_str(phrase.trim_start_matches(OPEN).trim_end_matches(CLOSE));
        out.push('›');
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every matcher and operator the pattern language has (see
    /// content/pattern.rs), in both languages: no `$` left, no phrase empty.
    #[test]
    fn no_pattern_syntax_survives_in_either_language() {
        let patterns = [
            json!("$any"),
            json!("$absent"),
            json!("$absent-or-null"),
            json!("$string"),
            json!("$nonempty"),
            json!("$integer"),
            json!("$number"),
            json!("$bool"),
            json!("$object"),
            json!("$array"),
            json!("$null"),
            json!({"$one-of": ["$absent-or-null", 1, 2]}),
            json!({"$contains": ["2026-07-28"]}),
            json!({"$each": {"text": {"$not": {"$text-contains": "Niklaus"}}}}),
            json!({"$not": {"$one-of": ["$absent-or-null", 1, 2]}}),
            json!({"$numeric-text": 5}),
            json!({"$single-entry": "$object"}),
            json!({"$values": {"$each": {"method": {"$not": "roots/list"}}}}),
            json!({"$all-of": ["$string", {"$text-contains": "Ada"}]}),
            json!({"$at-least": 0}),
            json!({"$distinct": "/name"}),
            json!({"$distinct": ""}),
            json!({"supported": {"$contains": ["2026-07-28"]}, "name": "$nonempty"}),
        ];
        for lang in [Lang::En, Lang::Zh] {
            for pattern in &patterns {
                let words = describe(pattern, lang);
                assert!(!words.contains('$'), "{pattern} -> {words}");
                assert!(!words.trim().is_empty());
                let printed =
                    unmark(&serde_json::to_string_pretty(&in_words(pattern, lang)).unwrap());
                assert!(!printed.contains('$'), "{pattern} -> {printed}");
                assert!(!printed.contains(OPEN) && !printed.contains(CLOSE));
            }
        }
    }

    #[test]
    fn phrases_say_what_the_pattern_means() {
        assert_eq!(
            describe(
                &json!({"$not": {"$one-of": ["$absent-or-null", 1, 2]}}),
                Lang::En
            ),
            "anything but one of: null, or no such member, or 1 (integer), or 2 (integer)"
        );
        assert_eq!(
            describe(&json!({"$contains": ["2026-07-28"]}), Lang::Zh),
            "包含 \"2026-07-28\"（字符串） 的数组"
        );
        assert_eq!(describe(&json!("$$ref"), Lang::En), "\"$ref\" (string)");
    }

    #[test]
    fn a_diff_shows_phrases_unquoted_and_literals_as_json() {
        let pattern = json!({"id": 7, "result": {"type": "$absent-or-null", "note": "say \"hi\""}});
        let printed = unmark(&serde_json::to_string_pretty(&in_words(&pattern, Lang::En)).unwrap());
        assert!(
            printed.contains("\"type\": ‹null, or no such member›"),
            "{printed}"
        );
        assert!(
            printed.contains("\"note\": \"say \\\"hi\\\"\""),
            "{printed}"
        );
        assert!(printed.contains("\"id\": 7"), "{printed}");
    }
}
