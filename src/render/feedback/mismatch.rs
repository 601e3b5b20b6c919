//! How a message differs from what was expected, member by member, in
//! words (`words::Feedback`): shared by responses and notifications.

use crate::content::Lang;
use crate::judge::matching::Mismatch;
use crate::render::pattern_words::{describe, typed};
use crate::words;
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
            out.push_str("    ");
            out.push_str(&words::of(lang).found_elsewhere(there, &path));
        }
    }
    out
}

fn mismatch_text(m: &Mismatch, lang: Lang) -> String {
    let expected = describe(&m.expected, lang);
    let got = match &m.got {
        Some(v) => typed(v, lang),
        None => words::of(lang).member_missing().into(),
    };
    format!("  {}", words::of(lang).mismatch(&m.path, &expected, &got))
}
