//! Reference solution · exercise 20 · stream-client
//!
//! A client that listens: it opens a `subscriptions/listen` stream for the
//! tool list and one resource, waits for the acknowledgement, keeps to the
//! messages of its own subscription (its listen request's id, value and
//! JSON type), lists the tools again when they change, reads the resource
//! when it is updated, and ends the stream with `notifications/cancelled`
//! unless the server ended it first.
//!
//! Command line and task: see the header of `exercises/20_stream-client.rs`.

use mcp_harness::{StdioServer, Value, json};
use std::collections::VecDeque;
use std::process::ExitCode;

const PROTOCOL_VERSION: &str = "2026-07-28";
const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [uri] = args.as_slice() else {
        eprintln!("usage: stream-client <resource-uri>");
        return ExitCode::from(2);
    };
    let mut client = Client {
        server: StdioServer::connect(),
        next_id: 0,
        pending: VecDeque::new(),
    };
    match client.run(uri) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("stream-client: {why}");
            ExitCode::FAILURE
        }
    }
}

struct Client {
    server: StdioServer,
    next_id: u64,
    /// Stream messages that came while a request waited for its answer,
    /// in order: the stream's loop reads them first.
    pending: VecDeque<Value>,
}

/// What the stream brought, for `report`.
#[derive(Default)]
struct Seen {
    tools: Vec<String>,
    text: Option<String>,
}

/// What one message of the stream means to this client.
enum Event {
    ToolsChanged,
    ResourceUpdated,
    /// The server ended the stream (the listen request's response, or its
    /// `notifications/cancelled` naming the listen request).
    Ended,
    /// Not for this subscription, or nothing this client acts on.
    Other,
}

impl Client {
    fn run(&mut self, uri: &str) -> Result<(), String> {
        let discover = self.send_request("server/discover", json!({}))?;
        self.wait_for(&discover)?;
        let mut seen = Seen {
            tools: self.tool_names()?,
            text: None,
        };
        let listen = self.send_request(
            "subscriptions/listen",
            json!({"notifications": {"toolsListChanged": true, "resourceSubscriptions": [uri]}}),
        )?;
        self.wait_for_acknowledgement(&listen)?;
        let ended = loop {
            let message = self.receive()?;
            match event_of(&message, &listen, uri) {
                Event::ToolsChanged => seen.tools = self.tool_names()?,
                Event::ResourceUpdated => {
                    seen.text = Some(self.read_resource(uri)?);
                    break false;
                }
                Event::Ended => break true,
                Event::Other => {}
            }
        };
        if !ended {
            self.cancel(&listen)?;
        }
        let report = self.send_request(
            "tools/call",
            json!({"name": "report", "arguments": {"tools": seen.tools, "text": seen.text}}),
        )?;
        self.wait_for(&report)?;
        Ok(())
    }

    /// Ends the stream the request `listen` opened.
    fn cancel(&mut self, listen: &Value) -> Result<(), String> {
        self.send_notification(
            "notifications/cancelled",
            json!({"requestId": listen, "reason": "the resource was read"}),
        )
    }

    /// Reads until the stream's first message, which must be its
    /// acknowledgement; messages of other subscriptions may come between.
    /// An error answering the listen request itself means no stream opened.
    fn wait_for_acknowledgement(&mut self, listen: &Value) -> Result<(), String> {
        loop {
            let message = self.receive()?;
            if message.get("id") == Some(listen)
                && let Some(error) = message.get("error")
            {
                return Err(format!("the server opened no stream: {error}"));
            }
            if subscription_of(&message) != Some(listen) {
                continue;
            }
            return match message["method"].as_str() {
                Some("notifications/subscriptions/acknowledged") => Ok(()),
                _ => Err("the stream did not start with its acknowledgement".into()),
            };
        }
    }

    /// The names of every tool, every page read.
    fn tool_names(&mut self) -> Result<Vec<String>, String> {
        let mut names = Vec::new();
        let mut params = json!({});
        loop {
            let id = self.send_request("tools/list", params)?;
            let response = self.wait_for(&id)?;
            let page = result_of(&response)?;
            let tools = page["tools"].as_array().into_iter().flatten();
            names.extend(tools.filter_map(|t| t["name"].as_str().map(String::from)));
            match &page["nextCursor"] {
                Value::String(cursor) => params = json!({"cursor": cursor}),
                _ => return Ok(names),
            }
        }
    }

    /// The first text content of the resource.
    fn read_resource(&mut self, uri: &str) -> Result<String, String> {
        let id = self.send_request("resources/read", json!({"uri": uri}))?;
        let response = self.wait_for(&id)?;
        result_of(&response)?["contents"]
            .as_array()
            .and_then(|contents| contents.iter().find_map(|c| c["text"].as_str()))
            .map(String::from)
            .ok_or_else(|| format!("no text in {uri}"))
    }

    /// Writes a request with a fresh id and the per-request `_meta`; returns its id.
    fn send_request(&mut self, method: &str, mut params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = json!(self.next_id);
        params["_meta"] = meta();
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.server.send(&request).map_err(|e| e.to_string())?;
        Ok(id)
    }

    /// Writes a notification: no id, so no answer comes.
    fn send_notification(&mut self, method: &str, params: Value) -> Result<(), String> {
        let notification = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.server.send(&notification).map_err(|e| e.to_string())
    }

    /// The next message: one kept back first, else the server's next line.
    fn receive(&mut self) -> Result<Value, String> {
        if let Some(message) = self.pending.pop_front() {
            return Ok(message);
        }
        self.server
            .receive()
            .ok_or_else(|| "the server closed the connection".to_string())
    }

    /// Reads until the response to `id` comes. Other messages that come
    /// meanwhile (the stream's) are kept for later, in order.
    fn wait_for(&mut self, id: &Value) -> Result<Value, String> {
        let mut kept = VecDeque::new();
        let found = loop {
            let message = match self.server.receive() {
                Some(message) => message,
                None => break Err("the server closed the connection".to_string()),
            };
            let is_response = message.get("result").is_some() || message.get("error").is_some();
            if is_response && message.get("id") == Some(id) {
                break Ok(message);
            }
            kept.push_back(message);
        };
        self.pending.extend(kept);
        found
    }
}

fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "stream-client", "version": "1.0.0"},
    })
}

/// The subscription a stream message belongs to: its `_meta`'s
/// subscription id (in `params` for a notification, `result` for the
/// closing response).
fn subscription_of(message: &Value) -> Option<&Value> {
    ["params", "result"]
        .iter()
        .find_map(|part| message[part]["_meta"].get(SUBSCRIPTION_ID))
}

/// What `message` means for the stream opened by request `listen`, which
/// watches `uri`: only its own messages (the same id, value and JSON type)
/// count.
fn event_of(message: &Value, listen: &Value, uri: &str) -> Event {
    // The spec's pages name two ways for a server to end a stream: a
    // response to the listen request (subscriptions), or a
    // `notifications/cancelled` naming it (cancellation). Either ends it.
    let cancelled = message["method"] == "notifications/cancelled"
        && message["params"].get("requestId") == Some(listen);
    if cancelled || (message.get("id") == Some(listen) && message.get("method").is_none()) {
        return Event::Ended;
    }
    if subscription_of(message) != Some(listen) {
        return Event::Other;
    }
    match message["method"].as_str() {
        Some("notifications/tools/list_changed") => Event::ToolsChanged,
        Some("notifications/resources/updated") if message["params"]["uri"] == uri => {
            Event::ResourceUpdated
        }
        _ => Event::Other,
    }
}

/// The result of a response: an error, or a `resultType` other than
/// `complete` (absent means `complete`), is not an answer this client can use.
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
