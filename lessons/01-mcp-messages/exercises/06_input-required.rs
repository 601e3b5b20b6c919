//! Exercise 6 · input-required
//!
//! The tool `greet` needs the user's name, and only the client can ask the
//! user. In MCP 2026-07-28 the server may not send the client a request, so it
//! uses a multi round-trip request (MRTR): it answers with an ordinary result
//! labelled `input_required`, and the client later sends the SAME request
//! again, with a new id, the answers and the `requestState` it was given.
//!
//! Your server must be stateless: the retry may reach a freshly started
//! process that never saw the first call. So everything it needs travels in
//! `requestState`, and since the client could send anything there, the state
//! must prove that this server issued it.
//!
//!   1. `greet`: -32021 unless THIS request declares `elicitation`; no state:
//!      ask; a state you did not issue: -32602; no answer: ask again.
//!   2. `ask_for_name`: the `input_required` result.
//!   3. `reply_to`: accept greets by name; decline and cancel do not greet.
//!   4. `issue_state` and `verify_state`: a state that verifies in any process.
//!
//! Check your work with `learn check input-required`. Stuck? `learn hint input-required`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;
use std::time::{SystemTime, UNIX_EPOCH};

const PROTOCOL_VERSION: &str = "2026-07-28";
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
/// The key `greet` files its question under; the answer comes back under it.
/// The key is the server's choice: any name works.
const ASK_KEY: &str = "user_name";
/// How every requestState this server issues begins (use it or not, your choice).
const STATE_PREFIX: &str = "greet.user_name.";

type Object = Map<String, Value>;

fn main() {
    serve_lines(respond);
}

/// Given: a JSON-RPC error on its way back to the client.
struct Failure {
    code: i64,
    message: String,
    data: Option<Value>,
}

impl Failure {
    fn new(code: i64, message: impl Into<String>) -> Self {
        Failure {
            code,
            message: message.into(),
            data: None,
        }
    }

    fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }
}

// ------------------------------------------------------------------ greet (MRTR)

/// TODO: the whole `greet` call, first try or retry. In order:
///   - `capabilities` are this request's own: without an `elicitation`
///     object there, fail with -32021 and
///     `data: {"requiredCapabilities": {"elicitation": {}}}`;
///   - no `requestState` in `params`: a first call, so `ask_for_name()`;
///   - a `requestState` that is not a string or fails `verify_state`: -32602;
///   - `params.inputResponses[ASK_KEY]` missing: ask again;
///   - otherwise `reply_to` that answer.
fn greet(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    todo!("answer a greet call")
}

/// TODO: `{"resultType": "input_required", "inputRequests": {ASK_KEY: ...},
/// "requestState": ...}` where the input request is an `elicitation/create`
/// request object (`method`, `params`) whose form asks for a string `name`.
/// Hint: `json!({ ASK_KEY: question })` uses the constant's value as the key.
fn ask_for_name() -> Value {
    todo!("build the input_required result")
}

/// TODO: the answer is an elicitation result: `{"action": "accept",
/// "content": {"name": "Ada"}}`, or `"decline"` / `"cancel"` (content may
/// still be there: ignore it). Accept greets by name with `tool_result`;
/// decline and cancel complete WITHOUT a greeting; any other action: -32602.
/// An accept with no usable name can simply ask again.
fn reply_to(answer: &Value) -> Result<Value, Failure> {
    todo!("turn the user's answer into a result")
}

/// TODO: a fresh state, e.g. a payload (`STATE_PREFIX` + `nonce()`), a dot,
/// and `checksum(payload)`. Another process must be able to verify it, so
/// keep nothing in memory.
fn issue_state() -> String {
    todo!("issue a requestState")
}

/// TODO: true only for a state `issue_state` could have made. It arrives from
/// the client, so treat it as untrusted: recompute the checksum and compare.
fn verify_state(state: &str) -> bool {
    todo!("verify a requestState")
}

// ------------------------------------------------------------------ given

/// Given: a keyed checksum (FNV-1a over a fixed key, then the payload), in hex.
/// Every process of this server computes the same one, and a made-up state
/// fails it. It is NOT cryptography (FNV can be run backwards): a real server
/// signs its state with HMAC-SHA256 and a secret key kept out of the source.
fn checksum(payload: &str) -> String {
    const KEY: &[u8] = b"learn demo server: requestState key";
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in KEY.iter().chain(payload.as_bytes()) {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Given: a value that differs from call to call, so no two states look alike.
fn nonce() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    format!("{nanos:x}")
}

/// Given: a finished tool call with one text block.
fn tool_result(text: &str) -> Value {
    json!({"resultType": "complete", "content": [{"type": "text", "text": text}]})
}

/// Given (exercises 2 to 5): one line in, at most one response out.
fn respond(line: &str) -> Option<Value> {
    let Ok(message) = serde_json::from_str::<Value>(line) else {
        return Some(error_response(
            Value::Null,
            Failure::new(-32700, "Parse error"),
        ));
    };
    let Some(request) = message.as_object() else {
        let failure = Failure::new(-32600, "Invalid request: a message is a JSON object");
        return Some(error_response(Value::Null, failure));
    };
    // A notification (no id) is never answered, nor is a stray response.
    let id = request.get("id")?;
    let is_response = request.contains_key("result") || request.contains_key("error");
    if is_response && !request.contains_key("method") {
        return None;
    }
    if !(id.is_string() || id.is_i64() || id.is_u64()) {
        let failure = Failure::new(-32600, "Invalid request: an id is a string or an integer");
        return Some(error_response(Value::Null, failure));
    }
    let method = request.get("method").and_then(Value::as_str);
    if request.get("jsonrpc").and_then(Value::as_str) != Some("2.0") || method.is_none() {
        let failure = Failure::new(
            -32600,
            "Invalid request: needs jsonrpc \"2.0\" and a method",
        );
        return Some(error_response(id.clone(), failure));
    }
    let no_params = Object::new();
    let params = match request.get("params") {
        None => &no_params,
        Some(Value::Object(params)) => params,
        Some(_) => {
            let failure = Failure::new(-32600, "Invalid request: params must be an object");
            return Some(error_response(id.clone(), failure));
        }
    };
    let outcome = match method {
        Some("tools/call") => check_meta(params).and_then(|caps| call_tool(params, caps)),
        _ => Err(Failure::new(-32601, "Method not found")),
    };
    Some(match outcome {
        Ok(result) => result_response(id.clone(), result),
        Err(failure) => error_response(id.clone(), failure),
    })
}

/// Given (exercise 4): checks `params._meta`; returns this request's capabilities.
fn check_meta(params: &Object) -> Result<&Object, Failure> {
    let meta = params.get("_meta").and_then(Value::as_object);
    let Some(meta) = meta else {
        return Err(Failure::new(
            -32602,
            "Invalid params: params._meta is required",
        ));
    };
    match meta.get(VERSION_KEY).and_then(Value::as_str) {
        None => {
            return Err(Failure::new(
                -32602,
                format!("Invalid params: {VERSION_KEY} is required"),
            ));
        }
        Some(PROTOCOL_VERSION) => {}
        Some(version) => {
            let failure = Failure::new(-32022, format!("Unsupported protocol version {version}"));
            let data = json!({"supported": [PROTOCOL_VERSION], "requested": version});
            return Err(failure.with_data(data));
        }
    }
    match meta.get(CAPABILITIES_KEY).and_then(Value::as_object) {
        Some(capabilities) => Ok(capabilities),
        None => Err(Failure::new(
            -32602,
            format!("Invalid params: {CAPABILITIES_KEY} is required"),
        )),
    }
}

/// Given (exercise 5): this server has a single tool.
fn call_tool(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    match params.get("name").and_then(Value::as_str) {
        Some("greet") => greet(params, capabilities),
        Some(other) => Err(Failure::new(-32602, format!("Unknown tool: {other}"))),
        None => Err(Failure::new(
            -32602,
            "Invalid params: tools/call needs a tool name",
        )),
    }
}

/// Given (exercise 2): the success envelope; every result names the server.
fn result_response(id: Value, mut result: Value) -> Value {
    if let Some(fields) = result.as_object_mut() {
        let info = json!({"name": "learn-input-required", "version": "1.0.0"});
        fields.insert(
            "_meta".into(),
            json!({"io.modelcontextprotocol/serverInfo": info}),
        );
    }
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// Given (exercise 2): the error envelope, with data when there is some.
fn error_response(id: Value, failure: Failure) -> Value {
    let mut error = Object::new();
    error.insert("code".into(), json!(failure.code));
    error.insert("message".into(), json!(failure.message));
    if let Some(data) = failure.data {
        error.insert("data".into(), data);
    }
    let mut response = json!({"jsonrpc": "2.0", "error": error});
    // A null id stands for "could not be read". MCP's schema has no null
    // request id, so such an error leaves `id` out (JSON-RPC 2.0 writes null).
    if !id.is_null() {
        response["id"] = id;
    }
    response
}
