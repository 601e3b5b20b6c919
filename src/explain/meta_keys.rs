//! The `_meta` key grammar (F16) and who owns a key.
//!
//! A key is an optional prefix and a name. The prefix is dot-separated
//! labels ended by `/`; each label starts with a letter, ends with a letter
//! or digit, and has only letters, digits and hyphens inside. The name is
//! empty, or starts and ends with a letter or digit with letters, digits,
//! `-`, `_` and `.` inside. Letters and digits are ASCII: the spec writes
//! the name rule as `[a-z0-9A-Z]`.

use serde::Serialize;

/// Who may define a `_meta` key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Only the spec and its official extensions define it.
    Reserved,
    /// W3C Trace Context / Baggage: `traceparent`, `tracestate`, `baggage`.
    TraceContext,
    /// Well-formed, under a prefix that is not reserved: someone's own key.
    Custom,
    /// Well-formed, no prefix, not one the spec reserves: no namespace at all.
    Unprefixed,
    /// Breaks the grammar.
    Invalid,
}

impl Verdict {
    /// The word used on the wire of the exercises and in `--json`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Reserved => "reserved",
            Verdict::TraceContext => "trace-context",
            Verdict::Custom => "custom",
            Verdict::Unprefixed => "unprefixed",
            Verdict::Invalid => "invalid",
        }
    }
}

/// The unprefixed keys W3C Trace Context and Baggage own. JSON member names
/// are case-sensitive, so `Traceparent` is not one of them.
const TRACE_CONTEXT: [&str; 3] = ["traceparent", "tracestate", "baggage"];

/// The second prefix labels that make a prefix MCP's own.
const RESERVED_SECOND_LABELS: [&str; 2] = ["modelcontextprotocol", "mcp"];

/// The verdict for one `_meta` key.
pub fn verdict(key: &str) -> Verdict {
    // The name may not hold `/`, so the first `/` ends the prefix; a second
    // one lands in the name and makes the key invalid.
    let (prefix, name) = match key.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    if !is_name(name) {
        return Verdict::Invalid;
    }
    let Some(prefix) = prefix else {
        return unprefixed(name);
    };
    let labels: Vec<&str> = prefix.split('.').collect();
    if !labels.iter().all(|label| is_label(label)) {
        return Verdict::Invalid;
    }
    // Labels are DNS-like, and DNS ignores case: `dev.MCP/` is as much MCP's
    // as `dev.mcp/`, and a key must not slip past the reservation by case.
    let reserved = labels.get(1).is_some_and(|second| {
        RESERVED_SECOND_LABELS
            .iter()
            .any(|word| second.eq_ignore_ascii_case(word))
    });
    if reserved {
        Verdict::Reserved
    } else {
        Verdict::Custom
    }
}

/// A well-formed key without a prefix.
fn unprefixed(name: &str) -> Verdict {
    if TRACE_CONTEXT.contains(&name) {
        Verdict::TraceContext
    } else if name == "progressToken" {
        // The spec reserves `progressToken` (RequestMetaObject defines it), so
        // no one may put their own data under it: the question this verdict
        // answers is "who defines this key?", and the answer is the spec.
        // It is not `unprefixed`, which means "anyone's, so it may collide".
        Verdict::Reserved
    } else {
        // Includes the empty key "": the grammar allows an empty name and the
        // prefix is optional, so "" is well-formed, if useless.
        Verdict::Unprefixed
    }
}

/// One prefix label: a letter first, a letter or digit last, letters,
/// digits and hyphens between.
fn is_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphabetic()
                && last.is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
        }
        _ => false,
    }
}

/// The name: empty, or alphanumeric at both ends with `-`, `_`, `.` inside.
fn is_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    match (bytes.first(), bytes.last()) {
        (None, _) | (_, None) => true,
        (Some(first), Some(last)) => {
            first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    fn check(cases: &[(&str, Verdict)]) {
        for (key, expected) in cases {
            assert_eq!(verdict(key), *expected, "key {key:?}");
        }
    }

    #[test]
    fn reserved_prefixes_are_decided_by_the_second_label() {
        check(&[
            ("io.modelcontextprotocol/protocolVersion", Reserved),
            ("io.modelcontextprotocol/clientCapabilities", Reserved),
            ("dev.mcp/debug", Reserved),
            ("com.mcp.tools/limit", Reserved),
            ("org.modelcontextprotocol.api/x", Reserved),
            ("dev.MCP/x", Reserved),
            // The second label is `example`, not `mcp`.
            ("com.example.mcp/limit", Custom),
            // A single label has no second label.
            ("mcp/x", Custom),
            ("modelcontextprotocol/x", Custom),
            // `mcp` must be the whole label.
            ("dev.mcpx/x", Custom),
            ("dev.my-mcp/x", Custom),
        ]);
    }

    #[test]
    fn custom_and_unprefixed_keys() {
        check(&[
            ("com.example/trace-id", Custom),
            ("com.example/x", Custom),
            ("a/x", Custom),
            ("com.example-1.b2/n_1.v-2", Custom),
            ("retries", Unprefixed),
            ("x", Unprefixed),
            ("7", Unprefixed),
            ("a.b_c-d", Unprefixed),
            ("Traceparent", Unprefixed),
        ]);
    }

    #[test]
    fn unprefixed_keys_the_spec_or_w3c_own() {
        check(&[
            ("traceparent", TraceContext),
            ("tracestate", TraceContext),
            ("baggage", TraceContext),
            ("progressToken", Reserved),
            ("progresstoken", Unprefixed),
        ]);
    }

    #[test]
    fn an_empty_name_is_allowed() {
        check(&[
            ("com.example/", Custom),
            ("io.modelcontextprotocol/", Reserved),
            ("", Unprefixed),
        ]);
    }

    #[test]
    fn labels_break_the_grammar() {
        check(&[
            // Starts with a digit, or a hyphen.
            ("1com.example/x", Invalid),
            ("com.1example/x", Invalid),
            ("-com.example/x", Invalid),
            // Ends with a hyphen.
            ("com.example-/x", Invalid),
            ("com-.example/x", Invalid),
            // Empty labels: leading, doubled or trailing dots; a bare slash.
            (".com.example/x", Invalid),
            ("com..example/x", Invalid),
            ("com.example./x", Invalid),
            ("/x", Invalid),
            // Characters labels may not hold.
            ("com.ex_ample/x", Invalid),
            ("com.exa mple/x", Invalid),
            ("com.examplé/x", Invalid),
            // Reserved-looking but malformed is still invalid.
            ("io.modelcontextprotocol-/x", Invalid),
        ]);
    }

    #[test]
    fn names_break_the_grammar() {
        check(&[
            ("com.example/-x", Invalid),
            ("com.example/x-", Invalid),
            ("com.example/_x", Invalid),
            ("com.example/x.", Invalid),
            ("com.example/a b", Invalid),
            ("com.example/a/b", Invalid),
            ("com.example//x", Invalid),
            ("-retries", Invalid),
            ("retries_", Invalid),
            ("trace parent", Invalid),
            ("naïve", Invalid),
        ]);
    }

    #[test]
    fn single_character_labels_and_names_are_fine() {
        check(&[("a/b", Custom), ("a.b/c", Custom), ("a.mcp/1", Reserved)]);
    }
}
