//! Exercise 11 · cache-hints
//!
//! A client that asked once should not have to ask again and again: MCP lets
//! a server say, on each cacheable result, how long the answer stays fresh
//! (`ttlMs`, in milliseconds) and who may share a kept copy (`cacheScope`).
//! `"public"`: the same for every caller, so a shared cache (a gateway that
//! serves many users) may hand it to anyone. `"private"`: about the caller,
//! so only the same authorization context may reuse it.
//!
//! This library server already reads requests, checks `_meta`, and builds
//! every result. Your part is the hints:
//!
//!   1. `with_cache_hints`: which results get hints, and what they hold.
//!   2. `scope_of`: public or private, by what the result is about.
//!
//! Check your work with `learn check cache-hints`. Stuck? `learn hint cache-hints`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

use mcp_harness::{Value, json, serve_lines};

const SUPPORTED_VERSIONS: [&str; 1] = ["2026-07-28"];
const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
const CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";
const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// The same text for everyone.
const HOURS_URI: &str = "library://opening-hours";
/// The loans of whoever asks: different for every caller.
const LOANS_URI: &str = "library://my-loans";
/// The key `renew_loans` files its question under.
const CONFIRM_KEY: &str = "confirm_renewal";
/// How long a client may keep a cacheable result, in milliseconds.
const TTL_MS: u64 = 300_000;

/// Who may share a cached copy of a result.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CacheScope {
    /// The same for every caller: any cache may keep it and hand it to anyone.
    Public,
    /// About the caller: only the same authorization context may reuse it.
    Private,
}

impl CacheScope {
    fn as_str(self) -> &'static str {
        match self {
            CacheScope::Public => "public",
            CacheScope::Private => "private",
        }
    }
}

/// A request that gets an error response instead of a result.
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
}

fn main() {
    serve_lines(respond);
}

/// Answers one line of input. `None` means: write nothing.
fn respond(line: &str) -> Option<Value> {
    let (id, method, params) = match read_request(line)? {
        Ok(request) => request,
        Err(error) => return Some(error),
    };
    let body = match method.as_str() {
        "server/discover" => Ok(discover_result()),
        "tools/list" => Ok(tools_list_result()),
        "prompts/list" => Ok(prompts_list_result()),
        "resources/list" => Ok(resources_list_result()),
        "resources/templates/list" => Ok(templates_list_result()),
        "resources/read" => read_resource(&params),
        "tools/call" => call_tool(&params),
        _ => return Some(error_response(id, -32601, "Method not found", None)),
    };
    // A broken `_meta` is the first thing wrong with a request.
    let body = match check_meta(&params).and(body) {
        Ok(body) => body,
        Err(failure) => {
            return Some(error_response(
                id,
                failure.code,
                &failure.message,
                failure.data,
            ));
        }
    };
    let body = with_cache_hints(&method, &params, body);
    Some(result_response(id, with_server_info(body)))
}

/// TODO: add `ttlMs` and `cacheScope` to the results a client may cache.
/// Only six methods have cacheable results: `server/discover`, `tools/list`,
/// `prompts/list`, `resources/list`, `resources/templates/list` and
/// `resources/read`, and only when their `resultType` is `"complete"`.
/// Everything else goes back untouched: an `input_required` result (the spec
/// forbids hints there) and any `tools/call` result (not a cacheable
/// operation, so a hint would mean nothing; this exercise asks for none).
/// `ttlMs` is a whole number of milliseconds, 0 or more, in plain digits:
/// pick any (`TTL_MS` is there if you like it). To change `body` in place,
/// declare it `mut body`; `as_object_mut` gives you its members.
fn with_cache_hints(method: &str, params: &Value, body: Value) -> Value {
    todo!("hints on the complete results of the six cacheable methods, and only there")
}

/// TODO: who may share this result? Ask what it is about: is it the same
/// for every caller, or would showing it to another user leak something?
/// (`params` holds the request's `uri` for `resources/read`.)
fn scope_of(method: &str, params: &Value) -> CacheScope {
    todo!("Public or Private, by what the result is about")
}

/// Given: the request's `_meta` (lesson 1): both required keys, a version
/// this server speaks.
fn check_meta(params: &Value) -> Result<(), Failure> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
        return Err(Failure::new(-32602, "Invalid params: _meta is required"));
    };
    let Some(version) = meta.get(PROTOCOL_VERSION).and_then(Value::as_str) else {
        return Err(Failure::new(
            -32602,
            "Invalid params: protocolVersion is required",
        ));
    };
    if !SUPPORTED_VERSIONS.contains(&version) {
        let mut failure = Failure::new(-32022, "Unsupported protocol version");
        failure.data = Some(json!({"supported": SUPPORTED_VERSIONS, "requested": version}));
        return Err(failure);
    }
    if !meta.get(CLIENT_CAPABILITIES).is_some_and(Value::is_object) {
        return Err(Failure::new(
            -32602,
            "Invalid params: clientCapabilities is required",
        ));
    }
    Ok(())
}

/// Given: `resources/read` of the two resources this server has.
fn read_resource(params: &Value) -> Result<Value, Failure> {
    let Some(uri) = params.get("uri").and_then(Value::as_str) else {
        return Err(Failure::new(-32602, "Invalid params: uri must be a string"));
    };
    let text = match uri {
        HOURS_URI => "Open Monday to Saturday, 9:00 to 18:00.".to_string(),
        LOANS_URI => {
            let caller = params
                .pointer(&format!("/_meta/{}/name", CLIENT_INFO.replace('/', "~1")))
                .and_then(Value::as_str)
                .unwrap_or("unnamed client");
            format!("Loans of {caller}: \"The Hobbit\", due in 9 days.")
        }
        _ => {
            let mut failure = Failure::new(-32602, "Resource not found");
            failure.data = Some(json!({"uri": uri}));
            return Err(failure);
        }
    };
    Ok(json!({
        "resultType": "complete",
        "contents": [{"uri": uri, "mimeType": "text/plain", "text": text}]
    }))
}

/// Given: `renew_loans` asks the user to confirm (an `input_required`
/// result), and the retry that carries the answer renews or does not.
fn call_tool(params: &Value) -> Result<Value, Failure> {
    if params.get("name").and_then(Value::as_str) != Some("renew_loans") {
        return Err(Failure::new(-32602, "Invalid params: unknown tool"));
    }
    let capabilities = params
        .get("_meta")
        .and_then(|meta| meta.get(CLIENT_CAPABILITIES));
    if !capabilities
        .and_then(|c| c.get("elicitation"))
        .is_some_and(Value::is_object)
    {
        let mut failure = Failure::new(-32021, "renew_loans needs elicitation to confirm");
        failure.data = Some(json!({"requiredCapabilities": {"elicitation": {}}}));
        return Err(failure);
    }
    let answer = params
        .get("inputResponses")
        .and_then(|answers| answers.get(CONFIRM_KEY));
    let Some(answer) = answer else {
        return Ok(json!({
            "resultType": "input_required",
            "inputRequests": {CONFIRM_KEY: {
                "method": "elicitation/create",
                "params": {
                    "mode": "form",
                    "message": "Renew all your loans for two more weeks?",
                    "requestedSchema": {
                        "type": "object",
                        "properties": {"confirm": {"type": "boolean"}},
                        "required": ["confirm"]
                    }
                }
            }}
        }));
    };
    let accepted = answer.get("action").and_then(Value::as_str) == Some("accept")
        && answer.pointer("/content/confirm") == Some(&Value::Bool(true));
    let text = if accepted {
        "Your loans are renewed for two more weeks."
    } else {
        "Nothing was renewed."
    };
    Ok(json!({
        "resultType": "complete",
        "content": [{"type": "text", "text": text}],
        "isError": false
    }))
}

/// Given: what `server/discover` says about this server.
fn discover_result() -> Value {
    json!({
        "resultType": "complete",
        "supportedVersions": SUPPORTED_VERSIONS,
        "capabilities": {"tools": {}, "prompts": {}, "resources": {}}
    })
}

/// Given: the one tool.
fn tools_list_result() -> Value {
    json!({
        "resultType": "complete",
        "tools": [{
            "name": "renew_loans",
            "description": "Renews every loan of the caller, after asking",
            "inputSchema": {"type": "object"}
        }]
    })
}

/// Given: the one prompt.
fn prompts_list_result() -> Value {
    json!({
        "resultType": "complete",
        "prompts": [{"name": "recommend", "description": "Suggests a book to read next"}]
    })
}

/// Given: the two resources. Everyone sees the same two entries.
fn resources_list_result() -> Value {
    json!({
        "resultType": "complete",
        "resources": [
            {"uri": HOURS_URI, "name": "opening-hours", "mimeType": "text/plain"},
            {"uri": LOANS_URI, "name": "my-loans", "mimeType": "text/plain"}
        ]
    })
}

/// Given: the one resource template.
fn templates_list_result() -> Value {
    json!({
        "resultType": "complete",
        "resourceTemplates": [
            {"uriTemplate": "library://books/{isbn}", "name": "book", "mimeType": "text/plain"}
        ]
    })
}

/// Given (lesson 1): puts the server's name tag in `result._meta`.
fn with_server_info(mut body: Value) -> Value {
    if let Some(members) = body.as_object_mut() {
        members.insert(
            "_meta".into(),
            json!({SERVER_INFO: {"name": "cache-hints", "version": "0.1.0"}}),
        );
    }
    body
}

/// Given (lesson 1): reads one line as a request. `None`: nothing may be
/// written (a notification or a stray response). `Some(Err(..))`: the error
/// response to write.
fn read_request(line: &str) -> Option<Result<(Value, String, Value), Value>> {
    let Ok(message) = serde_json::from_str::<Value>(line) else {
        return Some(Err(error_response(
            Value::Null,
            -32700,
            "Parse error",
            None,
        )));
    };
    let Some(members) = message.as_object() else {
        return Some(Err(invalid(Value::Null, "a message is a JSON object")));
    };
    let id = members.get("id")?.clone();
    if !members.contains_key("method")
        && (members.contains_key("result") || members.contains_key("error"))
    {
        return None;
    }
    if !(id.is_string() || id.is_i64() || id.is_u64()) {
        return Some(Err(invalid(
            Value::Null,
            "id must be a string or an integer",
        )));
    }
    if members.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Some(Err(invalid(id, "jsonrpc must be \"2.0\"")));
    }
    let Some(method) = members.get("method").and_then(Value::as_str) else {
        return Some(Err(invalid(id, "method must be a string")));
    };
    let params = match members.get("params") {
        None => json!({}),
        Some(params @ Value::Object(_)) => params.clone(),
        Some(_) => return Some(Err(invalid(id, "params must be an object"))),
    };
    Some(Ok((id, method.to_string(), params)))
}

/// Given: -32600, invalid request.
fn invalid(id: Value, why: &str) -> Value {
    error_response(id, -32600, &format!("Invalid request: {why}"), None)
}

/// Given: the success envelope.
fn result_response(id: Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// Given: the error envelope; `data` is optional extra detail for the client.
fn error_response(id: Value, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut error = json!({"code": code, "message": message});
    if let (Some(data), Some(members)) = (data, error.as_object_mut()) {
        members.insert("data".into(), data);
    }
    let mut response = json!({"jsonrpc": "2.0", "error": error});
    if !id.is_null() {
        response["id"] = id;
    }
    response
}
