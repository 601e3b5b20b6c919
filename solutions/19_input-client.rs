//! Reference solution · exercise 19 · input-client
//!
//! A client that answers the server's questions: it declares only what it
//! can do, answers every input request of an `input_required` result under
//! its key (a form, a URL, a sampling request, a roots request), retries the
//! call under a new id with the `requestState` echoed exactly, round after
//! round, and tells its user when the server needs a capability it lacks.
//!
//! Command line and task: see the header of `exercises/19_input-client.rs`.

use mcp_harness::{StdioServer, Value, json};
use serde_json::Map;
use std::process::ExitCode;

const PROTOCOL_VERSION: &str = "2026-07-28";
/// The server needs a capability the request did not declare.
const MISSING_CAPABILITY: i64 = -32021;
/// A server that keeps asking is answered this many rounds, then reported.
const MAX_ROUNDS: usize = 5;

/// What this run of the client can do, from its command line.
struct Host {
    /// The user's answer to a question: a form's fields, or a refusal.
    user: UserAnswer,
    /// The roots it shares (`--roots`), if any.
    roots: Vec<String>,
    /// What its model says when asked (`--sample`), if it has one.
    sample: Option<String>,
}

enum UserAnswer {
    Accept(Value),
    Decline,
    Cancel,
}

fn main() -> ExitCode {
    let (tool, host) = match Host::from_args(std::env::args().skip(1)) {
        Ok(task) => task,
        Err(usage) => {
            eprintln!("{usage}");
            return ExitCode::from(2);
        }
    };
    let mut client = Client {
        server: StdioServer::connect(),
        next_id: 0,
        tool,
        host,
    };
    match client.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("input-client: {why}");
            ExitCode::FAILURE
        }
    }
}

impl Host {
    /// The tool to call, and the host, from the command line.
    fn from_args(mut args: impl Iterator<Item = String>) -> Result<(String, Host), String> {
        const USAGE: &str = "usage: input-client <tool> <user: a JSON object | decline | cancel> [--roots <uri>...] [--sample <text>]";
        let tool = args.next().ok_or(USAGE)?;
        let user = match args.next().ok_or(USAGE)?.as_str() {
            "decline" => UserAnswer::Decline,
            "cancel" => UserAnswer::Cancel,
            fields => UserAnswer::Accept(serde_json::from_str(fields).map_err(|_| USAGE)?),
        };
        let (mut roots, mut sample) = (Vec::new(), None);
        while let Some(flag) = args.next() {
            match flag.as_str() {
                "--roots" => roots.push(args.next().ok_or(USAGE)?),
                "--sample" => sample = Some(args.next().ok_or(USAGE)?),
                _ => return Err(USAGE.into()),
            }
        }
        Ok((
            tool,
            Host {
                user,
                roots,
                sample,
            },
        ))
    }
}

struct Client {
    server: StdioServer,
    next_id: u64,
    tool: String,
    host: Host,
}

impl Client {
    fn run(&mut self) -> Result<(), String> {
        let discover = self.send_request("server/discover", json!({}))?;
        self.wait_for(&discover)?;
        let call = json!({"name": self.tool, "arguments": {}});
        let outcome = self.call_with_answers(&call)?;
        let report = self.send_request(
            "tools/call",
            json!({"name": "report", "arguments": outcome}),
        )?;
        self.wait_for(&report)?;
        Ok(())
    }

    /// Sends `params` as a `tools/call`, answering the server's questions
    /// round after round; what it came to, as `report`'s arguments.
    fn call_with_answers(&mut self, params: &Value) -> Result<Value, String> {
        let mut retry = params.clone();
        let mut rounds = 0;
        loop {
            let id = self.send_request("tools/call", retry.clone())?;
            let response = self.wait_for(&id)?;
            if let Some(error) = response.get("error") {
                let message = error["message"].as_str().unwrap_or_default();
                if error["code"] == MISSING_CAPABILITY {
                    // Not retried: this client cannot do what the server needs.
                    let needed = &error["data"]["requiredCapabilities"];
                    return Ok(
                        json!({"outcome": "missing-capability", "text": message, "requiredCapabilities": needed}),
                    );
                }
                return Ok(json!({"outcome": "protocol-error", "text": message}));
            }
            let result = &response["result"];
            match result.get("resultType") {
                // Absent means complete; `input_required` asks for another round.
                None => return Ok(json!({"outcome": "ok", "text": first_text(result)})),
                Some(kind) if kind == "complete" => {
                    return Ok(json!({"outcome": "ok", "text": first_text(result)}));
                }
                Some(kind) if kind == "input_required" && rounds == MAX_ROUNDS => {
                    let text = format!("the server still asks after {MAX_ROUNDS} rounds");
                    return Ok(json!({"outcome": "protocol-error", "text": text}));
                }
                Some(kind) if kind == "input_required" => rounds += 1,
                // Any other value is not one this client knows: the result is invalid.
                Some(other) => {
                    let text = format!("unknown resultType {other}");
                    return Ok(json!({"outcome": "protocol-error", "text": text}));
                }
            }
            // The same call again, with the answers (when something was
            // asked) and the state as they came.
            retry = params.clone();
            if let Some(requests) = result.get("inputRequests") {
                retry["inputResponses"] = self.answers(requests)?;
            }
            if let Some(state) = result.get("requestState") {
                retry["requestState"] = state.clone();
            }
        }
    }

    /// One answer per input request, under the same key.
    fn answers(&self, requests: &Value) -> Result<Value, String> {
        let mut answers = Map::new();
        for (key, request) in requests.as_object().into_iter().flatten() {
            answers.insert(key.clone(), self.answer(request)?);
        }
        Ok(Value::Object(answers))
    }

    /// The host's answer to one input request.
    fn answer(&self, request: &Value) -> Result<Value, String> {
        let host = &self.host;
        match request["method"].as_str() {
            Some("elicitation/create") => {
                // A URL question is only consented to: its data never passes here.
                let url_mode = request["params"]["mode"] == "url";
                Ok(match &host.user {
                    UserAnswer::Accept(_) if url_mode => json!({"action": "accept"}),
                    UserAnswer::Accept(fields) => json!({"action": "accept", "content": fields}),
                    UserAnswer::Decline => json!({"action": "decline"}),
                    UserAnswer::Cancel => json!({"action": "cancel"}),
                })
            }
            Some("roots/list") => {
                let roots: Vec<Value> = host.roots.iter().map(|uri| json!({"uri": uri})).collect();
                Ok(json!({"roots": roots}))
            }
            Some("sampling/createMessage") => {
                let text = host
                    .sample
                    .as_deref()
                    .ok_or("asked to sample without --sample")?;
                Ok(json!({
                    "role": "assistant",
                    "content": {"type": "text", "text": text},
                    "model": "input-client-scripted",
                    "stopReason": "endTurn",
                }))
            }
            other => Err(format!(
                "an input request this client cannot answer: {other:?}"
            )),
        }
    }

    /// What this client can do, as every request declares it.
    fn capabilities(&self) -> Value {
        let host = &self.host;
        let mut capabilities = json!({"elicitation": {"form": {}, "url": {}}});
        if !host.roots.is_empty() {
            capabilities["roots"] = json!({});
        }
        if host.sample.is_some() {
            capabilities["sampling"] = json!({});
        }
        capabilities
    }

    /// Writes a request with a fresh id and the per-request `_meta`; returns its id.
    fn send_request(&mut self, method: &str, mut params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = json!(self.next_id);
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
            "io.modelcontextprotocol/clientCapabilities": self.capabilities(),
            "io.modelcontextprotocol/clientInfo": {"name": "input-client", "version": "1.0.0"},
        });
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.server.send(&request).map_err(|e| e.to_string())?;
        Ok(id)
    }

    /// Reads until the response to `id` comes; other lines are not its answer.
    fn wait_for(&mut self, id: &Value) -> Result<Value, String> {
        loop {
            let message = self
                .server
                .receive()
                .ok_or("the server closed the connection before answering")?;
            let is_response = message.get("result").is_some() || message.get("error").is_some();
            if is_response && message.get("id") == Some(id) {
                return Ok(message);
            }
        }
    }
}

/// A result's first text content.
fn first_text(result: &Value) -> &str {
    result["content"]
        .as_array()
        .and_then(|items| items.iter().find(|c| c["type"] == "text"))
        .and_then(|c| c["text"].as_str())
        .unwrap_or_default()
}
