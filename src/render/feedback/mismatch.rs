//! How a message differs from what was expected, member by member, in
//! words (English and Chinese): shared by responses and notifications.

use crate::content::Lang;
use crate::judge::matching::Mismatch;
use crate::render::pattern_words::{describe, typed};
use serde_json::Value;

/// Each way `got` differs from what was expected, a line each, with where a
/// missing member is instead.
pub(super) fn mismatch_lines(mismatches: &[Mismatch], got: &Value, lang: Lang) -> String {
    let mut text = String::new();
    for mismatch in mismatches {
        text.push('\n');
        text.push_str(&mismatch_text(mismatch, lang));
        if mismatch.got.is_none() {
            text.push_str(&misplaced_text(mismatch, got, lang));
        }
    }
    text
}

/// For a missing member: where the response has it (or the members it was
/// expected to hold) instead, e.g. `serverInfo` written in `result` rather
/// than in `result._meta`.
fn misplaced_text(m: &Mismatch, got: &Value, lang: Lang) -> String {
    use crate::judge::matching::{child_path, found_elsewhere};
    let mut wanted = vec![m.path.clone()];
    if let Some(members) = m.expected.as_object()
        && !members.keys().any(|k| k.starts_with('$'))
    {
        wanted.extend(members.keys().map(|k| child_path(&m.path, k)));
    }
    let mut out = String::new();
    for path in wanted {
        if let Some(there) = found_elsewhere(got, &path).first() {
            out.push('\n');
            out.push_str(&match lang {
                Lang::En => format!("    it is there, but at `{there}`: it belongs at `{path}`"),
                Lang::Zh => format!("    它其实在 `{there}`：应该放在 `{path}`"),
            });
        }
    }
    out
}

fn mismatch_text(m: &Mismatch, lang: Lang) -> String {
    let expected = describe(&m.expected, lang);
    let got = match (&m.got, lang) {
        (Some(v), _) => typed(v, lang),
        (None, Lang::En) => "nothing (the member is missing)".into(),
        (None, Lang::Zh) => "没有（缺少这个成员）".into(),
    };
    match lang {
        Lang::En => format!("  at `{}`: expected {expected}, got {got}", m.path),
        Lang::Zh => format!("  `{}` 处：期望 {expected}，实际 {got}", m.path),
    }
}
