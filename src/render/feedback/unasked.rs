//! The got side of a diff is the response reshaped like the pattern: the
//! members the pattern never mentions are left out, since any may be there.
//! Beside a member the pattern wants and the response lacks, though, they
//! are likely what came instead (a `result` where an `error` belongs), so
//! there the diff shows them.

use crate::judge::matching::{Mismatch, child_path};
use crate::render::pattern_words::{placeholder, unmark, written};
use serde_json::{Map, Value};

/// A value longer than this, printed, is folded to `‹…›` (the line `got:`
/// above the diff shows its start).
const WHOLE: usize = 60;

/// `shown` with, in each object where a member the pattern wants is missing
/// (a mismatch with nothing got), the members of `got` the pattern does not
/// mention; `"jsonrpc": "2.0"` at the top is left out, the envelope being
/// right.
pub(super) fn with_unasked(
    expected: &Value,
    shown: &Value,
    got: &Value,
    mismatches: &[Mismatch],
) -> Value {
    let missing: Vec<&str> = mismatches
        .iter()
        .filter(|m| m.got.is_none())
        .map(|m| m.path.as_str())
        .collect();
    if missing.is_empty() {
        return shown.clone();
    }
    walk(expected, shown, got, "", &missing)
}

fn walk(expected: &Value, shown: &Value, got: &Value, path: &str, missing: &[&str]) -> Value {
    match (expected, shown, got) {
        (Value::Object(wanted), Value::Object(kept), Value::Object(sent))
            if !is_operator(wanted) =>
        {
            let mut out: Map<String, Value> = kept
                .iter()
                .map(|(key, value)| {
                    let inner = match (wanted.get(key), sent.get(key)) {
                        (Some(e), Some(g)) => walk(e, value, g, &child_path(path, key), missing),
                        _ => value.clone(),
                    };
                    (key.clone(), inner)
                })
                .collect();
            let lacks = wanted
                .keys()
                .any(|key| missing.contains(&child_path(path, key).as_str()));
            if lacks {
                for (key, value) in sent {
                    let envelope = path.is_empty() && key == "jsonrpc" && value == "2.0";
                    if !wanted.contains_key(key) && !envelope {
                        out.insert(key.clone(), folded(value));
                    }
                }
            }
            Value::Object(out)
        }
        (Value::Array(wanted), Value::Array(kept), Value::Array(sent))
            if wanted.len() == kept.len() && kept.len() == sent.len() =>
        {
            Value::Array(
                wanted
                    .iter()
                    .zip(kept)
                    .zip(sent)
                    .enumerate()
                    .map(|(i, ((e, k), g))| walk(e, k, g, &format!("{path}[{i}]"), missing))
                    .collect(),
            )
        }
        _ => shown.clone(),
    }
}

/// `expected` with the members `shown` has beside those the pattern names
/// (what [`with_unasked`] added) copied in, so that the diff prints them as
/// context, unmarked. For a client's message: beside a missing `_meta` key,
/// the keys it did write are not wrong, only not asked about.
pub(super) fn unasked_as_context(expected: &Value, shown: &Value) -> Value {
    match (expected, shown) {
        (Value::Object(wanted), Value::Object(kept)) if !is_operator(wanted) => {
            let mut out = wanted.clone();
            for (key, value) in kept {
                match wanted.get(key) {
                    Some(inner) => {
                        out.insert(key.clone(), unasked_as_context(inner, value));
                    }
                    None => {
                        out.insert(key.clone(), value.clone());
                    }
                }
            }
            Value::Object(out)
        }
        (Value::Array(wanted), Value::Array(kept)) if wanted.len() == kept.len() => Value::Array(
            wanted
                .iter()
                .zip(kept)
                .map(|(e, k)| unasked_as_context(e, k))
                .collect(),
        ),
        _ => expected.clone(),
    }
}

/// `{"$one-of": …}` and its kind: a pattern, not an object to look into.
fn is_operator(members: &Map<String, Value>) -> bool {
    members.len() == 1 && members.keys().all(|k| k.starts_with('$'))
}

/// A member's value on one line, so that each member shown is one line of
/// the diff: a short object or array as compact JSON, a long one folded.
fn folded(value: &Value) -> Value {
    let compact = unmark(&value.to_string());
    match value {
        _ if compact.chars().count() > WHOLE => placeholder("…"),
        Value::Object(_) | Value::Array(_) => written(&compact),
        _ => value.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn missing(path: &str) -> Mismatch {
        Mismatch {
            path: path.into(),
            expected: json!({}),
            got: None,
        }
    }

    #[test]
    fn what_came_instead_of_a_missing_member_is_shown() {
        let expected = json!({"id": 5, "error": {"code": -32602}});
        let got = json!({"jsonrpc": "2.0", "id": 5, "result": {"tools": []}});
        let shown = json!({"id": 5});
        assert_eq!(
            with_unasked(&expected, &shown, &got, &[missing("error")]),
            json!({"id": 5, "result": written(r#"{"tools":[]}"#)})
        );
        // Nothing missing: the members the pattern does not mention stay out.
        assert_eq!(with_unasked(&expected, &shown, &got, &[]), shown);
    }

    #[test]
    fn unasked_members_become_context_on_the_expected_side() {
        let expected = json!({"params": {"_meta": {"v": "2026-07-28", "caps": "$object"}}});
        let shown = json!({"params": {"_meta": {"caps": {}, "info": {"name": "c"}}}});
        assert_eq!(
            unasked_as_context(&expected, &shown),
            json!({"params": {"_meta": {"v": "2026-07-28", "caps": "$object", "info": {"name": "c"}}}})
        );
        // An operator is a pattern, not an object to add to.
        let one_of = json!({"$one-of": ["$string", "$integer"]});
        assert_eq!(unasked_as_context(&one_of, &json!({"x": 1})), one_of);
    }

    #[test]
    fn deeper_members_and_long_values() {
        let expected = json!({"result": {"ttlMs": "$integer", "cacheScope": "$string"}});
        let long = "x".repeat(80);
        let got = json!({"result": {"ttlMs": 5, "scope": "public", "tools": [long]}});
        let shown = json!({"result": {"ttlMs": "$integer"}});
        let with = with_unasked(&expected, &shown, &got, &[missing("result.cacheScope")]);
        assert_eq!(
            with,
            json!({"result": {"ttlMs": "$integer", "scope": "public", "tools": placeholder("…")}})
        );
    }
}
