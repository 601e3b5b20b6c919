//! The HTTP status that goes with the program's answer (2026-07-28,
//! Streamable HTTP): the spec names the status for each protocol error.

/// The status for a JSON-RPC answer: `None` for a result, else its error code.
pub fn for_answer(error_code: Option<i64>) -> u16 {
    match error_code {
        None => 200,
        // Method not found, and methods this revision removed (`initialize`,
        // `ping`, ...): 404, with the JSON-RPC body telling it apart from a
        // server that has no MCP endpoint at all.
        Some(-32601) => 404,
        // Malformed requests: parse error, invalid request, invalid params
        // (a missing `_meta` field among them), header mismatch, a missing
        // client capability, an unsupported protocol version.
        Some(-32700 | -32600 | -32602 | -32020 | -32021 | -32022) => 400,
        Some(-32603) => 500,
        // Any other code is the method's own error: the exchange itself worked.
        Some(_) => 200,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_protocol_error_has_its_status() {
        assert_eq!(for_answer(None), 200);
        assert_eq!(for_answer(Some(-32601)), 404);
        for code in [-32700, -32600, -32602, -32020, -32021, -32022] {
            assert_eq!(for_answer(Some(code)), 400, "{code}");
        }
        assert_eq!(for_answer(Some(-32603)), 500);
        assert_eq!(for_answer(Some(-32042)), 200);
    }
}
