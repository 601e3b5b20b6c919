//! Exercise 9 · capstone
//!
//! The final exam: the whole demo server of this lesson, one MCP 2026-07-28
//! stdio server. You have written most of its pieces in exercises 2 to 6;
//! here they meet. The structure and signatures are given; every `todo!()`
//! is yours. The checker plays a long tour against it, including retries of
//! `greet` sent to freshly started processes.
//!
//!   Envelope   not JSON: -32700 (no id). Not an object, unusable id:
//!              -32600 (no id). Wrong `jsonrpc`, no string `method`,
//!              `params` not an object: -32600 (with the id). No `id`
//!              member: a notification, no output. `result`/`error` and no
//!              `method`: a stray response, no output.
//!   Ids        copied exactly: 7 stays 7, "7" stays "7", big ints stay exact.
//!   Methods    `server/discover`, `tools/list`, `tools/call`; anything else
//!              (`ping`, `resources/list`, ...) -32601; `initialize` is an
//!              error too (-32601 or -32022, naming the supported versions).
//!   _meta      missing `params._meta`, protocol version or capabilities:
//!              -32602. Another version: -32022 with
//!              `data: {supported: [...], requested: "..."}`. Unknown keys:
//!              ignored.
//!   Results    every one has `resultType` and
//!              `_meta["io.modelcontextprotocol/serverInfo"]` `{name, version}`.
//!   Tools      `add {a, b}`: the sum as text; bad arguments: an `isError`
//!              result. Unknown tool or `arguments` not an object: -32602.
//!              `greet`: the MRTR round trip of exercise 6.
//!
//! Check your work with `learn check capstone`. Stuck? `learn hint capstone`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

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

// ------------------------------------------------------------------ envelope

/// TODO: answer one line of input; `None` writes nothing. Parse it, sort out
/// notifications, stray responses and unusable ids, then
/// `read_request(..).and_then(|(method, params)| handle(method, &params))`
/// and wrap the outcome with `result_response` or `error_response`.
fn respond(line: &str) -> Option<Value> {
    todo!("answer one line")
}

/// TODO: a string or an integer (no fractions, booleans, null or objects).
fn is_usable_id(id: &Value) -> bool {
    todo!("decide which ids a request may use")
}

/// TODO: the method and params of a request whose id is usable (`params` may
/// be left out: use an empty object). -32600 for a wrong `jsonrpc`, a missing
/// or non-string `method`, or `params` that are not an object.
fn read_request(request: &Object) -> Result<(&str, Object), Failure> {
    todo!("read the request's method and params")
}

/// TODO: `{"jsonrpc": "2.0", "id": id, "result": result}`, with
/// `result._meta[SERVER_INFO_KEY] = {"name": ..., "version": ...}`.
fn result_response(id: Value, result: Value) -> Value {
    todo!("build a result response")
}

/// TODO: `{"jsonrpc": "2.0", "id": id, "error": {"code", "message", "data"?}}`.
/// A null `id` means it could not be read: leave `id` out, as MCP's schema
/// does (plain JSON-RPC 2.0 writes `"id": null`; both pass).
fn error_response(id: Value, failure: Failure) -> Value {
    todo!("build an error response")
}

// ------------------------------------------------------------------ methods

/// TODO: `initialize` and unknown methods fail first (no `_meta` needed to
/// know that); then `check_meta`, then the method.
fn handle(method: &str, params: &Object) -> Result<Value, Failure> {
    todo!("route the request")
}

/// TODO: check `params._meta` (-32602 / -32022 with data) and return this
/// request's own `clientCapabilities` object.
fn check_meta(params: &Object) -> Result<&Object, Failure> {
    todo!("check the request's _meta")
}

/// TODO: `resultType`, `supportedVersions`, `capabilities: {tools: {}}`,
/// `ttlMs` (an integer >= 0) and `cacheScope` (`"public"` or `"private"`).
fn discover() -> Value {
    todo!("describe the server")
}

/// TODO: `add` and `greet`, each with a `name` and an `inputSchema` whose
/// `type` is `"object"`; plus `resultType`, `ttlMs` and `cacheScope`.
fn tools_list() -> Value {
    todo!("list the tools")
}

/// TODO: find the tool; `arguments` (optional) must be an object: -32602
/// otherwise, and -32602 for a tool this server does not have.
fn call_tool(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    todo!("call a tool")
}

/// Given: a finished tool call with one text block.
fn tool_result(text: &str, is_error: bool) -> Value {
    let mut result = json!({"resultType": "complete", "content": [{"type": "text", "text": text}]});
    if is_error {
        result["isError"] = json!(true);
    }
    result
}

// ------------------------------------------------------------------ add

/// TODO: the sum of the numbers `a` and `b` as text; if either is missing
/// or not a number, the tool ran and failed: `tool_result(.., true)`.
fn add(arguments: &Object) -> Value {
    todo!("add two numbers")
}

// ------------------------------------------------------------------ greet (MRTR)

/// TODO: exactly as in exercise 6: -32021 without `elicitation` in THIS
/// request; ask when there is no state; -32602 for a state you did not
/// issue; ask again when the answer is missing; otherwise `reply_to` it.
fn greet(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    todo!("answer a greet call")
}

/// TODO: the `input_required` result with one `elicitation/create` request
/// under `ASK_KEY` and a fresh `requestState`.
fn ask_for_name() -> Value {
    todo!("build the input_required result")
}

/// TODO: accept greets by name; decline and cancel complete without a
/// greeting; anything else is -32602.
fn reply_to(answer: &Value) -> Result<Value, Failure> {
    todo!("turn the user's answer into a result")
}

/// TODO: a state any process of this server can verify (payload + checksum).
fn issue_state() -> String {
    todo!("issue a requestState")
}

/// TODO: true only for a state `issue_state` could have made.
fn verify_state(state: &str) -> bool {
    todo!("verify a requestState")
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
