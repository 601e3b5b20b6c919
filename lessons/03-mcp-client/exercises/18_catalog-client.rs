//! Exercise 18 · catalog-client
//!
//! Your client starts as `catalog-client <tool> <tool>`, with a server on
//! its stdin and stdout. After `server/discover` (given), for each tool named
//! on its command line, in order:
//!
//!   1. It needs the tool list: every page of `tools/list`, `nextCursor` sent
//!      back unchanged as `params.cursor` until a page has none. A cursor the
//!      server refuses with -32602 means: list again from the first page
//!      (once). While the list it read is fresh (its `ttlMs` has not run out)
//!      it uses that list instead of asking again.
//!   2. A tool the list does not name is not called (outcome "unknown"); a
//!      listed one is called with the arguments {}.
//!   3. The outcome: "ok" (a result), "tool-error" (a result with
//!      `isError: true`) or "protocol-error" (a JSON-RPC error), with the
//!      text: the result's first text content, or the error's `message`.
//!
//! Last, it calls `report` with {"outcomes": [{"tool", "outcome", "text"}, ...]}
//! (one per tool, in command-line order) and exits 0 once that is answered.
//! `run`, `send_request` and `wait_for` are given (exercise 17 taught them).
//!
//! Your job, the TODOs below:
//!   1. `tool_list`: the cached list while it is fresh, else read anew.
//!   2. `list_pages`: every page, and what a refused cursor means.
//!   3. `ttl_of`: how long a result may be kept.
//!   4. `outcome_of`: what a call came to.
//!
//! Try it with `learn check catalog-client`. Stuck? `learn hint catalog-client`.
//! Debug with `eprintln!`: stderr is yours, stdout is the wire to the server.

use mcp_harness::{StdioServer, Value, json};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const PROTOCOL_VERSION: &str = "2026-07-28";
/// JSON-RPC's code for invalid params, which an invalid cursor gets.
#[allow(dead_code)] // until list_pages uses it
const INVALID_PARAMS: i64 = -32602;

fn main() -> ExitCode {
    let tools: Vec<String> = std::env::args().skip(1).collect();
    if tools.is_empty() {
        eprintln!("usage: catalog-client <tool> [<tool> ...]");
        return ExitCode::from(2);
    }
    let mut client = Client {
        server: StdioServer::connect(),
        next_id: 0,
        cached: None,
    };
    match client.run(&tools) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("catalog-client: {why}");
            ExitCode::FAILURE
        }
    }
}

struct Client {
    server: StdioServer,
    next_id: u64,
    /// The tool list as last read, and until when it is fresh.
    cached: Option<(Vec<Value>, Instant)>,
}

impl Client {
    fn run(&mut self, tools: &[String]) -> Result<(), String> {
        let discover = self.send_request("server/discover", json!({}))?;
        let found = self.wait_for(&discover)?;
        let result = found.get("result").ok_or("server/discover failed")?;
        if !result["capabilities"]["tools"].is_object() {
            return Err("the server offers no tools".into());
        }
        let mut outcomes = Vec::new();
        for name in tools {
            // Each tool is looked up in the list as it is now.
            let listed = self.tool_list()?;
            if !listed.iter().any(|tool| tool["name"] == name.as_str()) {
                outcomes.push(json!({"tool": name, "outcome": "unknown"}));
                continue;
            }
            let call = self.send_request("tools/call", json!({"name": name, "arguments": {}}))?;
            let response = self.wait_for(&call)?;
            outcomes.push(outcome_of(name, &response));
        }
        let report = self.send_request(
            "tools/call",
            json!({"name": "report", "arguments": {"outcomes": outcomes}}),
        )?;
        self.wait_for(&report)?;
        Ok(())
    }

    /// TODO: the tool list: the cached one (`self.cached`) while it is
    /// fresh, else read anew with `list_pages` (and once more from the first
    /// page when that says a cursor was refused); keep what you read, with
    /// the time until which it is fresh.
    fn tool_list(&mut self) -> Result<Vec<Value>, String> {
        todo!("use the cached list while it is fresh, else read it anew")
    }

    /// TODO: every page of `tools/list`, from the first: the tools and how
    /// long the list may be kept (the shortest `ttl_of` of its pages).
    /// `Ok(None)` when the server refused a cursor (-32602); any other error
    /// fails the listing.
    fn list_pages(&mut self) -> Result<Option<(Vec<Value>, Duration)>, String> {
        todo!("read every page of tools/list")
    }

    /// Writes a request with a fresh id and the per-request `_meta`; returns its id.
    fn send_request(&mut self, method: &str, mut params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = json!(self.next_id);
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "catalog-client", "version": "1.0.0"},
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

/// TODO: how long a result may be kept, from its `ttlMs` (in milliseconds).
fn ttl_of(result: &Value) -> Duration {
    todo!("read ttlMs")
}

/// TODO: what a `tools/call` came to, as a `report` entry:
/// {"tool", "outcome": "ok" | "tool-error" | "protocol-error", "text"}.
fn outcome_of(tool: &str, response: &Value) -> Value {
    todo!("tell a result, a tool error and a protocol error apart")
}
