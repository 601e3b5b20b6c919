//! Exercise 19 · input-client
//!
//! Your client starts as `input-client <tool> <user> [--roots <uri>]...
//! [--sample <text>]`, with a server on its stdin and stdout. `<user>` is
//! what its user answers to any question: a JSON object (a form's fields),
//! `decline` or `cancel`; `--roots` is a root it shares, `--sample` the text
//! its model says when asked (the command line is read for you: `Host`).
//!
//! Every request declares what this run can do (`clientCapabilities`):
//! `elicitation` with the modes `form` and `url` always, `roots` only with
//! `--roots`, `sampling` only with `--sample`. After `server/discover` it
//! calls `<tool>` with the arguments {}:
//!
//!   1. An `input_required` result: answer each input request under its key
//!      (a form: accept with the user's fields as `content`; a URL question:
//!      accept without content; a form or URL question the user declines or
//!      cancels: that action, without content; roots: the roots; sampling:
//!      the model's text, as the assistant, with a non-empty `model` name of
//!      your choice), then send the same call again under a new id with
//!      those `inputResponses` and the `requestState` exactly as it came
//!      (none if none came). At most five rounds: if the answer to the fifth
//!      retry still asks, stop asking.
//!   2. A -32021 error (a capability it did not declare): no retry.
//!
//! Last it calls `report` with {"outcome": ..., "text": ...} and exits 0
//! once that is answered:
//!   - "ok": `resultType` absent or `complete`; `text` is the first content
//!     item of type `text` ("" if none);
//!   - "missing-capability": -32021; `text` is the error's message, plus
//!     `requiredCapabilities` from the error's `data`;
//!   - "protocol-error": any other error (`text`: its message), an unknown
//!     `resultType`, or a question after five rounds (`text`: your words).
//!
//! Your job, the TODOs below:
//!   1. `capabilities`: what this run declares.
//!   2. `answer`: the host's answer to one input request.
//!   3. `answers`: every answer, under its key.
//!   4. `call_with_answers`: the rounds.
//!
//! Try it with `learn check input-client`. Stuck? `learn hint input-client`.
//! Debug with `eprintln!`: stderr is yours, stdout is the wire to the server.

use mcp_harness::{StdioServer, Value, json};
#[allow(unused_imports)] // until `answers` uses it
use serde_json::Map;
use std::process::ExitCode;

const PROTOCOL_VERSION: &str = "2026-07-28";
/// The server needs a capability the request did not declare.
#[allow(dead_code)] // until call_with_answers uses it
const MISSING_CAPABILITY: i64 = -32021;
/// A server that keeps asking is answered this many rounds, then reported.
#[allow(dead_code)] // until call_with_answers uses it
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

    /// TODO: sends `params` as a `tools/call`, answering the server's
    /// questions round after round (at most MAX_ROUNDS); what it came to,
    /// as `report`'s arguments.
    fn call_with_answers(&mut self, params: &Value) -> Result<Value, String> {
        todo!("answer the questions, round after round")
    }

    /// TODO: one answer per input request (`inputRequests`), under the same key.
    fn answers(&self, requests: &Value) -> Result<Value, String> {
        todo!("one answer per input request, under its key")
    }

    /// TODO: the host's answer to one input request, by its `method`.
    fn answer(&self, request: &Value) -> Result<Value, String> {
        todo!("answer one input request")
    }

    /// TODO: what this run of the client can do, as every request declares it.
    fn capabilities(&self) -> Value {
        todo!("declare what this run can do")
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
