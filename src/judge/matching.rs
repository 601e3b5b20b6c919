//! Matching a response against a pattern, by meaning.

use crate::content::numbers::{at_least, same_value};
use crate::content::pattern::Pattern;
use crate::content::template::Bindings;
use serde_json::Value;

/// One place where a response differs from what was expected.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// Where, e.g. `error.code` or `result._meta["io.modelcontextprotocol/serverInfo"]`.
    pub path: String,
    /// The pattern at that place, as written (variables filled in).
    pub expected: Value,
    /// What was there; `None` when the member was missing.
    pub got: Option<Value>,
}

/// All mismatches between `value` and `pattern` (empty when it matches).
pub fn mismatches(pattern: &Pattern, value: &Value, bindings: &Bindings) -> Vec<Mismatch> {
    let mut out = Vec::new();
    check(pattern, Some(value), bindings, &mut String::new(), &mut out);
    out
}

pub fn matches(pattern: &Pattern, value: Option<&Value>, bindings: &Bindings) -> bool {
    let mut out = Vec::new();
    check(pattern, value, bindings, &mut String::new(), &mut out);
    out.is_empty()
}

/// Whether `value` matches `pattern` (the scripted server's test of which
/// step a client's message meets).
pub fn fits(pattern: &Pattern, value: &Value, bindings: &Bindings) -> bool {
    matches(pattern, Some(value), bindings)
}

/// The pattern with its variables replaced by their values.
pub fn resolve(pattern: &Pattern, bindings: &Bindings) -> Pattern {
    match pattern {
        Pattern::Var(name) => bindings
            .get(name)
            .map_or_else(|| pattern.clone(), |v| Pattern::Exact(v.clone())),
        Pattern::Object(members) => Pattern::Object(
            members
                .iter()
                .map(|(k, p)| {
                    // A key may be a variable too: an input-request key the server chose.
                    let key =
                        match crate::content::template::var_name(k).and_then(|n| bindings.get(n)) {
                            Some(Value::String(bound)) => bound.clone(),
                            _ => k.clone(),
                        };
                    (key, resolve(p, bindings))
                })
                .collect(),
        ),
        Pattern::Array(items) => {
            Pattern::Array(items.iter().map(|p| resolve(p, bindings)).collect())
        }
        Pattern::OneOf(items) => {
            Pattern::OneOf(items.iter().map(|p| resolve(p, bindings)).collect())
        }
        Pattern::AllOf(items) => {
            Pattern::AllOf(items.iter().map(|p| resolve(p, bindings)).collect())
        }
        Pattern::Contains(items) => {
            Pattern::Contains(items.iter().map(|p| resolve(p, bindings)).collect())
        }
        Pattern::Each(inner) => Pattern::Each(Box::new(resolve(inner, bindings))),
        Pattern::Not(inner) => Pattern::Not(Box::new(resolve(inner, bindings))),
        Pattern::SingleEntry(inner) => Pattern::SingleEntry(Box::new(resolve(inner, bindings))),
        Pattern::Values(inner) => Pattern::Values(Box::new(resolve(inner, bindings))),
        Pattern::TextContains(text) => {
            match crate::content::template::var_name(text).and_then(|n| bindings.get(n)) {
                Some(Value::String(bound)) => Pattern::TextContains(bound.clone()),
                Some(other) => Pattern::TextContains(other.to_string()),
                None => pattern.clone(),
            }
        }
        Pattern::NumericText(Value::String(text)) => {
            match crate::content::template::var_name(text).and_then(|n| bindings.get(n)) {
                Some(bound @ Value::Number(_)) => Pattern::NumericText(bound.clone()),
                _ => pattern.clone(),
            }
        }
        other => other.clone(),
    }
}

#[allow(
    clippy::too_many_lines,
    reason = "one match over the pattern kinds against a value; the arms read best side by side"
)]
fn check(
    pattern: &Pattern,
    value: Option<&Value>,
    bindings: &Bindings,
    path: &mut String,
    out: &mut Vec<Mismatch>,
) {
    let fail = |out: &mut Vec<Mismatch>| {
        out.push(Mismatch {
            path: if path.is_empty() {
                "(the whole message)".into()
            } else {
                path.clone()
            },
            expected: resolve(pattern, bindings).to_json(),
            got: value.cloned(),
        })
    };
    match (pattern, value) {
        (Pattern::Absent, None) | (Pattern::AbsentOrNull, None | Some(Value::Null)) => {}
        (Pattern::Absent | Pattern::AbsentOrNull, Some(_)) => fail(out),
        // These two can be satisfied by a missing member.
        (Pattern::OneOf(options), _) => {
            if !options.iter().any(|p| matches(p, value, bindings)) {
                fail(out)
            }
        }
        // Each part reports its own mismatches, so feedback names the one that failed.
        (Pattern::AllOf(parts), _) => {
            for part in parts {
                check(part, value, bindings, path, out);
            }
        }
        (Pattern::Not(inner), _) => {
            if matches(inner, value, bindings) {
                fail(out)
            }
        }
        (_, None) => fail(out),
        (Pattern::Any, Some(_)) => {}
        // Numbers by value (`numbers`): 7.0 is 7, and "7" is not.
        (Pattern::Exact(expected), Some(v)) => {
            if !same_value(v, expected) {
                fail(out)
            }
        }
        (Pattern::Var(name), Some(v)) => {
            if !bindings.get(name).is_some_and(|bound| same_value(v, bound)) {
                fail(out)
            }
        }
        (Pattern::Type(t), Some(v)) => {
            if !t.accepts(v) {
                fail(out)
            }
        }
        (Pattern::NonEmptyString, Some(v)) => {
            if v.as_str().is_none_or(|s| s.trim().is_empty()) {
                fail(out)
            }
        }
        (Pattern::Object(members), Some(Value::Object(actual))) => {
            for (key, sub) in members {
                let len = path.len();
                push_key(path, key);
                check(sub, actual.get(key), bindings, path, out);
                path.truncate(len);
            }
        }
        (Pattern::Array(items), Some(Value::Array(actual))) if items.len() == actual.len() => {
            for (i, (sub, v)) in items.iter().zip(actual).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                check(sub, Some(v), bindings, path, out);
                path.truncate(len);
            }
        }
        (Pattern::Contains(wanted), Some(Value::Array(actual))) => {
            let mut used = vec![false; actual.len()];
            let all = wanted.iter().all(|p| {
                let found = actual
                    .iter()
                    .enumerate()
                    .position(|(i, v)| !used[i] && matches(p, Some(v), bindings));
                found.map(|i| used[i] = true).is_some()
            });
            if !all {
                fail(out)
            }
        }
        (Pattern::Each(inner), Some(Value::Array(actual))) => {
            for (i, v) in actual.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                check(inner, Some(v), bindings, path, out);
                path.truncate(len);
            }
        }
        (Pattern::NumericText(n), Some(Value::String(text))) => {
            let wanted = match n {
                Value::String(name) => crate::content::template::var_name(name)
                    .and_then(|name| bindings.get(name))
                    .and_then(Value::as_f64),
                other => other.as_f64(),
            };
            let same = wanted.is_some_and(|n| {
                text.trim()
                    .parse::<f64>()
                    .is_ok_and(|x| (x - n).abs() <= 1e-9 * n.abs().max(1.0))
            });
            if !same {
                fail(out)
            }
        }
        (Pattern::TextContains(needle), Some(Value::String(text))) => {
            let needle =
                match crate::content::template::var_name(needle).and_then(|n| bindings.get(n)) {
                    Some(Value::String(bound)) => bound.clone(),
                    Some(other) => other.to_string(),
                    None => needle.clone(),
                };
            if !contains_word(text, &needle) {
                fail(out)
            }
        }
        (Pattern::AtLeast(bound), Some(Value::Number(n))) => {
            if !at_least(n, bound) {
                fail(out)
            }
        }
        (Pattern::SingleEntry(inner), Some(Value::Object(actual))) if actual.len() == 1 => {
            if let Some((key, v)) = actual.iter().next() {
                let len = path.len();
                push_key(path, key);
                check(inner, Some(v), bindings, path, out);
                path.truncate(len);
            }
        }
        (Pattern::Values(inner), Some(Value::Object(actual))) => {
            let values = Value::Array(actual.values().cloned().collect());
            if !matches(inner, Some(&values), bindings) {
                fail(out)
            }
        }
        (Pattern::Distinct(pointer), Some(Value::Array(actual))) => {
            let keys: Vec<&Value> = actual.iter().filter_map(|v| v.pointer(pointer)).collect();
            let repeated = keys
                .iter()
                .enumerate()
                .any(|(i, key)| keys[..i].iter().any(|earlier| same_value(earlier, key)));
            if repeated {
                fail(out)
            }
        }
        _ => fail(out),
    }
}

fn push_key(path: &mut String, key: &str) {
    let plain = !key.is_empty()
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !key.starts_with(|c: char| c.is_ascii_digit());
    if plain {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push_str(&format!("[{}]", Value::String(key.to_string())));
    }
}

/// Where else in `value` a member named like the last key of `missing`
/// (a mismatch path) is, written as mismatch paths are: a key put in the
/// wrong place (`result["io.modelcontextprotocol/serverInfo"]` instead of
/// `result._meta[...]`) is then reported as misplaced, not just missing.
///
/// A member missing outside `_meta` is not looked for inside it: what is
/// there (`clientInfo.name`) is metadata, never a method's own member
/// (`params.name`) put in the wrong place.
pub fn found_elsewhere(value: &Value, missing: &str) -> Vec<String> {
    let Some(key) = last_key(missing) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut path = String::new();
    let search = Search {
        key: &key,
        skip_meta: !missing.contains("_meta"),
    };
    find_key(value, &search, &mut path, &mut found);
    found.retain(|p| p != missing);
    found
}

/// What `find_key` looks for, and where not.
struct Search<'a> {
    key: &'a str,
    skip_meta: bool,
}

/// The path of member `key` below `path`, written as mismatch paths are.
pub fn child_path(path: &str, key: &str) -> String {
    let mut child = path.to_string();
    push_key(&mut child, key);
    child
}

/// The member name a mismatch path ends with: `code` in `error.code`,
/// `a/b` in `result._meta["a/b"]`; `None` after an array index.
fn last_key(path: &str) -> Option<String> {
    if let Some(open) = path.strip_suffix(']').and_then(|p| p.rfind('[')) {
        return serde_json::from_str::<String>(&path[open + 1..path.len() - 1]).ok();
    }
    let key = path.rsplit('.').next()?;
    (!key.is_empty() && !key.contains(' ')).then(|| key.to_string())
}

fn find_key(value: &Value, search: &Search, path: &mut String, found: &mut Vec<String>) {
    match value {
        Value::Object(members) => {
            for (k, v) in members {
                if search.skip_meta && k == "_meta" {
                    continue;
                }
                let len = path.len();
                push_key(path, k);
                if k == search.key {
                    found.push(path.clone());
                }
                find_key(v, search, path, found);
                path.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                find_key(v, search, path, found);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// Whether `needle` occurs in `text` as a word of its own, ignoring case:
/// "Lin" is in "Hello, Lin!" but not in "declined".
fn contains_word(text: &str, needle: &str) -> bool {
    let text = text.to_lowercase();
    let needle = needle.to_lowercase();
    if needle.is_empty() {
        return false;
    }
    let is_word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(&needle).any(|(at, _)| {
        !is_word(text[..at].chars().next_back())
            && !is_word(text[at + needle.len()..].chars().next())
    })
}

/// `got` reshaped like the pattern: members the pattern does not mention are
/// dropped and parts that matched are shown as the pattern wrote them, so a
/// line diff of pattern against this shows only what is really wrong.
pub fn project(pattern: &Pattern, got: &Value, bindings: &Bindings) -> Value {
    if matches(pattern, Some(got), bindings) {
        return resolve(pattern, bindings).to_json();
    }
    match (pattern, got) {
        (Pattern::Object(members), Value::Object(actual)) => Value::Object(
            members
                .iter()
                .filter_map(|(k, p)| actual.get(k).map(|v| (k.clone(), project(p, v, bindings))))
                .collect(),
        ),
        (Pattern::Array(items), Value::Array(actual)) if items.len() == actual.len() => {
            Value::Array(
                items
                    .iter()
                    .zip(actual)
                    .map(|(p, v)| project(p, v, bindings))
                    .collect(),
            )
        }
        _ => got.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pattern(doc: Value) -> Pattern {
        Pattern::parse(&doc).unwrap()
    }

    #[test]
    fn a_key_in_the_wrong_place_is_found_where_it_is() {
        let got =
            json!({"result": {"io.modelcontextprotocol/serverInfo": {"name": "s"}, "_meta": {}}});
        assert_eq!(
            found_elsewhere(
                &got,
                r#"result._meta["io.modelcontextprotocol/serverInfo"]"#
            ),
            vec![r#"result["io.modelcontextprotocol/serverInfo"]"#.to_string()]
        );
        assert_eq!(
            found_elsewhere(&json!({"error": {"data": {"code": 1}}}), "error.code"),
            vec!["error.data.code".to_string()]
        );
        assert!(found_elsewhere(&json!({"id": 1}), "error.code").is_empty());
        assert!(found_elsewhere(&json!({"a": [1]}), "result[0]").is_empty());
        // A client's name in its _meta is not a tool name put in the wrong place.
        let request =
            json!({"params": {"_meta": {"io.modelcontextprotocol/clientInfo": {"name": "c"}}}});
        assert!(found_elsewhere(&request, "params.name").is_empty());
    }

    #[test]
    fn key_order_wording_and_extra_members_do_not_matter() {
        let p = pattern(json!({"id": 7, "error": {"code": -32601, "message": "$string"}}));
        let got = json!({"error": {"data": {"x": 1}, "message": "no such method", "code": -32601}, "id": 7, "jsonrpc": "2.0"});
        assert!(mismatches(&p, &got, &Bindings::new()).is_empty());
    }

    #[test]
    fn id_type_is_part_of_the_meaning() {
        let p = pattern(json!({"id": 7}));
        let m = mismatches(&p, &json!({"id": "7"}), &Bindings::new());
        assert_eq!(
            m,
            vec![Mismatch {
                path: "id".into(),
                expected: json!(7),
                got: Some(json!("7"))
            }]
        );
        // The same number written with a zero fraction is the same id (JSON
        // Schema's equality); through a float beyond 2^53 it is not.
        assert!(mismatches(&p, &json!({"id": 7.0}), &Bindings::new()).is_empty());
        let big = Bindings::from([("id".to_string(), json!(9_007_199_254_740_993_u64))]);
        let p = pattern(json!({"id": "${id}"}));
        let through_float: Value = serde_json::from_str(r#"{"id": 9007199254740993.0}"#).unwrap();
        assert_eq!(mismatches(&p, &through_float, &big).len(), 1);
        assert!(mismatches(&p, &json!({"id": 9_007_199_254_740_993_u64}), &big).is_empty());
        assert_eq!(
            mismatches(&p, &json!({"id": "9007199254740993"}), &big).len(),
            1
        );
    }

    #[test]
    fn whole_numbers_pass_as_integers_however_written() {
        let read = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        let p =
            pattern(json!({"ttlMs": {"$all-of": ["$integer", {"$at-least": 0}]}, "code": -32602}));
        for text in [
            r#"{"ttlMs": 300000, "code": -32602}"#,
            r#"{"ttlMs": 300000.0, "code": -32602.0}"#,
            r#"{"ttlMs": 3e5, "code": -3.2602e4}"#,
            r#"{"ttlMs": 0.0, "code": -32602}"#,
        ] {
            assert!(
                mismatches(&p, &read(text), &Bindings::new()).is_empty(),
                "{text}"
            );
        }
        for text in [
            r#"{"ttlMs": 1.5, "code": -32602}"#,
            r#"{"ttlMs": "300000", "code": -32602}"#,
            r#"{"ttlMs": -3e5, "code": -32602}"#,
            r#"{"ttlMs": 300000, "code": -32602.5}"#,
        ] {
            assert!(
                !mismatches(&p, &read(text), &Bindings::new()).is_empty(),
                "{text}"
            );
        }
        let distinct = pattern(json!({"$distinct": "/id"}));
        assert!(!matches(
            &distinct,
            Some(&read(r#"[{"id": 1}, {"id": 1.0}]"#)),
            &Bindings::new()
        ));
        assert!(matches(
            &distinct,
            Some(&read(r#"[{"id": 1}, {"id": "1"}]"#)),
            &Bindings::new()
        ));
    }

    #[test]
    fn absent_or_null_and_paths_with_odd_keys() {
        let p = pattern(
            json!({"id": "$absent-or-null", "result": {"_meta": {"io.modelcontextprotocol/serverInfo": "$object"}}}),
        );
        assert!(matches(
            &p,
            Some(&json!({"result": {"_meta": {"io.modelcontextprotocol/serverInfo": {}}}})),
            &Bindings::new()
        ));
        let m = mismatches(
            &p,
            &json!({"id": 3, "result": {"_meta": {}}}),
            &Bindings::new(),
        );
        let paths: Vec<_> = m.iter().map(|m| m.path.as_str()).collect();
        assert_eq!(
            paths,
            ["id", "result._meta[\"io.modelcontextprotocol/serverInfo\"]"]
        );
    }

    #[test]
    fn values_match_the_members_of_an_object_whatever_their_keys() {
        let b = Bindings::new();
        let asks = json!({"x": {"method": "roots/list"}, "y": {"method": "elicitation/create"}});
        let all = pattern(
            json!({"$values": {"$contains": [{"method": "elicitation/create"}, {"method": "roots/list"}]}}),
        );
        assert!(matches(&all, Some(&asks), &b));
        let none = pattern(json!({"$values": {"$each": {"method": {"$not": "roots/list"}}}}));
        assert!(!matches(&none, Some(&asks), &b));
        assert!(matches(&none, Some(&json!({})), &b));
        assert!(!matches(&none, Some(&json!([])), &b));
        let both = pattern(
            json!({"$all-of": [{"$values": {"$contains": [{"method": "roots/list"}]}}, {"$values": {"$each": {"method": {"$not": "tools/call"}}}}]}),
        );
        assert!(matches(&both, Some(&asks), &b));
        assert!(!matches(
            &both,
            Some(&json!({"z": {"method": "tools/call"}, "x": {"method": "roots/list"}})),
            &b
        ));
        assert!(!matches(&both, None, &b));
        assert_eq!(Pattern::parse(&all.to_json()).map(|p| p == all), Ok(true));
    }

    #[test]
    fn operators() {
        let b = Bindings::from([("name".to_string(), json!("Ada"))]);
        let p = pattern(
            json!({"content": {"$contains": [{"type": "text", "text": {"$numeric-text": 5}}]}}),
        );
        assert!(matches(
            &p,
            Some(&json!({"content": [{"type": "image"}, {"type": "text", "text": "5.0"}]})),
            &b
        ));
        assert!(!matches(
            &p,
            Some(&json!({"content": [{"type": "text", "text": "6"}]})),
            &b
        ));
        let p = pattern(json!({"$text-contains": "ada"}));
        assert!(matches(&p, Some(&json!("Hello, Ada!")), &b));
        let p = pattern(json!({"$text-contains": "Lin"}));
        assert!(
            !matches(&p, Some(&json!("The user declined.")), &b),
            "not inside a longer word"
        );
        assert!(matches(&p, Some(&json!("Hi Lin")), &b));
        let p = pattern(json!({"$at-least": 0}));
        assert!(matches(&p, Some(&json!(0)), &b) && matches(&p, Some(&json!(60000)), &b));
        assert!(!matches(&p, Some(&json!(-1)), &b) && !matches(&p, Some(&json!("5")), &b));
        let p = pattern(json!({"$distinct": "/name"}));
        let names =
            |names: &[&str]| json!(names.iter().map(|n| json!({"name": n})).collect::<Vec<_>>());
        assert!(matches(&p, Some(&names(&["add", "subtract", "power"])), &b));
        assert!(!matches(&p, Some(&names(&["add", "subtract", "add"])), &b));
        assert!(
            matches(&p, Some(&json!([{"name": "add"}, {}, {}])), &b),
            "only present values are compared"
        );
        assert!(
            !matches(&p, Some(&json!({"name": "add"})), &b),
            "an array, not an object"
        );
        let p = pattern(json!({"$distinct": ""}));
        assert!(
            !matches(&p, Some(&json!([1, 2, 1])), &b) && matches(&p, Some(&json!([1, "1"])), &b)
        );
        let p = pattern(json!({"$not": {"$text-contains": "${name}"}}));
        assert!(!matches(&resolve(&p, &b), Some(&json!("Hi Ada")), &b));
        let p = pattern(json!({"$single-entry": {"method": "elicitation/create"}}));
        assert!(matches(
            &p,
            Some(&json!({"k": {"method": "elicitation/create"}})),
            &b
        ));
        assert!(!matches(&p, Some(&json!({"a": {}, "b": {}})), &b));
        let p = pattern(json!({"x": {"$one-of": ["$absent", false]}}));
        assert!(matches(&p, Some(&json!({})), &b));
        assert!(matches(&p, Some(&json!({"x": false})), &b));
        assert!(!matches(&p, Some(&json!({"x": true})), &b));
    }

    #[test]
    fn projection_hides_what_matched() {
        let p = pattern(json!({"id": 7, "result": "$object"}));
        let got = json!({"jsonrpc": "2.0", "id": "7", "result": {"a": 1}});
        assert_eq!(
            project(&p, &got, &Bindings::new()),
            json!({"id": "7", "result": "$object"})
        );
    }
}
