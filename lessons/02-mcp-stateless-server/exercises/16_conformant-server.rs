//! Exercise 16 · conformant-server (lesson 2's capstone)
//!
//! One MCP 2026-07-28 stdio server that the official conformance suite
//! accepts. The envelope, the `_meta` checks, the tools, prompts and
//! resources are given; the functions marked TODO are lesson 2's part.
//! It offers the tools, prompts and resources the suite calls by name
//! (`test_*`, `test://...`), and it puts the whole of both lessons to work:
//!
//! - lesson 1's envelope: ids copied exactly, `_meta` checked on every
//!   request, the right JSON-RPC error for each kind of bad input;
//! - discovery and caching: `server/discover`, and `ttlMs` + `cacheScope` on
//!   every cacheable result (never on `input_required`);
//! - pagination: every list fits in one page, so no cursor was ever issued
//!   and any cursor a client sends is refused;
//! - subscriptions: `subscriptions/listen` is acknowledged first, every
//!   stream notification carries the subscription id, the filter is obeyed,
//!   and `notifications/cancelled` ends a stream;
//! - multi round-trip requests: several questions at once, several rounds,
//!   answers checked, and a requestState sealed with HMAC-SHA256 so any
//!   process can trust it and a tampered one is refused;
//! - logging (deprecated, still in the spec): `notifications/message` only
//!   for a request whose `_meta` asks for it, before that request's answer.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;

const PROTOCOL_VERSION: &str = "2026-07-28";
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
const LOG_LEVEL_KEY: &str = "io.modelcontextprotocol/logLevel";
const SERVER_INFO_KEY: &str = "io.modelcontextprotocol/serverInfo";
const SUBSCRIPTION_KEY: &str = "io.modelcontextprotocol/subscriptionId";

/// How long a cacheable answer stays fresh, in milliseconds.
const TTL_MS: u64 = 60_000;

type Object = Map<String, Value>;

fn main() {
    // The closure owns the server, so the open subscriptions live as long as
    // the process: the only state a stateless server keeps is its streams.
    let mut server = Server::default();
    serve_lines(move |line| server.respond(line));
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

    fn invalid(message: impl Into<String>) -> Self {
        Failure::new(-32602, message)
    }

    fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }
}

/// How a request is answered.
enum Reply {
    /// A result: the response goes out now.
    Result(Value),
    /// A stream was opened: its answer comes only if the server ends it.
    Stream,
}

/// One open `subscriptions/listen` stream.
struct Listener {
    /// The listen request's id, exactly as sent: it tags every notification.
    id: Value,
    /// The client asked for `notifications/tools/list_changed`.
    tools_changed: bool,
}

#[derive(Default)]
struct Server {
    listeners: Vec<Listener>,
}

// ------------------------------------------------------------------ envelope

impl Server {
    /// Answers one line of input with the messages to write, in order.
    fn respond(&mut self, line: &str) -> Vec<Value> {
        let message: Value = match serde_json::from_str(line) {
            Ok(message) => message,
            Err(_) => {
                return vec![error_response(
                    Value::Null,
                    Failure::new(-32700, "Parse error"),
                )];
            }
        };
        let Some(object) = message.as_object() else {
            let failure = Failure::new(-32600, "Invalid request: a message is a JSON object");
            return vec![error_response(Value::Null, failure)];
        };
        // No `id`: a notification. Nobody waits for an answer.
        let Some(id) = object.get("id") else {
            self.notification(object);
            return Vec::new();
        };
        // A response nobody here asked for: answering it could start an echo.
        let is_response = object.contains_key("result") || object.contains_key("error");
        if is_response && !object.contains_key("method") {
            return Vec::new();
        }
        if !is_usable_id(id) {
            let failure = Failure::new(-32600, "Invalid request: an id is a string or an integer");
            return vec![error_response(Value::Null, failure)];
        }
        // Notifications the request causes (logs, list changes) go first.
        let mut out = Vec::new();
        let outcome = read_request(object)
            .and_then(|(method, params)| self.handle(id, method, &params, &mut out));
        match outcome {
            Ok(Reply::Result(result)) => out.push(result_response(id.clone(), result)),
            Ok(Reply::Stream) => {}
            Err(failure) => out.push(error_response(id.clone(), failure)),
        }
        out
    }

    /// TODO: the one notification this server acts on (fact F9). On stdio a
    /// client ends a stream with `notifications/cancelled`, whose
    /// `params.requestId` is the listen request's id: forget the listener with
    /// that id (same JSON value and type). Every other notification is ignored.
    fn notification(&mut self, object: &Object) {
        todo!()
    }
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
        let info = json!({"name": "learn-conformant-server", "version": "1.0.0"});
        fields.insert("_meta".into(), json!({ SERVER_INFO_KEY: info }));
    }
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The error envelope. A null id stands for "could not be read": MCP has no
/// null request id, so such an error leaves `id` out.
fn error_response(id: Value, failure: Failure) -> Value {
    let mut error = Object::new();
    error.insert("code".into(), json!(failure.code));
    error.insert("message".into(), json!(failure.message));
    if let Some(data) = failure.data {
        error.insert("data".into(), data);
    }
    let mut response = json!({"jsonrpc": "2.0", "error": error});
    if !id.is_null() {
        response["id"] = id;
    }
    response
}

// ------------------------------------------------------------------ _meta

/// What a request's `_meta` says about the client, for this request only.
struct Caller<'a> {
    capabilities: &'a Object,
    /// The lowest log level the client wants to hear, if it asked for logs.
    log_level: Option<usize>,
}

/// The syslog levels, least severe first: a level's index is its rank.
const LOG_LEVELS: [&str; 8] = [
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
];

/// Checks `params._meta`: the version, the capabilities and, when present, the log level.
fn read_meta(params: &Object) -> Result<Caller<'_>, Failure> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
        return Err(Failure::invalid("Invalid params: params._meta is required"));
    };
    match meta.get(VERSION_KEY) {
        Some(Value::String(version)) if version == PROTOCOL_VERSION => {}
        Some(Value::String(version)) => {
            let failure = Failure::new(-32022, format!("Unsupported protocol version {version}"));
            let data = json!({"supported": [PROTOCOL_VERSION], "requested": version});
            return Err(failure.with_data(data));
        }
        Some(_) => {
            return Err(Failure::invalid(format!(
                "Invalid params: {VERSION_KEY} must be a string"
            )));
        }
        None => {
            return Err(Failure::invalid(format!(
                "Invalid params: {VERSION_KEY} is required"
            )));
        }
    }
    let Some(capabilities) = meta.get(CAPABILITIES_KEY).and_then(Value::as_object) else {
        return Err(Failure::invalid(format!(
            "Invalid params: {CAPABILITIES_KEY} is required and is an object"
        )));
    };
    let log_level = match meta.get(LOG_LEVEL_KEY) {
        None => None,
        Some(level) => {
            let rank = level
                .as_str()
                .and_then(|name| LOG_LEVELS.iter().position(|l| *l == name));
            Some(rank.ok_or_else(|| {
                Failure::invalid(format!(
                    "Invalid params: {LOG_LEVEL_KEY} is not a log level"
                ))
            })?)
        }
    };
    Ok(Caller {
        capabilities,
        log_level,
    })
}

/// Whether the client declared `name` (an object) for this request.
fn declares(capabilities: &Object, name: &str) -> bool {
    capabilities.get(name).is_some_and(Value::is_object)
}

// ------------------------------------------------------------------ methods

/// Every method this server serves. Anything else, the removed `initialize`,
/// `ping`, `logging/setLevel` and `resources/subscribe` included, is -32601.
const METHODS: [&str; 9] = [
    "server/discover",
    "tools/list",
    "tools/call",
    "prompts/list",
    "prompts/get",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "subscriptions/listen",
];

impl Server {
    /// Routes a well-formed request to its method.
    fn handle(
        &mut self,
        id: &Value,
        method: &str,
        params: &Object,
        out: &mut Vec<Value>,
    ) -> Result<Reply, Failure> {
        if !METHODS.contains(&method) {
            return Err(Failure::new(-32601, format!("Method not found: {method}")));
        }
        let caller = read_meta(params)?;
        let result = match method {
            "server/discover" => cacheable(discover()),
            "tools/list" => cacheable(one_page(params, tools_list())?),
            "prompts/list" => cacheable(one_page(params, prompts_list())?),
            "resources/list" => cacheable(one_page(params, resources_list())?),
            "resources/templates/list" => cacheable(one_page(params, templates_list())?),
            "resources/read" => cacheable(read_resource(params)?),
            "prompts/get" => get_prompt(params, &caller)?,
            "tools/call" => self.call_tool(params, &caller, out)?,
            _ => {
                self.listen(id, params, out)?;
                return Ok(Reply::Stream);
            }
        };
        Ok(Reply::Result(result))
    }
}

/// TODO: the caching hints (facts F2, F3). Every complete result of
/// server/discover, the four list methods and resources/read tells the
/// client how long it stays fresh (`ttlMs`: TTL_MS, an integer) and who may
/// reuse it (`cacheScope`: `"public"`, the same for every caller, or
/// `"private"`). Add both fields to `result` and return it.
fn cacheable(result: Value) -> Value {
    todo!()
}

fn complete(fields: Value) -> Value {
    let mut result = json!({"resultType": "complete"});
    if let (Some(all), Value::Object(more)) = (result.as_object_mut(), fields) {
        all.extend(more);
    }
    result
}

/// TODO: the answer to `server/discover` (fact F1). A client may call it
/// first to learn what this server speaks and offers, or never call it at
/// all: nothing else depends on it. Complete it (`complete(json!({...}))`)
/// with `supportedVersions` (a list holding PROTOCOL_VERSION) and
/// `capabilities`: `tools` (with `listChanged: true`, since listeners hear
/// when the list changes), `prompts`, `resources`, and `logging` (this server
/// sends log messages, so it must say so). `handle` adds the caching hints.
fn discover() -> Value {
    todo!()
}

/// TODO: one page (facts F5, F6). The server picks the page size; this
/// one's lists are short, so every list is one page, with no `nextCursor`.
/// So no cursor was ever issued here, and a request that sends one (even
/// `""`) names a cursor this server did not issue: refuse it with
/// `Failure::invalid(...)` (-32602). Otherwise return `list` as it is.
fn one_page(params: &Object, list: Value) -> Result<Value, Failure> {
    todo!()
}

// ------------------------------------------------------------------ subscriptions

impl Server {
    /// TODO: open a stream (facts F7, F8). `params.notifications` is the
    /// filter, an object (else -32602). The one change this server ever
    /// announces is the tool list's, so it honours `toolsListChanged: true` and
    /// nothing else. Push the acknowledgment into `out` first
    /// (`notifications/subscriptions/acknowledged`, made by
    /// `stream_notification`, whose params hold `notifications`: the honoured
    /// part of the filter only), then remember a `Listener`. The request itself
    /// gets no response: `handle` returns `Reply::Stream` for it.
    fn listen(&mut self, id: &Value, params: &Object, out: &mut Vec<Value>) -> Result<(), Failure> {
        todo!()
    }

    /// TODO: tell the streams (fact F10). For every listener that asked for
    /// tool-list changes, push `notifications/tools/list_changed` (its params
    /// are empty but for the tag) into `out`.
    fn tools_changed(&self, out: &mut Vec<Value>) {
        todo!()
    }
}

/// TODO: a notification of the stream opened by request `id` (fact F9).
/// Tag it: `params._meta` holds SUBSCRIPTION_KEY with `id` exactly as the
/// listen request sent it (7 and "7" are different streams), then wrap
/// `method` and `params` in a JSON-RPC notification (no `id`).
fn stream_notification(id: &Value, method: &str, params: Value) -> Value {
    todo!()
}

// ------------------------------------------------------------------ tools

/// The tools, with what each one shows the client.
const TOOLS: [(&str, &str); 14] = [
    ("test_simple_text", "Returns one text block."),
    (
        "test_error_handling",
        "Always fails, as a tool error the model can read.",
    ),
    (
        "test_logging_tool",
        "Logs two messages when the request asks for logs, then answers.",
    ),
    (
        "test_trigger_tool_change",
        "Tells every listening client that the tool list changed.",
    ),
    (
        "test_missing_capability",
        "Asks the client's model a question: needs sampling.",
    ),
    (
        "test_streaming_elicitation",
        "Asks the user for a name: needs elicitation.",
    ),
    (
        "test_input_required_result_elicitation",
        "Asks the user for a name, then greets them.",
    ),
    (
        "test_input_required_result_sampling",
        "Asks the client's model a question.",
    ),
    (
        "test_input_required_result_list_roots",
        "Asks the client for its roots.",
    ),
    (
        "test_input_required_result_request_state",
        "Asks for a confirmation and checks its signed state.",
    ),
    (
        "test_input_required_result_multiple_inputs",
        "Asks three things at once: a name, a greeting and the roots.",
    ),
    (
        "test_input_required_result_multi_round",
        "Asks a name, then a colour: two rounds.",
    ),
    (
        "test_input_required_result_tampered_state",
        "Asks for a confirmation; refuses a state it did not sign.",
    ),
    (
        "test_input_required_result_capabilities",
        "Asks only what the client declared it can answer.",
    ),
];

fn tools_list() -> Value {
    let tools: Vec<Value> = TOOLS
        .iter()
        .map(|(name, description)| {
            json!({"name": name, "description": description,
                   "inputSchema": {"type": "object", "properties": {}}})
        })
        .collect();
    complete(json!({ "tools": tools }))
}

/// A finished tool call with one text block.
fn tool_result(text: &str, is_error: bool) -> Value {
    let mut result = complete(json!({"content": [{"type": "text", "text": text}]}));
    if is_error {
        result["isError"] = json!(true);
    }
    result
}

impl Server {
    fn call_tool(
        &self,
        params: &Object,
        caller: &Caller,
        out: &mut Vec<Value>,
    ) -> Result<Value, Failure> {
        let Some(name) = params.get("name").and_then(Value::as_str) else {
            return Err(Failure::invalid(
                "Invalid params: tools/call needs a tool name",
            ));
        };
        if !matches!(params.get("arguments"), None | Some(Value::Object(_))) {
            return Err(Failure::invalid(
                "Invalid params: arguments must be an object",
            ));
        }
        match name {
            "test_simple_text" => Ok(tool_result("This is a simple text response.", false)),
            // The tool ran and failed: a result the model reads, not a JSON-RPC error.
            "test_error_handling" => Ok(tool_result("This tool failed on purpose.", true)),
            "test_logging_tool" => {
                log(caller, out, "debug", "test_logging_tool started");
                log(caller, out, "info", "test_logging_tool is done");
                Ok(tool_result("Logged what the request asked for.", false))
            }
            "test_trigger_tool_change" => {
                // A real server would have installed or removed a tool here.
                self.tools_changed(out);
                Ok(tool_result(
                    "Listeners were told the tool list changed.",
                    false,
                ))
            }
            _ if TOOLS.iter().any(|(tool, _)| *tool == name) => {
                match ask(name, "tools/call", params, caller.capabilities)? {
                    Progress::Ask(result) => Ok(result),
                    Progress::Done(answers) => Ok(tool_result(&summary(name, &answers), false)),
                }
            }
            // A tool nobody has is a bad request, not a tool that ran and failed.
            _ => Err(Failure::invalid(format!("Unknown tool: {name}"))),
        }
    }
}

// ------------------------------------------------------------------ logging

/// TODO: logging (fact F16; deprecated in 2026-07-28, still in the spec).
/// Push a `notifications/message` (params: `level`, `logger`, `data`) into
/// `out` only when this request asked for logs (`caller.log_level`, the rank
/// in LOG_LEVELS of the level it gave) and `level` ranks at that level or
/// above. `out` is written before the request's answer, which is where a log
/// message belongs; it never goes on a listen stream.
fn log(caller: &Caller, out: &mut Vec<Value>, level: &str, data: &str) {
    todo!()
}

// ------------------------------------------------------------------ prompts

fn prompts_list() -> Value {
    complete(json!({"prompts": [
        {"name": "test_simple_prompt", "description": "A prompt with no arguments."},
        {"name": "test_prompt_with_arguments", "description": "A prompt built from two arguments.",
         "arguments": [
            {"name": "arg1", "description": "The first argument.", "required": true},
            {"name": "arg2", "description": "The second argument.", "required": true}]},
        {"name": "test_input_required_result_prompt",
         "description": "Asks the user for context before it is built."}
    ]}))
}

/// A prompt of one user message.
fn prompt(text: &str) -> Value {
    complete(json!({"messages": [{"role": "user", "content": {"type": "text", "text": text}}]}))
}

fn get_prompt(params: &Object, caller: &Caller) -> Result<Value, Failure> {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return Err(Failure::invalid(
            "Invalid params: prompts/get needs a prompt name",
        ));
    };
    let argument = |key: &str| {
        params
            .get("arguments")
            .and_then(|a| a.get(key))
            .and_then(Value::as_str)
            .ok_or_else(|| Failure::invalid(format!("Invalid params: argument {key} is required")))
    };
    match name {
        "test_simple_prompt" => Ok(prompt("This is a simple prompt.")),
        "test_prompt_with_arguments" => {
            let (first, second) = (argument("arg1")?, argument("arg2")?);
            Ok(prompt(&format!(
                "Prompt with arguments: arg1='{first}', arg2='{second}'"
            )))
        }
        // prompts/get is one of the three methods that may ask for input.
        "test_input_required_result_prompt" => {
            match ask(name, "prompts/get", params, caller.capabilities)? {
                Progress::Ask(result) => Ok(result),
                Progress::Done(answers) => Ok(prompt(&format!(
                    "Answer with this context: {}",
                    said(&answers, "user_context")
                ))),
            }
        }
        _ => Err(Failure::invalid(format!("Unknown prompt: {name}"))),
    }
}

// ------------------------------------------------------------------ resources

const STATIC_TEXT: &str = "test://static-text";
const TEMPLATE_PREFIX: &str = "test://template/";
const TEMPLATE_SUFFIX: &str = "/data";

fn resources_list() -> Value {
    complete(
        json!({"resources": [{"uri": STATIC_TEXT, "name": "static-text",
        "description": "A fixed text.", "mimeType": "text/plain"}]}),
    )
}

fn templates_list() -> Value {
    complete(
        json!({"resourceTemplates": [{"uriTemplate": "test://template/{id}/data",
        "name": "template-data", "description": "Data for one id.", "mimeType": "application/json"}]}),
    )
}

fn read_resource(params: &Object) -> Result<Value, Failure> {
    let Some(uri) = params.get("uri").and_then(Value::as_str) else {
        return Err(Failure::invalid(
            "Invalid params: resources/read needs a uri",
        ));
    };
    let id = uri
        .strip_prefix(TEMPLATE_PREFIX)
        .and_then(|rest| rest.strip_suffix(TEMPLATE_SUFFIX))
        .filter(|id| !id.is_empty() && !id.contains('/'));
    let (mime, text) = match (uri, id) {
        (STATIC_TEXT, _) => (
            "text/plain",
            "This is the content of the static text resource.".to_string(),
        ),
        (_, Some(id)) => (
            "application/json",
            json!({"id": id, "data": format!("Data for ID: {id}")}).to_string(),
        ),
        // Never an empty `contents`: a resource that is not there is an error naming it.
        _ => return Err(Failure::invalid("Resource not found").with_data(json!({ "uri": uri }))),
    };
    Ok(complete(
        json!({"contents": [{"uri": uri, "mimeType": mime, "text": text}]}),
    ))
}

// ------------------------------------------------------------------ MRTR: questions

/// One question of an `input_required` result: the key its answer comes back
/// under, and the request the client runs to answer it.
struct Question {
    key: &'static str,
    request: Value,
}

fn elicit(key: &'static str, message: &str, field: &str, kind: &str) -> Question {
    let request = json!({"method": "elicitation/create", "params": {
        "mode": "form",
        "message": message,
        "requestedSchema": {"type": "object", "properties": {field: {"type": kind}}, "required": [field]}}});
    Question { key, request }
}

fn sample(key: &'static str, text: &str) -> Question {
    let request = json!({"method": "sampling/createMessage", "params": {
        "messages": [{"role": "user", "content": {"type": "text", "text": text}}],
        "maxTokens": 100}});
    Question { key, request }
}

fn roots(key: &'static str) -> Question {
    Question {
        key,
        request: json!({"method": "roots/list", "params": {}}),
    }
}

/// The client capability a question needs.
fn capability(question: &Question) -> &'static str {
    match question.request["method"].as_str() {
        Some("elicitation/create") => "elicitation",
        Some("sampling/createMessage") => "sampling",
        _ => "roots",
    }
}

/// The rounds of questions `name` asks, one list per round.
fn rounds(name: &str, capabilities: &Object) -> Vec<Vec<Question>> {
    let your_name = || elicit("user_name", "What is your name?", "name", "string");
    let capital = || sample("capital_question", "What is the capital of France?");
    let confirm = || elicit("confirm", "Please confirm", "ok", "boolean");
    match name {
        "test_input_required_result_sampling" | "test_missing_capability" => vec![vec![capital()]],
        "test_input_required_result_list_roots" => vec![vec![roots("client_roots")]],
        "test_input_required_result_request_state"
        | "test_input_required_result_tampered_state" => {
            vec![vec![confirm()]]
        }
        "test_input_required_result_multiple_inputs" => vec![vec![
            your_name(),
            sample("greeting", "Generate a greeting"),
            roots("client_roots"),
        ]],
        "test_input_required_result_multi_round" => vec![
            vec![elicit(
                "step1",
                "Step 1: What is your name?",
                "name",
                "string",
            )],
            vec![elicit(
                "step2",
                "Step 2: What is your favorite color?",
                "color",
                "string",
            )],
        ],
        "test_input_required_result_capabilities" => {
            // Ask only what this client can answer; a client that can answer
            // nothing is told the one capability that would do.
            let mut asked: Vec<Question> = [capital(), your_name(), roots("client_roots")]
                .into_iter()
                .filter(|q| declares(capabilities, capability(q)))
                .collect();
            if asked.is_empty() {
                asked.push(capital());
            }
            vec![asked]
        }
        "test_input_required_result_prompt" => vec![vec![elicit(
            "user_context",
            "What context should the prompt use?",
            "context",
            "string",
        )]],
        _ => vec![vec![your_name()]],
    }
}

// ------------------------------------------------------------------ MRTR: rounds

/// Where a multi round-trip request stands after this retry.
enum Progress {
    /// Still missing answers: the `input_required` result to send.
    Ask(Value),
    /// Every round answered: the answers, by key.
    Done(Object),
}

/// TODO: one step of `name`'s questions (facts F11-F14). `rounds(...)`
/// lists the rounds; `require_capabilities` first. Where the request
/// stands: no `requestState` means round 0 with no answers yet, else
/// `open_state` says (and refuses a forged one). `inputResponses` is absent
/// or an object (else -32602). Read this round's answers only (`check_answer`
/// each; keys nobody asked about are ignored) into the answers so far. If a
/// question of this round is still unanswered, ask for just those again:
/// `Progress::Ask(input_required(&missing, seal_state(...)))`. Else ask the
/// next round's questions with the next round in the state, or, after the
/// last round, return `Progress::Done(answers)`.
fn ask(
    name: &str,
    method: &str,
    params: &Object,
    capabilities: &Object,
) -> Result<Progress, Failure> {
    todo!()
}

/// -32021 unless this request's own capabilities cover every question.
fn require_capabilities(rounds: &[Vec<Question>], capabilities: &Object) -> Result<(), Failure> {
    let mut missing = Object::new();
    for question in rounds.iter().flatten() {
        let needed = capability(question);
        if !declares(capabilities, needed) {
            missing.insert(needed.into(), json!({}));
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    let failure = Failure::new(
        -32021,
        "This request needs client capabilities it did not declare",
    );
    Err(failure.with_data(json!({ "requiredCapabilities": missing })))
}

/// The `input_required` result: the questions, and the state to send back.
/// It has no caching hints: it is not an answer anyone may keep.
fn input_required(questions: &[&Question], state: String) -> Value {
    let requests: Object = questions
        .iter()
        .map(|q| (q.key.to_string(), q.request.clone()))
        .collect();
    json!({"resultType": "input_required", "inputRequests": requests, "requestState": state})
}

/// TODO: an answer is the result of the request that was asked (fact F14).
/// Not an object: -32602. For elicitation/create: `action` is accept,
/// decline or cancel (else -32602); decline and cancel are answers; accept
/// is an answer only when `content` has every field the form's
/// `requestedSchema.required` lists (else `Ok(None)`: ask again). For
/// sampling/createMessage the result has `content`; for roots/list, a
/// `roots` array (else -32602). An answer is kept as it came.
fn check_answer(question: &Question, answer: &Value) -> Result<Option<Value>, Failure> {
    todo!()
}

/// The text a tool answers with once everything is answered.
fn summary(name: &str, answers: &Object) -> String {
    let said = |key| said(answers, key);
    match name {
        "test_input_required_result_sampling" | "test_missing_capability" => {
            format!("The model answered: {}", said("capital_question"))
        }
        "test_input_required_result_list_roots" => format!("Your roots: {}", said("client_roots")),
        "test_input_required_result_request_state"
        | "test_input_required_result_tampered_state" => {
            format!(
                "state-ok: the signed state came back intact; confirmed: {}",
                said("confirm")
            )
        }
        "test_input_required_result_multiple_inputs" => format!(
            "{} {}! Your roots: {}",
            said("greeting"),
            said("user_name"),
            said("client_roots")
        ),
        "test_input_required_result_multi_round" => {
            format!("{} likes {}.", said("step1"), said("step2"))
        }
        "test_input_required_result_capabilities" => {
            let parts: Vec<String> = answers
                .keys()
                .map(|key| format!("{key}: {}", said(key)))
                .collect();
            format!("Answered: {}", parts.join("; "))
        }
        _ => format!("Hello, {}!", said("user_name")),
    }
}

/// One answer in words: the form's values, the model's text, or the root URIs.
fn said(answers: &Object, key: &str) -> String {
    let Some(answer) = answers.get(key) else {
        return String::new();
    };
    if let Some(action) = answer.get("action").and_then(Value::as_str) {
        if action != "accept" {
            return format!("({action}d)");
        }
        let values = answer["content"].as_object().into_iter().flatten();
        return values
            .map(|(_, v)| text_of(v))
            .collect::<Vec<_>>()
            .join(", ");
    }
    if let Some(roots) = answer.get("roots").and_then(Value::as_array) {
        return roots
            .iter()
            .map(|r| text_of(&r["uri"]))
            .collect::<Vec<_>>()
            .join(", ");
    }
    text_of(&answer["content"]["text"])
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

// ------------------------------------------------------------------ MRTR: signed state

/// The key requestState is signed with. Every process of this server knows it,
/// and no client does. Here it is in the source for the exercise; a real
/// server loads a random secret from its configuration.
const STATE_KEY: &[u8] = b"learn conformant-server: requestState signing key";

/// TODO: requestState (fact F13). Everything the next retry needs (method,
/// name, round, answers so far) as JSON, hex-encoded, then `.`, then the
/// hex of `hmac_sha256(STATE_KEY, <that hex payload>)`. The client may read
/// it (it is not encrypted) but cannot change a byte without the tag
/// failing.
fn seal_state(method: &str, name: &str, round: usize, answers: &Object) -> String {
    todo!()
}

/// TODO: trust nothing that came back from the client (fact F13). The round
/// and answers of a state this server signed for this very request: a
/// string `payload.tag`, the tag equal (`same_bytes`) to the HMAC of the
/// payload, the payload hex of a JSON object whose `method` and `name` are
/// these and whose `round` is below `rounds`. Anything else is -32602.
fn open_state(
    state: &Value,
    method: &str,
    name: &str,
    rounds: usize,
) -> Result<(usize, Object), Failure> {
    todo!()
}

/// Compares every byte, so the time taken does not tell how much matched.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |diff, (x, y)| diff | (x ^ y)) == 0
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Given: HMAC (RFC 2104) over SHA-256: hash(key ^ outer, hash(key ^ inner, message)).
fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    if key.len() > block.len() {
        block[..32].copy_from_slice(&sha256(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let padded = |pad: u8| block.iter().map(|k| k ^ pad).collect::<Vec<u8>>();
    let mut inner = padded(0x36);
    inner.extend_from_slice(message);
    let mut outer = padded(0x5c);
    outer.extend_from_slice(&sha256(&inner));
    sha256(&outer)
}

/// Given: SHA-256 (FIPS 180-4), written out with std only.
fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut hash: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let bits = u64::try_from(data.len())
        .unwrap_or(u64::MAX)
        .wrapping_mul(8);
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&bits.to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (word, bytes) in w.iter_mut().zip(block.chunks_exact(4)) {
            *word = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = hash;
        for (k, word) in K.iter().zip(w) {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let choice = (e & f) ^ (!e & g);
            let t1 = h
                .wrapping_add(s1)
                .wrapping_add(choice)
                .wrapping_add(*k)
                .wrapping_add(word);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let majority = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(majority);
            (h, g, f, e, d, c, b, a) = (g, f, e, d.wrapping_add(t1), c, b, a, t1.wrapping_add(t2));
        }
        for (total, part) in hash.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *total = total.wrapping_add(part);
        }
    }
    let mut digest = [0u8; 32];
    for (bytes, word) in digest.chunks_exact_mut(4).zip(hash) {
        bytes.copy_from_slice(&word.to_be_bytes());
    }
    digest
}
