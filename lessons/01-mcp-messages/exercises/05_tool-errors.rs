//! Exercise 5 · tool-errors
//!
//! A small MCP stdio server with one callable tool, `add`. Two kinds of
//! failure meet here, and each has its own way back to the client:
//!
//! - the MESSAGE is wrong (not JSON, not a request, unknown method, bad
//!   params, unknown tool): a JSON-RPC error response with a code;
//! - the TOOL ran and failed (`add` got "three" instead of a number): a
//!   normal result with `isError: true`, so the model can read what went
//!   wrong and call again.
//!
//! Your TODOs, top to bottom:
//!   1. `respond`: a line that is not JSON.
//!   2. `read_request`: the envelope checks (-32600).
//!   3. `answer`: which methods exist (-32601 for every other name).
//!   4. `call_tool`: which problems with a `tools/call` are -32602.
//!   5. `add`: the sum, or a tool error.
//!   6. `tool_result`: the result body of a `tools/call`. Every result is
//!      labelled with `resultType`.
//!
//! Check your work with `learn check tool-errors`. Stuck? `learn hint tool-errors`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

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
        // TODO: this line is not JSON. Which error code, and which id?
        Err(_) => todo!("answer a line that is not JSON"),
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

/// TODO: the envelope checks. Each failure is -32600 (use `invalid`):
/// not an object; an id that is not a string or an integer (`is_usable_id`);
/// `jsonrpc` not exactly "2.0"; no string `method`; `params` present but not
/// an object. Which of these errors can copy the request's id, and which
/// must use `Value::Null` because there is no usable id?
fn read_request(message: &Value) -> Result<Request, Value> {
    todo!("check the envelope: object, id, jsonrpc, method, params")
}

/// TODO: `tools/list` and `tools/call` exist here; every other method is
/// -32601. (`ping` and `initialize` are not in 2026-07-28 either.) A
/// `call_tool` `Err` becomes -32602, invalid params.
fn answer(request: &Request) -> Value {
    todo!("dispatch on the method")
}

/// TODO: `Err(reason)` for a problem with the call itself: no string `name`,
/// `arguments` present but not an object (absent means `{}`), or a tool this
/// server does not have. Is an unknown tool a tool that failed, or a request
/// that is wrong? Once the tool is found, hand it the arguments: `Ok(add(..))`.
fn call_tool(params: &Value) -> Result<Value, String> {
    todo!("find the tool and check its arguments")
}

/// TODO: `a` and `b` must both be JSON numbers. Then the text is their sum
/// (`tool_result(sum.to_string(), false)`). Otherwise (missing, a string,
/// `true`, `null`) the tool failed: say what was wrong in a tool error.
fn add(arguments: &Value) -> Value {
    todo!("add a and b, or report a tool error")
}

/// TODO: `{"resultType": ..., "content": [{"type": "text", "text": ...}]}`,
/// plus `"isError": true` when the tool failed.
fn tool_result(text: String, is_error: bool) -> Value {
    todo!("build a tools/call result")
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
