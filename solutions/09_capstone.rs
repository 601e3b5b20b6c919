//! Reference solution · exercise 9 · capstone
//!
//! The whole demo server of the lesson, as one MCP 2026-07-28 stdio server:
//! `server/discover`, `tools/list`, and two tools, `add` and `greet` (a
//! multi round-trip request whose state travels in `requestState`, so any
//! process can finish it), with every envelope, id and `_meta` rule.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;
use std::time::{SystemTime, UNIX_EPOCH};

const PROTOCOL_VERSION: &str = "2026-07-28";
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
const SERVER_INFO_KEY: &str = "io.modelcontextprotocol/serverInfo";
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

// ------------------------------------------------------------------ envelope

/// Answers one line of input. `None` means: write nothing.
fn respond(line: &str) -> Option<Value> {
    let message: Value = match serde_json::from_str(line) {
        Ok(message) => message,
        Err(_) => {
            return Some(error_response(
                Value::Null,
                Failure::new(-32700, "Parse error"),
            ));
        }
    };
    let Some(object) = message.as_object() else {
        let failure = Failure::new(-32600, "Invalid request: a message is a JSON object");
        return Some(error_response(Value::Null, failure));
    };
    // No `id` member: a notification. Nobody waits, so nothing goes back,
    // whatever else is wrong with it.
    let id = object.get("id")?;
    // A response nobody here asked for: answering it could start an echo.
    let is_response = object.contains_key("result") || object.contains_key("error");
    if is_response && !object.contains_key("method") {
        return None;
    }
    if !is_usable_id(id) {
        let failure = Failure::new(-32600, "Invalid request: an id is a string or an integer");
        return Some(error_response(Value::Null, failure));
    }
    let outcome = read_request(object).and_then(|(method, params)| handle(method, &params));
    Some(match outcome {
        Ok(result) => result_response(id.clone(), result),
        Err(failure) => error_response(id.clone(), failure),
    })
}

/// A request id is a string or an integer, nothing else.
fn is_usable_id(id: &Value) -> bool {
    match id {
        Value::String(_) => true,
        Value::Number(number) => number.is_i64() || number.is_u64(),
        _ => false,
    }
}

/// The method and params of a request whose id is usable; params may be left out.
fn read_request(request: &Object) -> Result<(&str, Object), Failure> {
    if request.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(Failure::new(
            -32600,
            "Invalid request: jsonrpc must be \"2.0\"",
        ));
    }
    let Some(method) = request.get("method").and_then(Value::as_str) else {
        return Err(Failure::new(
            -32600,
            "Invalid request: method must be a string",
        ));
    };
    match request.get("params") {
        None => Ok((method, Object::new())),
        Some(Value::Object(params)) => Ok((method, params.clone())),
        Some(_) => Err(Failure::new(
            -32600,
            "Invalid request: params must be an object",
        )),
    }
}

/// The success envelope; every result names the server in `_meta`.
fn result_response(id: Value, mut result: Value) -> Value {
    if let Some(fields) = result.as_object_mut() {
        let info = json!({"name": "learn-capstone", "version": "1.0.0"});
        fields.insert("_meta".into(), json!({ SERVER_INFO_KEY: info }));
    }
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The error envelope: code and message, and data when there is some.
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

// ------------------------------------------------------------------ methods

/// Routes a well-formed request to its method.
fn handle(method: &str, params: &Object) -> Result<Value, Failure> {
    if method == "initialize" {
        // The spec leaves the code open but asks that the versions be named.
        let failure = Failure::new(
            -32601,
            "initialize was removed in 2026-07-28; send _meta with every request instead",
        );
        return Err(failure.with_data(json!({"supported": [PROTOCOL_VERSION]})));
    }
    if !matches!(method, "server/discover" | "tools/list" | "tools/call") {
        return Err(Failure::new(-32601, format!("Method not found: {method}")));
    }
    let capabilities = check_meta(params)?;
    match method {
        "server/discover" => Ok(discover()),
        "tools/list" => Ok(tools_list()),
        _ => call_tool(params, capabilities),
    }
}

/// Checks `params._meta` and returns this request's own client capabilities.
fn check_meta(params: &Object) -> Result<&Object, Failure> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
        return Err(Failure::new(
            -32602,
            "Invalid params: params._meta is required",
        ));
    };
    match meta.get(VERSION_KEY) {
        None => {
            return Err(Failure::new(
                -32602,
                format!("Invalid params: {VERSION_KEY} is required"),
            ));
        }
        Some(Value::String(version)) if version == PROTOCOL_VERSION => {}
        Some(Value::String(version)) => {
            let failure = Failure::new(-32022, format!("Unsupported protocol version {version}"));
            let data = json!({"supported": [PROTOCOL_VERSION], "requested": version});
            return Err(failure.with_data(data));
        }
        Some(_) => {
            return Err(Failure::new(
                -32602,
                format!("Invalid params: {VERSION_KEY} must be a string"),
            ));
        }
    }
    match meta.get(CAPABILITIES_KEY) {
        Some(Value::Object(capabilities)) => Ok(capabilities),
        Some(_) => Err(Failure::new(
            -32602,
            format!("Invalid params: {CAPABILITIES_KEY} must be an object"),
        )),
        None => Err(Failure::new(
            -32602,
            format!("Invalid params: {CAPABILITIES_KEY} is required"),
        )),
    }
}

fn discover() -> Value {
    json!({
        "resultType": "complete",
        "supportedVersions": [PROTOCOL_VERSION],
        "capabilities": {"tools": {}},
        "ttlMs": 60000,
        "cacheScope": "public"
    })
}

fn tools_list() -> Value {
    json!({
        "resultType": "complete",
        "tools": [
            {"name": "add", "description": "Adds two numbers.", "inputSchema": {
                "type": "object",
                "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                "required": ["a", "b"]}},
            {"name": "greet", "description": "Asks for your name, then greets you.",
             "inputSchema": {"type": "object", "properties": {}}}
        ],
        "ttlMs": 60000,
        "cacheScope": "public"
    })
}

fn call_tool(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return Err(Failure::new(
            -32602,
            "Invalid params: tools/call needs a tool name",
        ));
    };
    let no_arguments = Object::new();
    let arguments = match params.get("arguments") {
        None => &no_arguments,
        Some(Value::Object(arguments)) => arguments,
        Some(_) => {
            return Err(Failure::new(
                -32602,
                "Invalid params: arguments must be an object",
            ));
        }
    };
    match name {
        "add" => Ok(add(arguments)),
        "greet" => greet(params, capabilities),
        // A tool nobody has is a bad request, not a tool that ran and failed.
        _ => Err(Failure::new(-32602, format!("Unknown tool: {name}"))),
    }
}

/// A finished tool call with one text block.
fn tool_result(text: &str, is_error: bool) -> Value {
    let mut result = json!({"resultType": "complete", "content": [{"type": "text", "text": text}]});
    if is_error {
        result["isError"] = json!(true);
    }
    result
}

// ------------------------------------------------------------------ add

fn add(arguments: &Object) -> Value {
    let number = |key: &str| match arguments.get(key) {
        Some(Value::Number(number)) => Some(number.clone()),
        _ => None,
    };
    let (Some(a), Some(b)) = (number("a"), number("b")) else {
        // The tool ran and failed: the model reads this and can try again.
        return tool_result("add needs two numbers, `a` and `b`.", true);
    };
    let exact = match (a.as_i64(), b.as_i64()) {
        (Some(a), Some(b)) => a.checked_add(b).map(|sum| sum.to_string()),
        _ => None,
    };
    let sum = exact.or_else(|| {
        let sum = a.as_f64()? + b.as_f64()?;
        sum.is_finite().then(|| sum.to_string())
    });
    match sum {
        Some(text) => tool_result(&text, false),
        None => tool_result("The sum is too large to write down.", true),
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
                Some(name) => tool_result(&format!("Hello, {name}!"), false),
                // Accepted, but no usable name came back: ask again.
                None => ask_for_name(),
            })
        }
        // Whatever the form held, a user who said no is not greeted.
        Some("decline" | "cancel") => {
            Ok(tool_result("No greeting: the name was not shared.", false))
        }
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
