//! Reference solution · exercise 5 · tool-errors
//!
//! Two kinds of failure, reported two ways. A message that cannot be handled
//! as asked gets a JSON-RPC error (-32700, -32600, -32601, -32602). A tool
//! that was found and ran but failed answers with a normal result marked
//! `isError: true`, which the model can read and correct. Every result
//! carries `resultType`.

use mcp_harness::{Value, json, serve_lines};

fn main() {
    serve_lines(respond);
}

/// A message that passed the envelope checks.
struct Request {
    id: Value,
    method: String,
    /// `{}` when the request had no `params`.
    params: Value,
}

/// Answers one line of input. `None` means: write nothing.
fn respond(line: &str) -> Option<Value> {
    let message: Value = match serde_json::from_str(line) {
        Ok(message) => message,
        // Not JSON, so no id can be read from it: the error carries none.
        Err(_) => return Some(error_response(Value::Null, -32700, "Parse error")),
    };
    // Given (notification-silence): no `id` member, or a reply nobody asked
    // for: nobody waits for an answer, so none is written.
    if message.is_object() && (message.get("id").is_none() || is_stray_response(&message)) {
        return None;
    }
    Some(match read_request(&message) {
        Ok(request) => answer(&request),
        Err(error) => error,
    })
}

/// The envelope checks, in the order that decides which id the error gets:
/// while the id is unreadable the error carries none; once it is known, the
/// error copies it.
fn read_request(message: &Value) -> Result<Request, Value> {
    let Some(members) = message.as_object() else {
        return Err(invalid(Value::Null, "a message must be a JSON object"));
    };
    let id = members.get("id").cloned().unwrap_or(Value::Null);
    if !is_usable_id(&id) {
        return Err(invalid(Value::Null, "id must be a string or an integer"));
    }
    if members.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(invalid(id, "jsonrpc must be \"2.0\""));
    }
    let Some(method) = members.get("method").and_then(Value::as_str) else {
        return Err(invalid(id, "method must be a string"));
    };
    let params = match members.get("params") {
        None => json!({}),
        Some(params @ Value::Object(_)) => params.clone(),
        Some(_) => return Err(invalid(id, "params must be an object")),
    };
    Ok(Request {
        id,
        method: method.to_string(),
        params,
    })
}

/// Only the methods this server has. `ping` and `initialize` are gone from
/// 2026-07-28, so they are unknown here like any other name.
fn answer(request: &Request) -> Value {
    let id = request.id.clone();
    match request.method.as_str() {
        "tools/list" => result_response(id, tools_list_result()),
        "tools/call" => match call_tool(&request.params) {
            Ok(result) => result_response(id, result),
            Err(why) => error_response(id, -32602, &format!("Invalid params: {why}")),
        },
        _ => error_response(id, -32601, "Method not found"),
    }
}

/// A protocol problem with the call itself is `Err` (the caller makes it a
/// -32602). Once the tool is found and its arguments are an object, every
/// outcome is a result, failures included.
fn call_tool(params: &Value) -> Result<Value, String> {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return Err("tools/call needs a string `name`".into());
    };
    let empty = json!({});
    let arguments = match params.get("arguments") {
        None => &empty,
        Some(arguments @ Value::Object(_)) => arguments,
        Some(_) => return Err("`arguments` must be an object".into()),
    };
    match name {
        "add" => Ok(add(arguments)),
        // No tool by that name ran, so nothing "failed": the request is wrong.
        other => Err(format!("unknown tool `{other}`")),
    }
}

/// The tool itself: bad argument values are its own failure, reported in a
/// result the model can read and act on.
fn add(arguments: &Value) -> Value {
    let a = arguments.get("a").and_then(Value::as_f64);
    let b = arguments.get("b").and_then(Value::as_f64);
    match (a, b) {
        (Some(a), Some(b)) if (a + b).is_finite() => tool_result(format!("{}", a + b), false),
        (Some(_), Some(_)) => tool_result("the sum is too large to write down".into(), true),
        _ => tool_result(
            format!(
                "add needs two numbers, a and b; got a = {}, b = {}",
                shown(arguments.get("a")),
                shown(arguments.get("b"))
            ),
            true,
        ),
    }
}

/// A `tools/call` result: labelled `complete` like every result, one text
/// block, and `isError` only when the tool failed.
fn tool_result(text: String, is_error: bool) -> Value {
    let mut result = json!({
        "resultType": "complete",
        "content": [{"type": "text", "text": text}]
    });
    if is_error && let Some(members) = result.as_object_mut() {
        members.insert("isError".into(), Value::Bool(true));
    }
    result
}

/// Given: how an argument is quoted back in a tool error.
fn shown(value: Option<&Value>) -> String {
    value.map_or_else(|| "nothing".into(), Value::to_string)
}

/// Given (notification-silence): a reply that nobody here asked for.
fn is_stray_response(message: &Value) -> bool {
    message.get("method").is_none()
        && (message.get("result").is_some() || message.get("error").is_some())
}

/// Given (id-echo): a request id is a string or an integer, nothing else.
fn is_usable_id(id: &Value) -> bool {
    id.is_string() || id.is_i64() || id.is_u64()
}

/// Given: -32600, invalid request.
fn invalid(id: Value, why: &str) -> Value {
    error_response(id, -32600, &format!("Invalid request: {why}"))
}

/// Given: the success envelope. The `_meta` name tag is request-meta's subject.
fn result_response(id: Value, mut result: Value) -> Value {
    if let Some(members) = result.as_object_mut() {
        members.insert(
            "_meta".into(),
            json!({"io.modelcontextprotocol/serverInfo": {"name": "tool-errors", "version": "0.1.0"}}),
        );
    }
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// Given: the error envelope.
fn error_response(id: Value, code: i64, message: &str) -> Value {
    let mut response = json!({"jsonrpc": "2.0", "error": {"code": code, "message": message}});
    // A null id stands for "could not be read". MCP's schema has no null
    // request id, so such an error leaves `id` out (JSON-RPC 2.0 writes null).
    if !id.is_null() {
        response["id"] = id;
    }
    response
}

/// Given: the one tool this server has (`greet` comes in exercise
/// input-required, so it is not listed here: a server lists only what it can call).
fn tools_list_result() -> Value {
    json!({
        "resultType": "complete",
        "tools": [
            {"name": "add", "inputSchema": {"type": "object",
                "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                "required": ["a", "b"]}}
        ],
        "ttlMs": 60000,
        "cacheScope": "public"
    })
}
