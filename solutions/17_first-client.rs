//! Reference solution · exercise 17 · first-client
//!
//! A whole MCP client over stdio. It asks `server/discover` first, checks
//! that the server speaks 2026-07-28 and offers tools, sends both calls
//! without waiting between them, hands each response to the call whose id it
//! carries (equal in value and JSON type), and reports what the server said.
//!
//! Command line and task: see the header of `exercises/17_first-client.rs`.

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

    /// Writes a request with a fresh id and the per-request `_meta`; returns its id.
    fn send_request(&mut self, method: &str, mut params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = json!(self.next_id);
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "first-client", "version": "1.0.0"},
        });
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.server.send(&request).map_err(|e| e.to_string())?;
        Ok(id)
    }

    /// Reads until every id has its response, in whatever order they come;
    /// returns them in the order of `ids`. Other lines are not answers.
    fn wait_for(&mut self, ids: &[Value]) -> Result<Vec<Value>, String> {
        let mut found: Vec<Option<Value>> = vec![None; ids.len()];
        while found.iter().any(Option::is_none) {
            let message = self
                .server
                .receive()
                .ok_or("the server closed the connection before answering")?;
            let is_response = message.get("result").is_some() || message.get("error").is_some();
            let slot = ids.iter().position(|id| message.get("id") == Some(id));
            if let (true, Some(slot)) = (is_response, slot) {
                found[slot] = Some(message);
            }
        }
        Ok(found.into_iter().flatten().collect())
    }
}

/// The result of a response: a missing `resultType` means `complete`; any
/// other value but `"complete"` (`null` and `5` too) is one this client
/// does not know.
fn result_of(response: &Value) -> Result<&Value, String> {
    if let Some(error) = response.get("error") {
        return Err(format!("the server answered with an error: {error}"));
    }
    let result = &response["result"];
    match result.get("resultType") {
        None => Ok(result),
        Some(kind) if kind == "complete" => Ok(result),
        Some(other) => Err(format!(
            "a result of type {other}, which this client does not know"
        )),
    }
}

/// The number a tool result's first text content holds.
fn number_in(result: &Value) -> Result<Value, String> {
    let text = result["content"]
        .as_array()
        .and_then(|items| items.iter().find(|c| c["type"] == "text"))
        .and_then(|c| c["text"].as_str())
        .ok_or("a tool result without text")?;
    match serde_json::from_str::<Value>(text.trim()) {
        Ok(number @ Value::Number(_)) => Ok(number),
        _ => Err(format!("{text:?} is not a number")),
    }
}
