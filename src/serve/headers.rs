//! The request headers that repeat the body (2026-07-28, Streamable HTTP,
//! "Request Metadata"): `MCP-Protocol-Version` repeats
//! `_meta["io.modelcontextprotocol/protocolVersion"]`, `Mcp-Method` repeats
//! `method`, and `Mcp-Name` repeats `params.name` (`params.uri` for
//! `resources/read`). A required one missing, malformed or disagreeing with
//! the body is a `HeaderMismatch` (-32020, HTTP 400): a proxy that routed on
//! the header must not see the server act on a different body.
//!
//! Only what the body really carries is compared: a body that lacks the
//! field is the program's to reject (-32602), not the headers'.

use serde_json::{Map, Value};

pub const HEADER_MISMATCH: i64 = -32020;
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";

/// Checks a request's headers against its body; `Err` says what is wrong.
pub fn check(
    header: impl Fn(&str) -> Option<String>,
    request: &Map<String, Value>,
) -> Result<(), String> {
    let params = request.get("params").and_then(Value::as_object);
    let version = params
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(VERSION_KEY))
        .and_then(Value::as_str);
    compare(&header, "MCP-Protocol-Version", version, false)?;
    let method = request.get("method").and_then(Value::as_str);
    compare(&header, "Mcp-Method", method, false)?;
    let name_field = match method {
        Some("tools/call" | "prompts/get") => Some("name"),
        Some("resources/read") => Some("uri"),
        _ => None,
    };
    if let Some(field) = name_field {
        let name = params.and_then(|p| p.get(field)).and_then(Value::as_str);
        compare(&header, "Mcp-Name", name, true)?;
        if header("Mcp-Name").is_some() && name.is_none() {
            return Err(format!(
                "Header mismatch: Mcp-Name is set but the body has no params.{field}"
            ));
        }
    }
    Ok(())
}

/// One header against its body value: required, well formed, and equal.
fn compare(
    header: &impl Fn(&str) -> Option<String>,
    name: &str,
    body: Option<&str>,
    may_be_encoded: bool,
) -> Result<(), String> {
    let Some(raw) = header(name) else {
        return Err(format!(
            "Header mismatch: the required {name} header is missing"
        ));
    };
    if !raw.chars().all(|c| c == '\t' || (' '..='~').contains(&c)) {
        return Err(format!(
            "Header mismatch: {name} holds characters a header may not"
        ));
    }
    let value = if may_be_encoded {
        decode_sentinel(&raw).ok_or_else(|| {
            format!(
                "Header mismatch: {name} is marked =?base64?...?= but is not valid Base64 UTF-8"
            )
        })?
    } else {
        raw
    };
    match body {
        Some(body) if body != value => Err(format!(
            "Header mismatch: {name} header value {value:?} does not match body value {body:?}"
        )),
        _ => Ok(()),
    }
}

/// `=?base64?...?=` decoded; any other value as it is. The markers are
/// exact and lowercase; what they wrap must be standard Base64 with its
/// padding (RFC 4648 §4), as the conformance suite requires.
fn decode_sentinel(value: &str) -> Option<String> {
    match value
        .strip_prefix("=?base64?")
        .and_then(|v| v.strip_suffix("?="))
    {
        Some(encoded) => String::from_utf8(base64_decode(encoded)?).ok(),
        None => Some(value.to_string()),
    }
}

fn base64_decode(text: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(method: &str, params: Value) -> Map<String, Value> {
        let value = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
        value.as_object().cloned().unwrap_or_default()
    }

    fn meta(version: &str) -> Value {
        json!({"io.modelcontextprotocol/protocolVersion": version,
               "io.modelcontextprotocol/clientCapabilities": {}})
    }

    fn headers<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn matching_headers_pass() {
        let call = request(
            "tools/call",
            json!({"name": "add", "_meta": meta("2026-07-28")}),
        );
        let given = [
            ("mcp-protocol-version", "2026-07-28"),
            ("MCP-METHOD", "tools/call"),
            ("mcp-name", "add"),
        ];
        assert_eq!(check(headers(&given), &call), Ok(()));
    }

    #[test]
    fn each_header_is_required_and_compared() {
        let discover = request("server/discover", json!({"_meta": meta("2026-07-28")}));
        let missing = check(headers(&[("Mcp-Method", "server/discover")]), &discover);
        assert!(
            missing
                .unwrap_err()
                .contains("MCP-Protocol-Version header is missing")
        );
        let other = check(
            headers(&[
                ("MCP-Protocol-Version", "2025-11-25"),
                ("Mcp-Method", "server/discover"),
            ]),
            &discover,
        );
        assert!(other.unwrap_err().contains("does not match"));
        let method = check(
            headers(&[
                ("MCP-Protocol-Version", "2026-07-28"),
                ("Mcp-Method", "tools/list"),
            ]),
            &discover,
        );
        assert!(method.unwrap_err().contains("Mcp-Method"));
        // Header values are case-sensitive.
        let case = check(
            headers(&[
                ("MCP-Protocol-Version", "2026-07-28"),
                ("Mcp-Method", "Server/Discover"),
            ]),
            &discover,
        );
        assert!(case.is_err());
    }

    #[test]
    fn a_body_without_the_field_is_left_to_the_program() {
        let bare = request("server/discover", json!({}));
        let given = [
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "server/discover"),
        ];
        assert_eq!(check(headers(&given), &bare), Ok(()));
    }

    #[test]
    fn mcp_name_is_required_for_named_calls_and_may_be_base64() {
        let call = request(
            "tools/call",
            json!({"name": "héllo", "_meta": meta("2026-07-28")}),
        );
        let base = [
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
        ];
        assert!(
            check(headers(&base), &call)
                .unwrap_err()
                .contains("Mcp-Name header is missing")
        );
        let encoded = [base[0], base[1], ("Mcp-Name", "=?base64?aMOpbGxv?=")];
        assert_eq!(check(headers(&encoded), &call), Ok(()));
        let wrong = [base[0], base[1], ("Mcp-Name", "=?base64?d29ybGQ=?=")];
        assert!(check(headers(&wrong), &call).is_err());
        let broken = [base[0], base[1], ("Mcp-Name", "=?base64?***?=")];
        assert!(
            check(headers(&broken), &call)
                .unwrap_err()
                .contains("Base64")
        );
        let read = request(
            "resources/read",
            json!({"uri": "file:///a", "_meta": meta("2026-07-28")}),
        );
        let uri = [
            base[0],
            ("Mcp-Method", "resources/read"),
            ("Mcp-Name", "file:///a"),
        ];
        assert_eq!(check(headers(&uri), &read), Ok(()));
    }

    #[test]
    fn base64_decodes_every_padding() {
        assert_eq!(
            base64_decode("SGVsbG8sIOS4lueVjA==").unwrap(),
            "Hello, 世界".as_bytes()
        );
        assert_eq!(base64_decode("IHBhZGRlZCA=").unwrap(), b" padded ");
        assert_eq!(base64_decode("YWJj").unwrap(), b"abc");
        assert!(base64_decode("YW=j").is_none());
        assert!(base64_decode("abc").is_none());
        // The suite's own rejections: padding left out, a non-alphabet character.
        assert!(base64_decode("SGVsbG8").is_none());
        assert!(base64_decode("SGVs!!!bG8=").is_none());
    }

    #[test]
    fn the_markers_are_exact() {
        assert_eq!(decode_sentinel("=?base64?SGVsbG8=?=").unwrap(), "Hello");
        // Without both markers (or with other case) a value is taken as it is.
        for literal in ["SGVsbG8=", "=?base64?SGVsbG8=", "=?BASE64?SGVsbG8=?="] {
            assert_eq!(decode_sentinel(literal).unwrap(), literal);
        }
        // Base64 that is not UTF-8 is no name at all.
        assert!(decode_sentinel("=?base64?/w==?=").is_none());
    }
}
