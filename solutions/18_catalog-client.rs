//! Reference solution · exercise 18 · catalog-client
//!
//! A client that does what the server's answers say: it reads the whole
//! tool list page by page (the cursor sent back unchanged, an empty one
//! included), starts the listing again after an invalid cursor, keeps the
//! list while its `ttlMs` says it is fresh and asks again once it is stale,
//! and tells a tool's own failure (`isError`) from a failed request.
//!
//! Command line and task: see the header of `exercises/18_catalog-client.rs`.

use mcp_harness::{StdioServer, Value, json};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const PROTOCOL_VERSION: &str = "2026-07-28";
/// JSON-RPC's code for invalid params, which an invalid cursor gets.
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

    /// The tool list: the cached one while it is fresh, else read anew.
    fn tool_list(&mut self) -> Result<Vec<Value>, String> {
        if let Some((tools, fresh_until)) = &self.cached
            && Instant::now() < *fresh_until
        {
            return Ok(tools.clone());
        }
        let received = Instant::now();
        let (tools, ttl) = match self.list_pages()? {
            Some(listed) => listed,
            // The cursor went bad: once more, from the first page.
            None => self
                .list_pages()?
                .ok_or("the server refused its own cursor twice")?,
        };
        self.cached = Some((tools.clone(), received + ttl));
        Ok(tools)
    }

    /// Every page of `tools/list`, from the first: the tools and the
    /// shortest `ttlMs` of the pages. `None` when the server refused a
    /// cursor (-32602: for a first page too, whose next try then fails the
    /// same way); any other error fails the listing.
    fn list_pages(&mut self) -> Result<Option<(Vec<Value>, Duration)>, String> {
        let mut tools = Vec::new();
        let mut ttl: Option<Duration> = None;
        let mut cursor: Option<Value> = None;
        loop {
            let params = match &cursor {
                Some(cursor) => json!({"cursor": cursor}),
                None => json!({}),
            };
            let id = self.send_request("tools/list", params)?;
            let response = self.wait_for(&id)?;
            if let Some(error) = response.get("error") {
                if error["code"] == INVALID_PARAMS {
                    return Ok(None);
                }
                return Err(format!("tools/list failed: {error}"));
            }
            let page = complete(&response["result"]).map_err(|why| format!("tools/list: {why}"))?;
            tools.extend(page["tools"].as_array().into_iter().flatten().cloned());
            let page_ttl = ttl_of(page);
            ttl = Some(ttl.map_or(page_ttl, |t| t.min(page_ttl)));
            // Any string is a cursor, the empty one too; only its absence
            // (or null) ends the list.
            match page.get("nextCursor") {
                Some(next @ Value::String(_)) => cursor = Some(next.clone()),
                _ => return Ok(Some((tools, ttl.unwrap_or_default()))),
            }
        }
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

/// How long a result may be kept: its `ttlMs`, in milliseconds. Absent,
/// negative or not a number, it is 0 (the spec's words): stale at once.
fn ttl_of(result: &Value) -> Duration {
    let ms = result["ttlMs"].as_f64().unwrap_or(0.0);
    Duration::try_from_secs_f64(ms / 1000.0).unwrap_or_default()
}

/// What a `tools/call` came to: the tool's answer (`ok`), the tool's own
/// failure (`isError`: still a result, its text meant for the model), or
/// the request's failure (a JSON-RPC error).
fn outcome_of(tool: &str, response: &Value) -> Value {
    if let Some(error) = response.get("error") {
        let message = error["message"].as_str().unwrap_or_default();
        return json!({"tool": tool, "outcome": "protocol-error", "text": message});
    }
    let result = match complete(&response["result"]) {
        Ok(result) => result,
        Err(why) => return json!({"tool": tool, "outcome": "protocol-error", "text": why}),
    };
    let text = result["content"]
        .as_array()
        .and_then(|items| items.iter().find(|c| c["type"] == "text"))
        .and_then(|c| c["text"].as_str())
        .unwrap_or_default();
    let outcome = if result["isError"] == true {
        "tool-error"
    } else {
        "ok"
    };
    json!({"tool": tool, "outcome": outcome, "text": text})
}

/// A result this client can use as an answer: `resultType` absent (which
/// means `complete`) or `complete`. Any other value is invalid to it: an
/// unknown one by the spec's rule, and `input_required` because this client
/// declares nothing and answers no questions.
fn complete(result: &Value) -> Result<&Value, String> {
    match result.get("resultType") {
        None => Ok(result),
        Some(kind) if kind == "complete" => Ok(result),
        Some(other) => Err(format!(
            "a result of type {other}, which this client cannot use"
        )),
    }
}
