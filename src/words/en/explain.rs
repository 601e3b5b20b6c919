//! The words of `learn explain`, in English.

use crate::words::{En, Explain};

impl Explain for En {
    fn common_types(&self) -> &'static str {
        "common types"
    }
    fn json_rpc_envelopes(&self) -> &'static str {
        "JSON-RPC envelopes"
    }
    fn method_types(&self) -> &'static str {
        "method types"
    }
    fn result_content(&self) -> &'static str {
        "result content"
    }
    fn request(&self) -> &'static str {
        "request"
    }
    fn notification(&self) -> &'static str {
        "notification"
    }
    fn result_response(&self) -> &'static str {
        "result response"
    }
    fn error_response(&self) -> &'static str {
        "error response"
    }
    fn invalid_message(&self) -> &'static str {
        "invalid message"
    }
    fn reserved(&self) -> &'static str {
        "only the spec defines it"
    }
    fn trace_context(&self) -> &'static str {
        "W3C tracing; never a credential"
    }
    fn custom(&self) -> &'static str {
        "someone's own, under their prefix"
    }
    fn unprefixed(&self) -> &'static str {
        "no namespace; names may collide"
    }
    fn invalid_key(&self) -> &'static str {
        "breaks the key grammar"
    }
    fn verdict(&self, name: &str, meaning: &str) -> String {
        format!("{name} ({meaning})")
    }
    fn broken(&self, kind: &str) -> String {
        // "an error response", "a request"
        let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!(
            "looks like {article} {kind}, but is not valid: none of the four shapes (see the problems)"
        )
    }
    fn no_shape_found(&self) -> &'static str {
        "none of the four shapes (see the problems)"
    }
    fn no_error_code(&self) -> &'static str {
        "no error code"
    }
    fn method_selects(&self, method: &str) -> String {
        format!("method \"{method}\" selects this type")
    }
    fn unknown_request(&self, method: &str) -> String {
        format!(
            "schema.ts defines no request \"{method}\": a server answers -32601 (method not found)"
        )
    }
    fn unknown_notification(&self, method: &str) -> String {
        format!("schema.ts defines no notification \"{method}\": the receiver ignores it, silently")
    }
    fn notification_method_with_id(&self, method: &str, other: &str) -> String {
        format!(
            "\"{method}\" is the method of {other}, a notification; but this message has an id, so it is a request, and no request has that method"
        )
    }
    fn request_method_without_id(&self, method: &str, other: &str) -> String {
        format!(
            "\"{method}\" is the method of {other}, a request; but without an id this is a notification: nobody waits, nothing is answered"
        )
    }
    fn input_request_method(&self, method: &str, other: &str) -> String {
        format!(
            "\"{method}\" is {other}, an MRTR input request: it travels inside an InputRequiredResult, never as a JSON-RPC request of its own"
        )
    }
    fn answers_known(&self, method: &str) -> String {
        format!("it answers a \"{method}\" request: that request's result type")
    }
    fn answers_unknown(&self, method: &str) -> String {
        format!(
            "it answers a \"{method}\" request, which schema.ts does not define: no result type"
        )
    }
    fn answers_not_given(&self) -> &'static str {
        "a response has no method: its result type comes from the request its id answers (say which with --answers <method>)"
    }
    fn request_meta_complete(&self, keys: usize) -> String {
        format!("params._meta holds {keys} key(s), both required ones among them")
    }
    fn request_meta_lacks(&self, keys: usize, missing: &[&str]) -> String {
        format!(
            "params._meta holds {keys} key(s) but lacks {}: a server answers -32602",
            missing.join(", ")
        )
    }
    fn meta_keys(&self, keys: usize) -> String {
        format!("_meta holds {keys} key(s)")
    }
    fn meta_not_object(&self) -> &'static str {
        "_meta is not an object"
    }
    fn client_answers_input(&self) -> &'static str {
        "the client answers the input requests and sends the request again"
    }
    fn shape_request(&self, id: &str) -> String {
        format!("an id ({id}) and a method: a request; the sender waits for exactly one response")
    }
    fn shape_notification(&self) -> &'static str {
        "a method and no id member: a notification; it is never answered"
    }
    fn shape_result(&self, id: &str) -> String {
        format!("an id ({id}) and a result: a result response to request {id}")
    }
    fn shape_error(&self, id: &str) -> String {
        format!("an id ({id}) and an error: an error response to request {id}")
    }
    fn shape_error_without_id(&self) -> &'static str {
        "an error with a null or no id: the request's id could not be read"
    }
    fn error_code(&self, code: i64, meaning: &str) -> String {
        format!("code {code}: {meaning}")
    }
    fn error_code_unnamed(&self, code: i64) -> String {
        format!("code {code}: schema.ts names no type for it")
    }
    fn parse_error(&self) -> &'static str {
        "the text was not JSON"
    }
    fn invalid_request(&self) -> &'static str {
        "not a valid request"
    }
    fn method_not_found(&self) -> &'static str {
        "unknown or removed method"
    }
    fn invalid_params(&self) -> &'static str {
        "bad or missing params, unknown tool"
    }
    fn internal_error(&self) -> &'static str {
        "the server failed inside"
    }
    fn header_mismatch(&self) -> &'static str {
        "an HTTP header disagrees with the body"
    }
    fn missing_capability(&self) -> &'static str {
        "the request lacks a capability it needs"
    }
    fn unsupported_version(&self) -> &'static str {
        "unsupported protocol version"
    }
    fn no_result_type(&self) -> &'static str {
        "no resultType: an older server; a client reads it as \"complete\""
    }
    fn result_complete(&self) -> &'static str {
        "resultType \"complete\": the request is done"
    }
    fn result_input_required(&self) -> &'static str {
        "resultType \"input_required\": an InputRequiredResult, whatever request it answers"
    }
    fn result_type_other(&self, found: &str) -> String {
        format!(
            "resultType {found}: only valid from an extension the client declared; otherwise the client treats it as invalid"
        )
    }
    fn unknown_type(&self) -> &'static str {
        "(unknown)"
    }
    fn list_separator(&self) -> &'static str {
        ", "
    }
    fn text_not_json(&self, reason: &str) -> String {
        format!(
            "the text is not JSON ({reason}); a server answers -32700 with no id (or a null one)"
        )
    }
    fn message_not_object(&self) -> &'static str {
        "a JSON-RPC message is a JSON object"
    }
    fn jsonrpc_missing(&self) -> &'static str {
        "no \"jsonrpc\" member: every message carries \"jsonrpc\": \"2.0\" (F1)"
    }
    fn jsonrpc_wrong(&self, found: &str) -> String {
        format!("\"jsonrpc\" is {found}, not the string \"2.0\" (F1)")
    }
    fn method_not_string(&self, found: &str) -> String {
        format!("\"method\" is {found}, not a string")
    }
    fn method_with_answer(&self) -> &'static str {
        "it has a method and also a result or error: a message is a call or an answer, never both"
    }
    fn request_id_unusable(&self, found: &str) -> String {
        format!(
            "the id {found} is not a string or an integer; a request id never is null, a fraction, a bool or an object (F6)"
        )
    }
    fn result_without_id(&self) -> &'static str {
        "a result without an id: a result always copies the id of the request it answers (F3)"
    }
    fn result_id_unusable(&self, found: &str) -> String {
        format!(
            "a result's id {found} is not a string or an integer: it copies a request id, which is one (F3, F7)"
        )
    }
    fn error_id_unusable(&self, found: &str) -> String {
        format!("an error's id {found} is not a string, an integer or null (F3)")
    }
    fn both_result_and_error(&self) -> &'static str {
        "both \"result\" and \"error\": a response has exactly one of them (F3)"
    }
    fn no_shape(&self) -> &'static str {
        "no \"method\", \"result\" or \"error\": not a request, notification or response"
    }
    fn params_not_object(&self, found: &str) -> String {
        format!("\"params\" is {found}; in MCP params is an object")
    }
    fn result_not_object(&self, found: &str) -> String {
        format!("\"result\" is {found}; an MCP result is an object (with resultType)")
    }
    fn error_not_object(&self, found: &str) -> String {
        format!("\"error\" is {found}; it must be an object with code and message (F3)")
    }
    fn error_code_not_integer(&self, found: Option<&str>) -> String {
        format!(
            "error.code is {}; it must be an integer (F3)",
            found.unwrap_or("missing")
        )
    }
    fn error_message_not_string(&self, found: Option<&str>) -> String {
        format!(
            "error.message is {}; it must be a string (F3)",
            found.unwrap_or("missing")
        )
    }
}
