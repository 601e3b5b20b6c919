//! Reference solution · exercise 6 · input-required
//!
//! The tool `greet` needs the user's name, which only the client can get.
//! It answers with an ordinary `input_required` result and finishes when the
//! client sends the request again with the answer and the `requestState`.
//! That state carries its own proof of origin, so any process of this server
//! can finish the call: nothing is remembered between requests.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;
use std::time::{SystemTime, UNIX_EPOCH};

const PROTOCOL_VERSION: &str = "2026-07-28";
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
/// The key `greet` files its question under; the answer comes back under it.
const ASK_KEY: &str = "user_name";
/// How every requestState this server issues begins.
const STATE_PREFIX: &str = "greet.user_name.";

type Object = Map<String, Value>;

fn main() {
    serve_lines(respond);
}

/// A JSON-RPC error on its way back to the client.
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

/// `greet`: ask for the name with `input_required`, then greet on the retry.
fn greet(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    // Capabilities are per request: only this request's own declaration counts.
    if !capabilities
        .get("elicitation")
        .is_some_and(Value::is_object)
    {
        let failure = Failure::new(
            -32021,
            "greet asks the user for a name: declare elicitation",
        );
        return Err(failure.with_data(json!({"requiredCapabilities": {"elicitation": {}}})));
    }
    let Some(state) = params.get("requestState") else {
        return Ok(ask_for_name());
    };
    if !state.as_str().is_some_and(verify_state) {
        return Err(Failure::new(
            -32602,
            "Invalid params: this requestState was not issued here",
        ));
    }
    let answer = match params.get("inputResponses") {
        None => None,
        Some(Value::Object(answers)) => answers.get(ASK_KEY),
        Some(_) => {
            return Err(Failure::new(
                -32602,
                "Invalid params: inputResponses must be an object",
            ));
        }
    };
    match answer {
        Some(answer) => reply_to(answer),
        None => Ok(ask_for_name()),
    }
}

/// The `input_required` result: one question and the state to echo with the answer.
fn ask_for_name() -> Value {
    let question = json!({
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": "What is your name?",
            "requestedSchema": {
                "type": "object",
                "properties": {"name": {"type": "string"}},
                "required": ["name"]
            }
        }
    });
    json!({
        "resultType": "input_required",
        "inputRequests": { ASK_KEY: question },
        "requestState": issue_state()
    })
}

/// What the user's answer (an elicitation result) leads to.
fn reply_to(answer: &Value) -> Result<Value, Failure> {
    match answer.get("action").and_then(Value::as_str) {
        Some("accept") => {
            let name = answer
                .pointer("/content/name")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|name| !name.is_empty());
            Ok(match name {
                Some(name) => tool_result(&format!("Hello, {name}!")),
                // Accepted, but no usable name came back: ask again.
                None => ask_for_name(),
            })
        }
        // Whatever the form held, a user who said no is not greeted.
        Some("decline" | "cancel") => Ok(tool_result("No greeting: the name was not shared.")),
        _ => Err(Failure::new(
            -32602,
            "Invalid params: action must be accept, decline or cancel",
        )),
    }
}

/// A state any process of this server can verify: payload, then its checksum.
fn issue_state() -> String {
    let payload = format!("{STATE_PREFIX}{}", nonce());
    format!("{payload}.{}", checksum(&payload))
}

/// True only for a state this server could have issued: untrusted input.
fn verify_state(state: &str) -> bool {
    match state.rsplit_once('.') {
        Some((payload, sum)) => payload.starts_with(STATE_PREFIX) && sum == checksum(payload),
        None => false,
    }
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
