//! Exercise 17 · first-client
//!
//! This time your program is the CLIENT, and the checker plays the server.
//! It starts as `first-client <x> <y>` (two JSON numbers), with the server
//! on its stdin and stdout, and it speaks first:
//!
//!   1. `server/discover`. If the answer's `supportedVersions` lacks
//!      "2026-07-28", or its `capabilities` have no `tools`, say why on stderr
//!      and exit with status 1 (given, in `run`).
//!   2. `tools/call` for `add` and for `multiply`, in either order, both
//!      with the arguments {"a": x, "b": y}; the second goes out WITHOUT
//!      waiting for the first answer. The server may answer them in either
//!      order.
//!   3. With both answers in: `tools/call` for `report` with the arguments
//!      {"sum": S, "product": P}, the numbers in the text of the server's two
//!      answers (the server's word, not your own arithmetic). When `report`
//!      is answered, exit with status 0.
//!
//! Every request carries a fresh string or integer id and, in
//! `params._meta`, the protocol version, `clientCapabilities` ({}: this
//! client offers nothing) and `clientInfo` (a `name` and a `version`).
//!
//! Your job, the TODOs below:
//!   1. `send_request`: a fresh id, and the per-request `_meta`.
//!   2. `wait_for`: hand each response to the request whose id it carries.
//!   3. `result_of`: what a response's `resultType` says.
//!   4. `number_in`: the number a tool result's text holds.
//!
//! Try it with `learn check first-client`. Stuck? `learn hint first-client`.
//! Debug with `eprintln!`: stderr is yours, stdout is the wire to the server.

use mcp_harness::{StdioServer, Value, json};
use std::process::ExitCode;

const PROTOCOL_VERSION: &str = "2026-07-28";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [x, y] = args.as_slice() else {
        eprintln!("usage: first-client <x> <y>");
        return ExitCode::from(2);
    };
    let (Ok(x), Ok(y)) = (serde_json::from_str(x), serde_json::from_str(y)) else {
        eprintln!("first-client: <x> and <y> are JSON numbers");
        return ExitCode::from(2);
    };
    let mut client = Client {
        server: StdioServer::connect(),
        next_id: 0,
    };
    match client.run(x, y) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("first-client: {why}");
            ExitCode::FAILURE
        }
    }
}

struct Client {
    server: StdioServer,
    next_id: u64,
}

impl Client {
    fn run(&mut self, x: Value, y: Value) -> Result<(), String> {
        let discover = self.send_request("server/discover", json!({}))?;
        let found = self.wait_for(&[discover])?;
        let result = result_of(&found[0])?;
        let speaks = result["supportedVersions"]
            .as_array()
            .is_some_and(|v| v.iter().any(|v| v == PROTOCOL_VERSION));
        if !speaks {
            return Err(format!("the server does not speak {PROTOCOL_VERSION}"));
        }
        if !result["capabilities"]["tools"].is_object() {
            return Err("the server offers no tools".into());
        }
        let arguments = json!({"a": x, "b": y});
        let add =
            self.send_request("tools/call", json!({"name": "add", "arguments": arguments}))?;
        let multiply = self.send_request(
            "tools/call",
            json!({"name": "multiply", "arguments": arguments}),
        )?;
        let answers = self.wait_for(&[add, multiply])?;
        let sum = number_in(result_of(&answers[0])?)?;
        let product = number_in(result_of(&answers[1])?)?;
        let report = self.send_request(
            "tools/call",
            json!({"name": "report", "arguments": {"sum": sum, "product": product}}),
        )?;
        self.wait_for(&[report])?;
        Ok(())
    }

    /// TODO: write `method` with `params` as a request: a fresh id (a string
    /// or an integer no waiting request uses) and `params._meta` with the
    /// protocol version, `clientCapabilities` and `clientInfo`. Returns the id.
    fn send_request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        todo!("write a request with a fresh id and its _meta")
    }

    /// TODO: read the server's messages (`self.server.receive()`) until every
    /// id in `ids` has its response, in whatever order they come, and return
    /// them in the order of `ids`. Only a line with `result` or `error` is a
    /// response, and it answers the id equal in value AND JSON type.
    fn wait_for(&mut self, ids: &[Value]) -> Result<Vec<Value>, String> {
        todo!("match responses to requests by id")
    }
}

/// TODO: the result of a response, or why it cannot be used: an error
/// response, or a `resultType` this client does not know (no `resultType`
/// at all means `complete`).
fn result_of(response: &Value) -> Result<&Value, String> {
    todo!("read resultType")
}

/// TODO: the number (a JSON number) that the text of a tool result's first
/// `text` content item holds, or why there is none.
fn number_in(result: &Value) -> Result<Value, String> {
    todo!("read the number in the text")
}
