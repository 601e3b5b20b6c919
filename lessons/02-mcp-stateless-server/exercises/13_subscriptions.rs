//! Exercise 13 · subscriptions
//!
//! A stdio server whose lists change while it runs: the tool `add_tool`
//! adds a tool, `add_prompt` adds a prompt. A client that wants to hear
//! about such changes sends `subscriptions/listen` with a `notifications`
//! filter, which opens a stream. The stream is the request's answer, for as
//! long as it stays open; this server keeps its streams for the life of its
//! process.
//!
//! Your TODOs, top to bottom:
//!   1. `listen`: open a stream, and write its first message.
//!   2. `cancel`: end a stream when the client says so.
//!   3. `changed`: tell the streams that asked about a change.
//!   4. `tagged`: mark a message as belonging to one stream.
//!
//! Everything else (the envelope, the lists, the tools) is given.
//! Check your work with `learn check subscriptions`. Stuck? `learn hint subscriptions`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;

const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";
const SERVER_INFO_KEY: &str = "io.modelcontextprotocol/serverInfo";

type Object = Map<String, Value>;

fn main() {
    let mut server = Server::new();
    serve_lines(|line| server.respond(line));
}

/// The two kinds of change this server can make, and so the two filter
/// fields it honours. It has no resources: `resourcesListChanged` and
/// `resourceSubscriptions` are never acknowledged.
#[derive(Clone, Copy)]
enum Change {
    Tools,
    Prompts,
}

impl Change {
    /// The filter field that asks for this change.
    fn filter_field(self) -> &'static str {
        match self {
            Change::Tools => "toolsListChanged",
            Change::Prompts => "promptsListChanged",
        }
    }

    /// The notification that reports it.
    fn method(self) -> &'static str {
        match self {
            Change::Tools => "notifications/tools/list_changed",
            Change::Prompts => "notifications/prompts/list_changed",
        }
    }
}

/// One open stream: the id of the listen request that opened it (kept as
/// JSON, so `7` and `"7"` stay two subscriptions) and what it asked for.
struct Subscription {
    id: Value,
    tools: bool,
    prompts: bool,
}

impl Subscription {
    fn wants(&self, change: Change) -> bool {
        match change {
            Change::Tools => self.tools,
            Change::Prompts => self.prompts,
        }
    }
}

/// A JSON-RPC error on its way back to the client.
struct Failure {
    code: i64,
    message: String,
}

fn failure(code: i64, message: impl Into<String>) -> Failure {
    Failure {
        code,
        message: message.into(),
    }
}

/// What the server knows for as long as its process runs.
struct Server {
    /// Tools added by `add_tool`, after the two built-in ones.
    added_tools: Vec<String>,
    /// Prompts added by `add_prompt`, after the built-in `recap`.
    added_prompts: Vec<String>,
    subscriptions: Vec<Subscription>,
}

impl Server {
    fn new() -> Self {
        Server {
            added_tools: Vec::new(),
            added_prompts: Vec::new(),
            subscriptions: Vec::new(),
        }
    }

    /// Every message to write for one input line, in order.
    fn respond(&mut self, line: &str) -> Vec<Value> {
        let message: Value = match serde_json::from_str(line) {
            Ok(message) => message,
            Err(_) => return vec![error_response(Value::Null, failure(-32700, "Parse error"))],
        };
        let Some(object) = message.as_object() else {
            let why = "Invalid request: a message is a JSON object";
            return vec![error_response(Value::Null, failure(-32600, why))];
        };
        let Some(id) = object.get("id") else {
            // A notification: nobody waits for an answer. One of them matters here.
            if object.get("method").and_then(Value::as_str) == Some("notifications/cancelled") {
                self.cancel(object.get("params").unwrap_or(&Value::Null));
            }
            return Vec::new();
        };
        let is_response = object.contains_key("result") || object.contains_key("error");
        if is_response && !object.contains_key("method") {
            return Vec::new();
        }
        if !is_usable_id(id) {
            let why = "Invalid request: an id is a string or an integer";
            return vec![error_response(Value::Null, failure(-32600, why))];
        }
        match read_request(object) {
            Ok((method, params)) => self.answer(id, method, &params),
            Err(failure) => vec![error_response(id.clone(), failure)],
        }
    }

    /// Routes a well-formed request.
    fn answer(&mut self, id: &Value, method: &str, params: &Object) -> Vec<Value> {
        let outcome = match method {
            "subscriptions/listen" => return self.listen(id, params),
            "tools/list" => Ok((self.tools_list(), None)),
            "prompts/list" => Ok((self.prompts_list(), None)),
            "tools/call" => self.call_tool(params),
            _ => Err(failure(-32601, format!("Method not found: {method}"))),
        };
        match outcome {
            Ok((result, change)) => {
                let mut out = vec![result_response(id.clone(), result)];
                if let Some(change) = change {
                    out.extend(self.changed(change));
                }
                out
            }
            Err(failure) => vec![error_response(id.clone(), failure)],
        }
    }

    /// TODO: open a stream for the listen request `id`.
    ///
    /// `params.notifications` is the filter (no such object: -32602, given
    /// below). A field counts only when it is `true`: what does
    /// `"toolsListChanged": false` ask for? Remember a `Subscription` in
    /// `self.subscriptions`, then return the messages to write now. The
    /// first message of a stream is `notifications/subscriptions/acknowledged`,
    /// and its `params.notifications` says what this server will really send:
    /// it can send tools and prompts changes, and it has no resources. And
    /// the listen request itself: does it get a response now?
    fn listen(&mut self, id: &Value, params: &Object) -> Vec<Value> {
        let Some(filter) = params.get("notifications").and_then(Value::as_object) else {
            let why = "Invalid params: subscriptions/listen needs a `notifications` object";
            return vec![error_response(id.clone(), failure(-32602, why))];
        };
        todo!("remember the subscription and acknowledge it")
    }

    /// TODO: `notifications/cancelled` arrived with these `params`. If its
    /// `requestId` opened a stream, that stream ends: nothing more is sent on
    /// it. Which ids are "the same": is `7` the same as `"7"`? An id that
    /// opened no stream is ignored (a notification never gets a reply).
    fn cancel(&mut self, params: &Value) {
        todo!("end the stream this requestId opened")
    }

    /// TODO: the messages to write after `change`: one
    /// `change.method()` notification for each open stream that asked for
    /// it, and none for a stream that did not. How does a client that has two
    /// streams open tell whose notification is whose?
    fn changed(&self, change: Change) -> Vec<Value> {
        todo!("notify the streams that asked for this change")
    }

    fn tools_list(&self) -> Value {
        let name_only = json!({"type": "object",
            "properties": {"name": {"type": "string"}}, "required": ["name"]});
        let mut tools = vec![
            json!({"name": "add_tool", "description": "Adds a tool with this name",
                "inputSchema": name_only}),
            json!({"name": "add_prompt", "description": "Adds a prompt with this name",
                "inputSchema": name_only}),
        ];
        for name in &self.added_tools {
            tools.push(
                json!({"name": name, "description": "Added while the server runs",
                "inputSchema": {"type": "object", "additionalProperties": false}}),
            );
        }
        // A listener hears when this list changes, so a client may keep it a minute.
        json!({"resultType": "complete", "tools": tools, "ttlMs": 60000, "cacheScope": "public"})
    }

    fn prompts_list(&self) -> Value {
        let mut prompts = vec![json!({"name": "recap", "description": "Sums up a conversation"})];
        for name in &self.added_prompts {
            prompts.push(json!({"name": name, "description": "Added while the server runs"}));
        }
        json!({"resultType": "complete", "prompts": prompts, "ttlMs": 60000, "cacheScope": "public"})
    }

    /// A tool's result, and the change it made to a list, if any.
    fn call_tool(&mut self, params: &Object) -> Result<(Value, Option<Change>), Failure> {
        let Some(name) = params.get("name").and_then(Value::as_str) else {
            return Err(failure(
                -32602,
                "Invalid params: tools/call needs a string `name`",
            ));
        };
        let empty = Object::new();
        let arguments = match params.get("arguments") {
            None => &empty,
            Some(Value::Object(arguments)) => arguments,
            Some(_) => {
                return Err(failure(
                    -32602,
                    "Invalid params: `arguments` must be an object",
                ));
            }
        };
        let new_name = arguments.get("name").and_then(Value::as_str);
        match name {
            "add_tool" => Ok(add(new_name, Change::Tools, &mut self.added_tools)),
            "add_prompt" => Ok(add(new_name, Change::Prompts, &mut self.added_prompts)),
            added if self.added_tools.iter().any(|t| t == added) => Ok((
                tool_result(&format!("{added} was added while the server ran"), false),
                None,
            )),
            other => Err(failure(
                -32602,
                format!("Invalid params: unknown tool `{other}`"),
            )),
        }
    }
}

/// `add_tool` and `add_prompt`: a new name changes the list; a missing or
/// taken one is a tool error that changes nothing (and so notifies nobody).
fn add(name: Option<&str>, change: Change, list: &mut Vec<String>) -> (Value, Option<Change>) {
    let built_in: &[&str] = match change {
        Change::Tools => &["add_tool", "add_prompt"],
        Change::Prompts => &["recap"],
    };
    match name {
        Some(name) if name.trim().is_empty() => (tool_result("the name is empty", true), None),
        Some(name) if built_in.contains(&name) || list.iter().any(|n| n == name) => (
            tool_result(&format!("`{name}` is already there"), true),
            None,
        ),
        Some(name) => {
            list.push(name.to_string());
            (tool_result(&format!("added `{name}`"), false), Some(change))
        }
        None => (
            tool_result("give the new name as the string argument `name`", true),
            None,
        ),
    }
}

/// TODO: put `subscription` (the listen request's id) into the
/// notification's `params._meta` under `SUBSCRIPTION_ID`, creating `params`
/// and `_meta` when they are missing (write `mut notification` to change
/// it in place). Same JSON value, same type: an integer id stays an integer.
fn tagged(notification: Value, subscription: &Value) -> Value {
    todo!("tag the notification with its subscription id")
}

fn tool_result(text: &str, is_error: bool) -> Value {
    let mut result = json!({"resultType": "complete", "content": [{"type": "text", "text": text}]});
    if is_error {
        result["isError"] = Value::Bool(true);
    }
    result
}

/// A request id is a string or an integer, nothing else.
fn is_usable_id(id: &Value) -> bool {
    id.is_string() || id.is_i64() || id.is_u64()
}

/// The method and params of a request whose id is usable.
fn read_request(request: &Object) -> Result<(&str, Object), Failure> {
    if request.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(failure(-32600, "Invalid request: jsonrpc must be \"2.0\""));
    }
    let Some(method) = request.get("method").and_then(Value::as_str) else {
        return Err(failure(-32600, "Invalid request: method must be a string"));
    };
    match request.get("params") {
        None => Ok((method, Object::new())),
        Some(Value::Object(params)) => Ok((method, params.clone())),
        Some(_) => Err(failure(-32600, "Invalid request: params must be an object")),
    }
}

/// The success envelope; every result names the server in `_meta`.
fn result_response(id: Value, mut result: Value) -> Value {
    if let Some(fields) = result.as_object_mut() {
        let info = json!({"name": "subscriptions", "version": "0.1.0"});
        fields.insert("_meta".into(), json!({ SERVER_INFO_KEY: info }));
    }
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The error envelope. An id that could not be read is left out.
fn error_response(id: Value, failure: Failure) -> Value {
    let mut response =
        json!({"jsonrpc": "2.0", "error": {"code": failure.code, "message": failure.message}});
    if !id.is_null() {
        response["id"] = id;
    }
    response
}
