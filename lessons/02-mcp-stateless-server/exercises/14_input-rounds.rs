//! Exercise 14 · input-rounds
//!
//! Lesson 1's `greet` asked one question. `plan_trip` needs four answers, and
//! only the client can get them: who travels (elicitation), a name for the
//! trip (sampling), where to save the plan (roots), and, once it knows who
//! travels, how many nights (elicitation again). So it asks in rounds:
//!
//!   round 1: ONE `input_required` result with up to three input requests,
//!            each under its own key, each only if THIS request's
//!            `clientCapabilities` declare it (elicitation is required:
//!            without it, -32021);
//!   round 2: the retry (new id, answers, `requestState` echoed) gets another
//!            `input_required`: how many nights, naming the traveller;
//!   round 3: the plan, naming everything the answers said.
//!
//! Each retry may reach a fresh process, so what a round learned travels in
//! the sealed `requestState` (`seal` and `open_state` are given). The state
//! also remembers which keys were asked: only those answers count.
//!
//!   1. `plan_trip`: open the state, take the answers, ask or finish.
//!   2. `take_answers`: read the answers to last round's keys, and no others.
//!   3. `next_questions`: what is still unknown and may be asked.
//!   4. `input_required`: record the asked keys, seal, build the result.
//!   5. `trip_brief` (prompts/get): the same, with one question.
//!
//! Check your work with `learn check input-rounds`. Stuck? `learn hint input-rounds`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;

const PROTOCOL_VERSION: &str = "2026-07-28";
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
/// The keys this server files its questions under (its own choice, unique
/// within one result); each answer comes back under the same key.
const WHO_KEY: &str = "traveller";
const TITLE_KEY: &str = "trip_title";
const FOLDER_KEY: &str = "save_folder";
const NIGHTS_KEY: &str = "nights";

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

// ------------------------------------------------------------------ plan_trip (MRTR)

/// TODO: the whole `plan_trip` call, first try or retry. In order:
///   - `city_argument(params)?` and `require_elicitation(capabilities)?`;
///   - no `requestState` in `params`: `new_state("plan_trip", &city)`;
///     otherwise `open_state(state, "plan_trip", &city)?` (it refuses a state
///     this server did not issue);
///   - `take_answers`: `Some(result)` ends the call (the user said no);
///   - `next_questions`: none left means `finished_plan(&trip)`, otherwise
///     `input_required(&mut trip, questions)`.
fn plan_trip(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    todo!("run one round of plan_trip")
}

/// TODO: read the answers to the questions asked last round into `trip`.
/// `input_responses(params)?` gives the answers (it refuses a non-object).
/// `trip.remove("asked")` is the list of keys asked last round: read
/// `answers.get(key)` for those keys ONLY (an answer nobody asked for must
/// change nothing). For each key asked:
///   - no answer: skip it (`next_questions` will ask again);
///   - an answer that is not an object (a number, null): -32602;
///   - `WHO_KEY`: `elicited(answer, "traveller")?` gives `Elicited::Value(name)`
///     (store it as `trip["traveller"]`), `Refused` (return
///     `Ok(Some(no_plan()))`) or `Nothing` (skip);
///   - `NIGHTS_KEY`: the same with `"nights"`; the form asked for an integer
///     of at least 1, so a value that is not one (`0`, `2.5`, `"three"`)
///     fails validation: -32602 (`2.0` is the integer 2: `as_f64()`, then
///     `fract() == 0.0`);
///   - `TITLE_KEY`: `sampled_text(answer)` into `trip["title"]`;
///   - `FOLDER_KEY`: `listed_roots(answer)`: `Some(first)` stores the first
///     uri, or null for an empty list, as `trip["folder"]`.
///
/// Return `Ok(None)` when the call goes on.
fn take_answers(trip: &mut Object, params: &Object) -> Result<Option<Value>, Failure> {
    todo!("read the answers that were asked for")
}

/// TODO: the input requests still to ask, keyed by `WHO_KEY`, `TITLE_KEY`,
/// `FOLDER_KEY`, `NIGHTS_KEY`, built with `ask_traveller`, `ask_title`,
/// `ask_folder`, `ask_nights`:
///   - the traveller while `trip` has no `"traveller"`;
///   - the title only if `declares(capabilities, "sampling")`, while no `"title"`;
///   - the folder only if `declares(capabilities, "roots")`, while no `"folder"`;
///   - the nights (naming the traveller) only when none of those three is
///     being asked, while no `"nights"`.
///
/// An empty map means everything is known.
fn next_questions(trip: &Object, capabilities: &Object) -> Object {
    todo!("list what is still unknown")
}

/// TODO: `{"resultType": "input_required", "inputRequests": questions,
/// "requestState": seal(trip)}`. Before sealing, store the keys of
/// `questions` as an array under `trip["asked"]`: the next retry reads only
/// those answers.
fn input_required(trip: &mut Object, questions: Object) -> Value {
    todo!("build the input_required result")
}

// ------------------------------------------------------------------ trip_brief (prompts/get)

/// TODO: `prompts/get` for `trip_brief` may ask too. Like `plan_trip` with a
/// single question: `require_elicitation`, then the state
/// (`new_state("trip_brief", "any")` or `open_state(state, "trip_brief", "any")?`),
/// `take_answers` (a refusal: `prompt_result("Write a short trip brief.")`),
/// then a `prompt_result` naming the traveller once `"traveller"` is known,
/// or `input_required` with one `WHO_KEY` question (`ask_traveller`).
fn trip_brief(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    todo!("answer prompts/get for trip_brief")
}

// ------------------------------------------------------------------ given (read, don't change)

/// Given: the `city` argument of `plan_trip`, or -32602.
fn city_argument(params: &Object) -> Result<String, Failure> {
    params
        .get("arguments")
        .and_then(|arguments| arguments.get("city"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|city| !city.is_empty())
        .map(str::to_string)
        .ok_or_else(|| Failure::new(-32602, "Invalid params: plan_trip needs a `city` argument"))
}

/// Given: who travels can only be asked by elicitation, so without it: -32021.
fn require_elicitation(capabilities: &Object) -> Result<(), Failure> {
    if declares(capabilities, "elicitation") {
        return Ok(());
    }
    let failure = Failure::new(-32021, "This asks the user: declare elicitation");
    Err(failure.with_data(json!({"requiredCapabilities": {"elicitation": {}}})))
}

/// Given: whether this request's own capabilities declare `name` (an object).
fn declares(capabilities: &Object, name: &str) -> bool {
    capabilities.get(name).is_some_and(Value::is_object)
}

/// Given: the state of a `tool` (or prompt) call nobody has answered anything for yet.
fn new_state(tool: &str, city: &str) -> Object {
    let mut trip = Object::new();
    trip.insert("tool".into(), json!(tool));
    trip.insert("city".into(), json!(city));
    trip
}

/// Given: `params.inputResponses` (none counts as empty); not an object: -32602.
fn input_responses(params: &Object) -> Result<Object, Failure> {
    match params.get("inputResponses") {
        None => Ok(Object::new()),
        Some(Value::Object(answers)) => Ok(answers.clone()),
        Some(_) => Err(Failure::new(
            -32602,
            "Invalid params: inputResponses must be an object",
        )),
    }
}

/// Given: a string member of `object`, or "".
fn text_of(object: &Object, key: &str) -> String {
    object
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

/// Given: an elicitation question with one form field.
fn ask_form(message: &str, field: &str, schema: Value) -> Value {
    json!({
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": message,
            "requestedSchema": {
                "type": "object",
                "properties": { field: schema },
                "required": [field]
            }
        }
    })
}

fn ask_traveller(city: &str) -> Value {
    let message = format!("Who is travelling to {city}?");
    ask_form(&message, "traveller", json!({"type": "string"}))
}

fn ask_nights(traveller: &str, city: &str) -> Value {
    let message = format!("How many nights will {traveller} stay in {city}?");
    ask_form(&message, "nights", json!({"type": "integer", "minimum": 1}))
}

fn ask_title(city: &str) -> Value {
    let text =
        format!("Suggest a short, friendly name for a trip to {city}. Answer with the name only.");
    json!({
        "method": "sampling/createMessage",
        "params": {
            "messages": [{"role": "user", "content": {"type": "text", "text": text}}],
            "maxTokens": 20
        }
    })
}

fn ask_folder() -> Value {
    json!({"method": "roots/list"})
}

/// Given: what an elicitation answer (`ElicitResult`) says about one field.
enum Elicited {
    /// Accepted, with a usable value for the field.
    Value(Value),
    /// Declined or cancelled: the user said no.
    Refused,
    /// Accepted without a usable value: ask again.
    Nothing,
}

fn elicited(answer: &Value, field: &str) -> Result<Elicited, Failure> {
    match answer.get("action").and_then(Value::as_str) {
        Some("accept") => Ok(match answer.pointer(&format!("/content/{field}")) {
            Some(Value::String(text)) if !text.trim().is_empty() => {
                Elicited::Value(json!(text.trim()))
            }
            Some(number @ Value::Number(_)) => Elicited::Value(number.clone()),
            _ => Elicited::Nothing,
        }),
        Some("decline" | "cancel") => Ok(Elicited::Refused),
        _ => Err(Failure::new(
            -32602,
            "Invalid params: an elicitation answer's action is accept, decline or cancel",
        )),
    }
}

/// Given: the text of a sampling answer (`CreateMessageResult`): its content
/// is one block or a list of blocks.
fn sampled_text(answer: &Value) -> Option<String> {
    let content = answer.get("content")?;
    let blocks = match content {
        Value::Array(blocks) => blocks.iter().collect(),
        block => vec![block],
    };
    blocks
        .into_iter()
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("text"))
        .find_map(|block| block.get("text").and_then(Value::as_str))
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(str::to_string)
}

/// Given: a roots answer (`ListRootsResult`): `Some(first root's uri)`,
/// `Some(None)` for an empty list, `None` when it holds no list.
fn listed_roots(answer: &Value) -> Option<Option<String>> {
    let roots = answer.get("roots")?.as_array()?;
    Some(
        roots
            .first()
            .and_then(|root| root.get("uri"))
            .and_then(Value::as_str)
            .map(str::to_string),
    )
}

/// Given: the finished plan, naming what the answers said.
fn finished_plan(trip: &Object) -> Value {
    let who = text_of(trip, "traveller");
    let city = text_of(trip, "city");
    let nights = trip.get("nights").and_then(Value::as_u64).unwrap_or(1);
    let mut text = match trip.get("title").and_then(Value::as_str) {
        Some(title) => format!("Trip \"{title}\" for {who}: {nights} nights in {city}."),
        None => format!("Trip for {who}: {nights} nights in {city}."),
    };
    if let Some(folder) = trip.get("folder").and_then(Value::as_str) {
        text.push_str(&format!(" Plan saved in {folder}."));
    }
    tool_result(&text)
}

fn no_plan() -> Value {
    tool_result("No trip planned: the user chose not to answer.")
}

/// Given: a finished tool call with one text block.
fn tool_result(text: &str) -> Value {
    json!({"resultType": "complete", "content": [{"type": "text", "text": text}]})
}

/// Given: a finished `prompts/get`.
fn prompt_result(text: &str) -> Value {
    json!({
        "resultType": "complete",
        "description": "A brief for a trip",
        "messages": [{"role": "user", "content": {"type": "text", "text": text}}]
    })
}

// ------------------------------------------------------------------ given: the sealed state

/// Given: `requestState` = the state as JSON, in hex, a dot, and its keyed
/// checksum. Any process of this server can check it; nothing is kept in memory.
fn seal(state: &Object) -> String {
    let payload: String = Value::Object(state.clone())
        .to_string()
        .bytes()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("{payload}.{}", checksum(&payload))
}

/// Given: the state inside a `requestState` this server issued for `tool` on
/// this `city`; anything else is refused with -32602.
fn open_state(state: &Value, tool: &str, city: &str) -> Result<Object, Failure> {
    let refuse = || {
        Failure::new(
            -32602,
            "Invalid params: this requestState was not issued here",
        )
    };
    let (payload, sum) = state
        .as_str()
        .and_then(|s| s.rsplit_once('.'))
        .ok_or_else(refuse)?;
    if sum != checksum(payload) || !payload.len().is_multiple_of(2) {
        return Err(refuse());
    }
    let bytes: Option<Vec<u8>> = (0..payload.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(payload.get(at..at + 2)?, 16).ok())
        .collect();
    let trip: Object = bytes
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .ok_or_else(refuse)?;
    let same = |key: &str, wanted: &str| trip.get(key).and_then(Value::as_str) == Some(wanted);
    if !same("tool", tool) || !same("city", city) {
        return Err(refuse());
    }
    Ok(trip)
}

/// Given: a keyed checksum (FNV-1a over a fixed key, then the payload), in hex.
/// It is NOT cryptography: exercise 15 signs the state properly.
fn checksum(payload: &str) -> String {
    const KEY: &[u8] = b"learn trip planner: requestState key";
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in KEY.iter().chain(payload.as_bytes()) {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

// ------------------------------------------------------------------ given: the wire

/// Given: one line in, at most one response out.
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
    if !request.contains_key("method")
        && (request.contains_key("result") || request.contains_key("error"))
    {
        return None;
    }
    if !(id.is_string() || id.is_i64() || id.is_u64()) {
        let failure = Failure::new(-32600, "Invalid request: an id is a string or an integer");
        return Some(error_response(Value::Null, failure));
    }
    let method = request.get("method").and_then(Value::as_str);
    let no_params = Object::new();
    let params = match request.get("params") {
        None => &no_params,
        Some(Value::Object(params)) => params,
        Some(_) => {
            let failure = Failure::new(-32600, "Invalid request: params must be an object");
            return Some(error_response(id.clone(), failure));
        }
    };
    let outcome = match (request.get("jsonrpc").and_then(Value::as_str), method) {
        (Some("2.0"), Some(method)) => {
            check_meta(params).and_then(|caps| route(method, params, caps))
        }
        _ => Err(Failure::new(
            -32600,
            "Invalid request: needs jsonrpc \"2.0\" and a method",
        )),
    };
    Some(match outcome {
        Ok(result) => result_response(id.clone(), result),
        Err(failure) => error_response(id.clone(), failure),
    })
}

/// Given: the methods of this server. Only `tools/call` and `prompts/get` may
/// answer `input_required`; the lists are complete results, whatever
/// `inputResponses` or `requestState` a request carries.
fn route(method: &str, params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    let name = params.get("name").and_then(Value::as_str);
    match (method, name) {
        ("tools/call", Some("plan_trip")) => plan_trip(params, capabilities),
        ("prompts/get", Some("trip_brief")) => trip_brief(params, capabilities),
        ("tools/call" | "prompts/get", Some(other)) => Err(Failure::new(
            -32602,
            format!("Invalid params: no such name: {other}"),
        )),
        ("tools/call" | "prompts/get", None) => {
            Err(Failure::new(-32602, "Invalid params: a name is required"))
        }
        ("tools/list", _) => Ok(json!({
            "resultType": "complete",
            "tools": [{
                "name": "plan_trip",
                "description": "Plans a trip, asking the user what it needs to know",
                "inputSchema": {
                    "type": "object",
                    "properties": {"city": {"type": "string"}},
                    "required": ["city"]
                }
            }],
            "ttlMs": 60000,
            "cacheScope": "public"
        })),
        ("prompts/list", _) => Ok(json!({
            "resultType": "complete",
            "prompts": [{"name": "trip_brief", "description": "A brief for the next trip"}],
            "ttlMs": 60000,
            "cacheScope": "public"
        })),
        _ => Err(Failure::new(-32601, "Method not found")),
    }
}

/// Given: checks `params._meta`; returns this request's capabilities.
fn check_meta(params: &Object) -> Result<&Object, Failure> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
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
    meta.get(CAPABILITIES_KEY)
        .and_then(Value::as_object)
        .ok_or_else(|| {
            Failure::new(
                -32602,
                format!("Invalid params: {CAPABILITIES_KEY} is required"),
            )
        })
}

/// Given: the success envelope; every result names the server.
fn result_response(id: Value, mut result: Value) -> Value {
    if let Some(fields) = result.as_object_mut() {
        let info = json!({"name": "learn-trip-planner", "version": "1.0.0"});
        fields.insert(
            "_meta".into(),
            json!({"io.modelcontextprotocol/serverInfo": info}),
        );
    }
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// Given: the error envelope, with data when there is some.
fn error_response(id: Value, failure: Failure) -> Value {
    let mut error = Object::new();
    error.insert("code".into(), json!(failure.code));
    error.insert("message".into(), json!(failure.message));
    if let Some(data) = failure.data {
        error.insert("data".into(), data);
    }
    let mut response = json!({"jsonrpc": "2.0", "error": error});
    // An id that could not be read is left out (MCP has no null request id).
    if !id.is_null() {
        response["id"] = id;
    }
    response
}
