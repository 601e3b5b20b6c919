//! The HTTP status that goes with the program's answer (2026-07-28,
//! Streamable HTTP). The spec fixes some of them and leaves the rest to the
//! server; `for_answer` says which is which.
//!
//! The bridge can choose a status from the answer because it waits for the
//! whole answer before it replies (as `application/json`, or as a short
//! event stream only when the answer is a result). A server that starts an
//! event stream first has sent 200 before its answer exists.

/// The status for a JSON-RPC answer: `None` for a result, else its error code.
pub fn for_answer(error_code: Option<i64>) -> u16 {
    match error_code {
        // A result, a tool error (`isError: true`) included: the spec's
        // message flow answers with "200 OK", on a stream and off it.
        None => 200,
        // Required: "MUST respond with `404 Not Found` and a JSON-RPC error
        // with code `-32601`" (transport page, Protocol Version Header); that
        // covers the methods this revision removed (`initialize`, `ping`).
        Some(-32601) => 404,
        // Required: 400 for a header mismatch (-32020), a missing client
        // capability (-32021) and an unsupported version (-32022) (schema.ts,
        // each error's own text), and for a -32602 about a required `_meta`
        // field (basic/index, Per-request protocol fields).
        // The course's choice: the spec names no status for a parse error
        // (-32700), an invalid request (-32600) or any other -32602 (unknown
        // tool, bad cursor); the bridge sends 400 for them too, as a client
        // error. 200 would be as right.
        Some(-32700 | -32600 | -32602 | -32020 | -32021 | -32022) => 400,
        // The course's choice: the spec names no status for -32603; the
        // bridge says "the server failed" with 500. 200 would be as right.
        Some(-32603) => 500,
        // The course's choice: any other code is the method's own error, and
        // the exchange itself worked.
        Some(_) => 200,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statuses_the_spec_requires() {
        assert_eq!(for_answer(Some(-32601)), 404);
        for code in [-32602, -32020, -32021, -32022] {
            assert_eq!(for_answer(Some(code)), 400, "{code}");
        }
    }

    #[test]
    fn the_statuses_the_course_chose() {
        assert_eq!(for_answer(None), 200);
        for code in [-32700, -32600] {
            assert_eq!(for_answer(Some(code)), 400, "{code}");
        }
        assert_eq!(for_answer(Some(-32603)), 500);
        assert_eq!(for_answer(Some(-32042)), 200);
    }
}
