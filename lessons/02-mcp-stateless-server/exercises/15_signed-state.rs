//! Exercise 15 · signed-state
//!
//! Two note tools ask the user with `input_required`: `rename_note` asks the
//! new title, then asks to confirm; `delete_note` asks to confirm. They are
//! given. Everything they know between rounds travels in `requestState`, and
//! a retry may reach a fresh process, so the state must carry it all.
//!
//! But `requestState` comes back from the client, and the client can send
//! anything: a made-up string, your state with one character changed, the
//! state issued for deleting "groceries" replayed to delete "taxes", or the
//! state of one tool sent to the other. The spec calls it attacker-controlled
//! input: protect its integrity and refuse what fails.
//!
//!   1. `hmac_sha256`: a tag only the holder of the key can make (RFC 2104).
//!   2. `issue_state`: the payload, a dot, the payload's tag in hex.
//!   3. `open_state`: accept only a state with the right tag, for this tool,
//!      this note, not expired; anything else is -32602.
//!
//! The `sha256` below is written out so the file needs only std, and the key
//! sits in the source so the lesson runs anywhere. Both are for learning: a
//! real server takes HMAC-SHA256 from vetted crates (`hmac` with `sha2`), or
//! seals its state with an AEAD (AES-GCM, ChaCha20-Poly1305), and reads a
//! secret key from outside its code.
//!
//! Check your work with `learn check signed-state`. Stuck? `learn hint signed-state`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the protocol.

use mcp_harness::{Value, json, serve_lines};
use serde_json::Map;
use std::time::{SystemTime, UNIX_EPOCH};

const PROTOCOL_VERSION: &str = "2026-07-28";
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
/// The keys the questions go under.
const NEW_TITLE_KEY: &str = "new_title";
const CONFIRM_KEY: &str = "confirm";
/// How long an issued state stays good, in seconds.
const STATE_LIFETIME: u64 = 600;
/// The server's signing key. Fixed here so that every process of this server
/// signs alike and the lesson runs anywhere. A real server reads 32 or more
/// random bytes from a secret store or the environment, never from its
/// source, and can rotate them. This one is 64 bytes, exactly one HMAC
/// block: a key of that length is used as it is, only a longer one is hashed
/// first (RFC 2104), so the checker sees whether `hmac_sha256` draws that line
/// in the right place.
const STATE_KEY: &[u8] = b"learn notes server: requestState signing key, 1 block, demo only";
/// The key this server signed with before `STATE_KEY`. Keys are rotated, and
/// a state signed with the old key may still come back until it expires, so
/// `open_state` still accepts its tags; `issue_state` never signs with it. It
/// is longer than one HMAC block, so `hmac_sha256` hashes it first.
const PREVIOUS_STATE_KEY: &[u8] =
    b"learn notes server: the requestState signing key before STATE_KEY, longer than one block, demo only";

/// The JSON-RPC code for invalid params, what this server answers to every
/// request it cannot take, a refused `requestState` included.
const INVALID_PARAMS: i64 = -32602;

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

// ------------------------------------------------------------------ the signed state (yours)

/// TODO: HMAC-SHA256 (RFC 2104) of `message` under `key`, with the given
/// `sha256`. A plain hash of the message proves nothing (the client can
/// compute it too); mixing in a key the client does not have does:
///   - `block`: 64 bytes, the key then zeros (a key longer than 64 bytes is
///     replaced by its `sha256` first);
///   - `inner` = `sha256` of (each byte of block XOR 0x36, then the message);
///   - the tag = `sha256` of (each byte of block XOR 0x5c, then `inner`).
fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    todo!("compute the HMAC-SHA256 tag")
}

/// TODO: the `requestState` for `state`: `encode_payload(state)`, a dot, and
/// the hex (`to_hex`) of the payload's `hmac_sha256` under `STATE_KEY`.
fn issue_state(state: &Object) -> String {
    todo!("sign a state")
}

/// TODO: the state inside `text`, ONLY if all of these hold; otherwise
/// `Err(Failure::new(INVALID_PARAMS, ..))`:
///   - `text` is a string `payload.tag` (split at the dot);
///   - the tag (`from_hex`) equals `hmac_sha256(STATE_KEY, payload)` or
///     `hmac_sha256(PREVIOUS_STATE_KEY, payload)`, compared with
///     `same_bytes` (a plain `==` stops at the first difference, and its
///     timing tells an attacker how much was right);
///   - `decode_payload(payload)` reads it;
///   - its `"tool"` is `tool` and its `"title"` is `title` (a state is
///     bound to the request it was issued for: no replay elsewhere);
///   - its `"expires"` (seconds) is not before `now()`.
fn open_state(text: &Value, tool: &str, title: &str) -> Result<Object, Failure> {
    todo!("verify a state")
}

// ------------------------------------------------------------------ given: the two tools (read, don't change)

/// Given: `rename_note` asks the new title, then asks to confirm.
fn rename_note(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    let title = title_argument(params)?;
    require_elicitation(capabilities)?;
    let mut state = match params.get("requestState") {
        None => new_state("rename_note", &title),
        Some(text) => open_state(text, "rename_note", &title)?,
    };
    let answers = input_responses(params)?;
    if !state.contains_key("new_title") {
        match answer_to(&state, &answers, NEW_TITLE_KEY, "new_title")? {
            Answer::Given(Value::String(new)) if !new.trim().is_empty() => {
                state.insert("new_title".into(), json!(new.trim()));
            }
            Answer::Refused => return Ok(kept(&title)),
            _ => {
                let message = format!("What should the note \"{title}\" be called?");
                let question = ask_form(&message, "new_title", json!({"type": "string"}));
                return Ok(input_required(&mut state, NEW_TITLE_KEY, question));
            }
        }
    }
    let new = state
        .get("new_title")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    match answer_to(&state, &answers, CONFIRM_KEY, "confirm")? {
        Answer::Given(Value::Bool(true)) => Ok(tool_result(&format!(
            "Renamed note \"{title}\" to \"{new}\"."
        ))),
        Answer::Given(Value::Bool(false)) | Answer::Refused => Ok(kept(&title)),
        _ => {
            let message = format!("Rename the note \"{title}\" to \"{new}\"?");
            let question = ask_form(&message, "confirm", json!({"type": "boolean"}));
            Ok(input_required(&mut state, CONFIRM_KEY, question))
        }
    }
}

/// Given: `delete_note` asks to confirm.
fn delete_note(params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    let title = title_argument(params)?;
    require_elicitation(capabilities)?;
    let mut state = match params.get("requestState") {
        None => new_state("delete_note", &title),
        Some(text) => open_state(text, "delete_note", &title)?,
    };
    let answers = input_responses(params)?;
    match answer_to(&state, &answers, CONFIRM_KEY, "confirm")? {
        Answer::Given(Value::Bool(true)) => Ok(tool_result(&format!("Deleted note \"{title}\"."))),
        Answer::Given(Value::Bool(false)) | Answer::Refused => Ok(kept(&title)),
        _ => {
            let message = format!("Delete the note \"{title}\" for good?");
            let question = ask_form(&message, "confirm", json!({"type": "boolean"}));
            Ok(input_required(&mut state, CONFIRM_KEY, question))
        }
    }
}

/// Given: a state nothing has been asked in yet, good for `STATE_LIFETIME`.
fn new_state(tool: &str, title: &str) -> Object {
    let mut state = Object::new();
    state.insert("tool".into(), json!(tool));
    state.insert("title".into(), json!(title));
    state
}

/// Given: the `input_required` result asking `question` under `key`; the
/// state remembers the key and gets a fresh expiry, then is signed.
fn input_required(state: &mut Object, key: &str, question: Value) -> Value {
    state.insert("asked".into(), json!(key));
    state.insert("expires".into(), json!(now() + STATE_LIFETIME));
    let mut questions = Object::new();
    questions.insert(key.into(), question);
    json!({
        "resultType": "input_required",
        "inputRequests": questions,
        "requestState": issue_state(state)
    })
}

/// Given: what the answer under `key` says about form field `field`, read
/// only if `key` is what the state says was asked.
enum Answer {
    Given(Value),
    Refused,
    Missing,
}

fn answer_to(state: &Object, answers: &Object, key: &str, field: &str) -> Result<Answer, Failure> {
    if state.get("asked").and_then(Value::as_str) != Some(key) {
        return Ok(Answer::Missing);
    }
    let Some(answer) = answers.get(key) else {
        return Ok(Answer::Missing);
    };
    match answer.get("action").and_then(Value::as_str) {
        Some("accept") => Ok(answer
            .pointer(&format!("/content/{field}"))
            .cloned()
            .map_or(Answer::Missing, Answer::Given)),
        Some("decline" | "cancel") => Ok(Answer::Refused),
        _ => Err(Failure::new(
            INVALID_PARAMS,
            format!("Invalid params: inputResponses.{key} is not an elicitation result"),
        )),
    }
}

/// Given: `params.inputResponses` (none counts as empty); not an object: -32602.
fn input_responses(params: &Object) -> Result<Object, Failure> {
    match params.get("inputResponses") {
        None => Ok(Object::new()),
        Some(Value::Object(answers)) => Ok(answers.clone()),
        Some(_) => Err(Failure::new(
            INVALID_PARAMS,
            "Invalid params: inputResponses must be an object",
        )),
    }
}

/// Given: the note's `title` argument, or -32602.
fn title_argument(params: &Object) -> Result<String, Failure> {
    params
        .get("arguments")
        .and_then(|arguments| arguments.get("title"))
        .and_then(Value::as_str)
        .filter(|title| !title.trim().is_empty())
        .map(str::to_string)
        .ok_or_else(|| {
            Failure::new(
                INVALID_PARAMS,
                "Invalid params: a note `title` argument is required",
            )
        })
}

/// Given: these tools ask the user, so without elicitation: -32021.
fn require_elicitation(capabilities: &Object) -> Result<(), Failure> {
    if capabilities
        .get("elicitation")
        .is_some_and(Value::is_object)
    {
        return Ok(());
    }
    let failure = Failure::new(-32021, "This tool asks the user: declare elicitation");
    Err(failure.with_data(json!({"requiredCapabilities": {"elicitation": {}}})))
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

fn kept(title: &str) -> Value {
    tool_result(&format!("Kept note \"{title}\" as it was."))
}

/// Given: a finished tool call with one text block.
fn tool_result(text: &str) -> Value {
    json!({"resultType": "complete", "content": [{"type": "text", "text": text}]})
}

// ------------------------------------------------------------------ given: encoding and SHA-256

/// Given: the state as JSON text, in lowercase hex (no dot can appear in it).
fn encode_payload(state: &Object) -> String {
    to_hex(Value::Object(state.clone()).to_string().as_bytes())
}

/// Given: the state back from its hex payload, if it is a JSON object.
fn decode_payload(payload: &str) -> Option<Object> {
    serde_json::from_slice(&from_hex(payload)?).ok()
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Given: bytes from lowercase hex; anything else (odd length, other
/// characters, capitals) is `None`, so one state has exactly one spelling.
fn from_hex(text: &str) -> Option<Vec<u8>> {
    let valid = |c: u8| c.is_ascii_digit() || (b'a'..=b'f').contains(&c);
    if !text.len().is_multiple_of(2) || !text.bytes().all(valid) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok())
        .collect()
}

/// Given: whether two tags are equal, looking at every byte whatever the
/// first difference, so the time taken does not tell an attacker how much
/// of a guess was right.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// Given: seconds since 1970.
fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// Given: SHA-256 (FIPS 180-4), written out so this file needs only std.
/// Fine for learning; a real server takes HMAC-SHA256 from vetted crates
/// (`hmac` with `sha2`), or seals the state with an AEAD such as AES-GCM,
/// rather than its own code.
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
    let mut message = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
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
            h = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
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
    let no_params = Object::new();
    let params = match request.get("params") {
        None => &no_params,
        Some(Value::Object(params)) => params,
        Some(_) => {
            let failure = Failure::new(-32600, "Invalid request: params must be an object");
            return Some(error_response(id.clone(), failure));
        }
    };
    let method = request.get("method").and_then(Value::as_str);
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

/// Given: the methods of this server.
fn route(method: &str, params: &Object, capabilities: &Object) -> Result<Value, Failure> {
    match (method, params.get("name").and_then(Value::as_str)) {
        ("tools/call", Some("rename_note")) => rename_note(params, capabilities),
        ("tools/call", Some("delete_note")) => delete_note(params, capabilities),
        ("tools/call", Some(other)) => Err(Failure::new(
            INVALID_PARAMS,
            format!("Invalid params: no such tool: {other}"),
        )),
        ("tools/call", None) => Err(Failure::new(
            INVALID_PARAMS,
            "Invalid params: tools/call needs a tool name",
        )),
        _ => Err(Failure::new(-32601, "Method not found")),
    }
}

/// Given: checks `params._meta`; returns this request's capabilities.
fn check_meta(params: &Object) -> Result<&Object, Failure> {
    let Some(meta) = params.get("_meta").and_then(Value::as_object) else {
        return Err(Failure::new(
            INVALID_PARAMS,
            "Invalid params: params._meta is required",
        ));
    };
    match meta.get(VERSION_KEY).and_then(Value::as_str) {
        None => {
            return Err(Failure::new(
                INVALID_PARAMS,
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
                INVALID_PARAMS,
                format!("Invalid params: {CAPABILITIES_KEY} is required"),
            )
        })
}

/// Given: the success envelope; every result names the server.
fn result_response(id: Value, mut result: Value) -> Value {
    if let Some(fields) = result.as_object_mut() {
        let info = json!({"name": "learn-notes", "version": "1.0.0"});
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
