//! Scenario expectations in plain words. A learner never wrote the pattern
//! language (`$absent-or-null`, `{"$contains": …}`), so feedback never shows
//! it: each matcher and operator becomes a phrase in the learner's language,
//! and in a diff it stands in the JSON as `‹a non-empty string›`.

use crate::content::Lang;
use crate::content::pattern::JsonType;
use crate::words;
use serde_json::{Map, Value};

/// Marks a phrase standing in for a pattern inside a JSON document, so that
/// the pretty-printed diff can show it unquoted (see [`unmark`]).
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';
/// Marks a number's own text, as the program wrote it (`3e5`), standing in
/// for the number inside a JSON document; [`unmark`] prints it bare.
const WRITTEN_OPEN: char = '\u{E002}';
const WRITTEN_CLOSE: char = '\u{E003}';

/// A pattern (variables already filled in) as a phrase: `a non-empty string`,
/// `one of: 1 (integer), "a" (string)`.
pub fn describe(pattern: &Value, lang: Lang) -> String {
    let w = words::of(lang);
    if let Some(text) = pattern.as_str() {
        let word = match text {
            "$any" => Some(w.any_value()),
            "$absent" => Some(w.no_such_member()),
            "$absent-or-null" => Some(w.null_or_absent()),
            "$string" => Some(w.a_string()),
            "$nonempty" => Some(w.a_nonempty_string()),
            "$integer" => Some(w.an_integer()),
            "$number" => Some(w.a_number()),
            "$bool" => Some(w.a_bool()),
            "$object" => Some(w.an_object()),
            "$array" => Some(w.an_array()),
            "$null" => Some(w.the_null()),
            _ => None,
        };
        return match word {
            Some(word) => word.to_string(),
            None => match text.strip_prefix("$$") {
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
                .map(|(key, p)| format!("`{key}`{} {}", w.member_colon(), describe(p, lang)))
                .collect();
            w.object_with(&parts)
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(|p| describe(p, lang)).collect();
            format!("[{}]", parts.join(", "))
        }
        _ => typed(pattern, lang),
    }
}

/// The phrases of a list of patterns, each once (`$one-of` lists built from
/// earlier ids repeat themselves), joined by the language's joiner.
fn listed(items: &Value, lang: Lang, joiner: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    for item in items.as_array().into_iter().flatten() {
        let phrase = describe(item, lang);
        if !parts.contains(&phrase) {
            parts.push(phrase);
        }
    }
    parts.join(joiner)
}

fn describe_operator(operator: &str, argument: &Value, lang: Lang) -> String {
    let w = words::of(lang);
    if operator == "$one-of"
        && let Some(phrase) = only_when(argument, lang)
    {
        return phrase;
    }
    let phrase = || describe(argument, lang);
    match operator {
        "$one-of" => w.one_of(&listed(argument, lang, w.or_joiner())),
        "$all-of" => w.all_of(&listed(argument, lang, w.and_joiner())),
        "$contains" => w.includes(&listed(argument, lang, w.includes_joiner())),
        "$each" => w.each_element(&phrase()),
        "$not" => w.anything_but(&phrase()),
        "$numeric-text" => w.numeric_text(&argument.to_string()),
        "$text-contains" => w.text_contains(&argument.to_string()),
        "$single-entry" => w.single_entry(&phrase()),
        "$values" => w.values_are(&phrase()),
        "$at-least" => w.at_least(&bound(argument)),
        "$distinct" => match argument.as_str() {
            Some("") | None => w.distinct().into(),
            Some(pointer) => w.distinct_by(&pointer.trim_start_matches('/').replace('/', ".")),
        },
        // An operator this renderer does not know yet: say so plainly rather
        // than print the pattern language.
        _ => w.unknown_operator().into(),
    }
}

/// A `$one-of` that holds only for values of one kind (see [`unless`]):
/// "a number no smaller than 0 (when it is a number at all)".
fn only_when(alternatives: &Value, lang: Lang) -> Option<String> {
    let (excluded, rest) = unless(alternatives)?;
    let w = words::of(lang);
    Some(w.only_when(
        &listed(&rest, lang, w.or_joiner()),
        &describe(excluded, lang),
    ))
}

/// `[{"$not": x}, rest...]` (in any order) as `(x, rest)`: a rule that
/// holds only for values of one kind (`ttlMs`, when it is a number, is no
/// smaller than 0; its type is another rule's business). "Anything but a
/// number, or ..." would read as if any string were right.
fn unless(alternatives: &Value) -> Option<(&Value, Value)> {
    let items = alternatives.as_array()?;
    let mut nots = items
        .iter()
        .filter_map(|item| operator(item).filter(|(op, _)| *op == "$not"));
    let (_, excluded) = nots.next()?;
    if nots.next().is_some() {
        return None;
    }
    let rest: Vec<Value> = items
        .iter()
        .filter(|item| operator(item).is_none_or(|(op, _)| op != "$not"))
        .cloned()
        .collect();
    (!rest.is_empty()).then_some((excluded, Value::Array(rest)))
}

/// A bound as a person writes it: `0`, not the `0.0` a float prints.
fn bound(argument: &Value) -> String {
    match argument.as_f64() {
        Some(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("{}", n as i64),
        _ => argument.to_string(),
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

/// A value with its JSON type in words: `7 (integer)`, `7（整数）`; a
/// number as the program wrote it (see [`written`]) keeps its text.
pub fn typed(value: &Value, lang: Lang) -> String {
    let (value, text) = match written_text(value).map(|text| (text, serde_json::from_str(text))) {
        Some((text, Ok(number))) => (number, Some(text.to_string())),
        _ => (value.clone(), None),
    };
    let kind = match JsonType::of(&value) {
        // `null` names its own type: "null (null)" says nothing more.
        JsonType::Null => return "null".into(),
        kind => words::of(lang).type_name(kind),
    };
    let value = super::style::clip(&text.unwrap_or_else(|| unmark(&value.to_string())), 60);
    words::of(lang).typed(&value, kind)
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

/// A number's own text as the program wrote it (`3e5`, which JSON reads
/// as 300000.0), to stand in for the number in a JSON document: printed
/// and passed through [`unmark`], it shows bare, as written.
pub fn written(text: &str) -> Value {
    Value::String(format!("{WRITTEN_OPEN}{text}{WRITTEN_CLOSE}"))
}

/// The text a [`written`] stand-in holds.
pub fn written_text(value: &Value) -> Option<&str> {
    value
        .as_str()?
        .strip_prefix(WRITTEN_OPEN)?
        .strip_suffix(WRITTEN_CLOSE)
}

/// Printed JSON with each marked phrase shown as `‹phrase›`, unquoted and
/// unescaped (`"type": ‹null, or no such member›`), and each number as the
/// program wrote it bare (`"ttlMs": 3e5`).
pub fn unmark(printed: &str) -> String {
    let mut out = String::with_capacity(printed.len());
    let mut rest = printed;
    loop {
        let phrase = rest.find(&format!("\"{OPEN}"));
        let number = rest.find(&format!("\"{WRITTEN_OPEN}"));
        let (start, close, around) = match (phrase, number) {
            (Some(p), Some(n)) if n < p => (n, WRITTEN_CLOSE, ("", "")),
            (Some(p), _) => (p, CLOSE, ("‹", "›")),
            (None, Some(n)) => (n, WRITTEN_CLOSE, ("", "")),
            (None, None) => break,
        };
        let Some(end) = rest[start..].find(&format!("{close}\"")) else {
            break;
        };
        let end = start + end + close.len_utf8() + 1;
        out.push_str(&rest[..start]);
        let quoted = &rest[start..end];
        let inner = serde_json::from_str::<String>(quoted).unwrap_or_else(|_| quoted.into());
        out.push_str(around.0);
        out.push_str(
            inner
                .trim_start_matches([OPEN, WRITTEN_OPEN])
                .trim_end_matches([CLOSE, WRITTEN_CLOSE]),
        );
        out.push_str(around.1);
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

    /// `ttlMs`, when it is a number, is no smaller than 0 (issue 26, item 8):
    /// not "anything but a number, or ...", as if a string were right, and
    /// the bound as written, `0`, though the pattern holds it as a float.
    #[test]
    fn a_rule_for_one_kind_of_value_says_so() {
        let pattern = json!({"$one-of": [{"$not": "$number"}, {"$at-least": 0.0}]});
        assert_eq!(
            describe(&pattern, Lang::En),
            "a number no smaller than 0 (when it is a number at all)"
        );
        assert_eq!(
            describe(&pattern, Lang::Zh),
            "不小于 0 的数字（只要它是数字）"
        );
        assert_eq!(
            describe(&json!({"$at-least": 2.5}), Lang::En),
            "a number no smaller than 2.5"
        );
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
