//! Reference solution · exercise 8 · client-ids
//!
//! The client half of the message layer. Ids come from a counter that only
//! goes up, so no id is ever reused (pending or not); responses are matched
//! by exact id; a missing `resultType` means `complete`, an unknown one makes
//! the result invalid; the MRTR retry is the original request again with a
//! new id; subscription notifications follow their `subscriptionId`.
//!
//! Line contract: see the header of `exercises/08_client-ids.rs`.

use mcp_harness::{Value, json, serve_lines};

const PROTOCOL_VERSION: &str = "2026-07-28";
const SUBSCRIPTION_ID_KEY: &str = "io.modelcontextprotocol/subscriptionId";

fn main() {
    let mut client = Client::default();
    serve_lines(move |line| Some(client.handle(line)));
}

/// A request that was written and has not been answered yet.
struct Pending {
    id: Value,
    caller: String,
    method: String,
    /// The params as the caller gave them (without `_meta`), kept for a retry.
    params: Value,
}

/// A call whose result said `input_required`: it waits for the user's answers.
struct AwaitingInput {
    caller: String,
    method: String,
    params: Value,
    request_state: Option<Value>,
}

/// What a result's `resultType` says about it.
enum Label {
    Complete,
    InputRequired,
    Invalid(String),
}

#[derive(Default)]
struct Client {
    /// The last id handed out; 0 means none yet.
    last_id: u64,
    pending: Vec<Pending>,
    awaiting_input: Vec<AwaitingInput>,
}

impl Client {
    /// Turns one event line into the one line this client writes for it.
    fn handle(&mut self, line: &str) -> Value {
        let Ok(event) = serde_json::from_str::<Value>(line) else {
            return drop_line("the event is not JSON");
        };
        if let Some(call) = event.get("call") {
            self.call(call)
        } else if let Some(message) = event.get("incoming") {
            self.incoming(message)
        } else if let Some(answer) = event.get("answer") {
            self.answer(answer)
        } else {
            drop_line("unknown event: expected call, incoming or answer")
        }
    }

    /// A caller wants a request sent.
    fn call(&mut self, call: &Value) -> Value {
        let (Some(caller), Some(method)) = (
            call.get("caller").and_then(Value::as_str),
            call.get("method").and_then(Value::as_str),
        ) else {
            return drop_line("a call needs a caller and a method");
        };
        let params = call.get("params").cloned().unwrap_or_else(|| json!({}));
        self.send(caller, method, params)
    }

    /// Writes a request under a fresh id and notes who is waiting for it.
    fn send(&mut self, caller: &str, method: &str, params: Value) -> Value {
        let id = self.fresh_id();
        let request = json!({
            "jsonrpc": "2.0",
            "id": id,
            "method": method,
            "params": with_meta(params.clone()),
        });
        self.pending.push(Pending {
            id,
            caller: caller.to_string(),
            method: method.to_string(),
            params,
        });
        json!({ "request": request })
    }

    /// A counter that only goes up: never an id that is still pending, and
    /// never an old id for a retry, whose late answer could still arrive.
    fn fresh_id(&mut self) -> Value {
        self.last_id += 1;
        json!(self.last_id)
    }

    /// Removes and returns the pending call with exactly this id (same value,
    /// same JSON type).
    fn take_pending(&mut self, id: &Value) -> Option<Pending> {
        let index = self.pending.iter().position(|p| p.id == *id)?;
        Some(self.pending.remove(index))
    }

    /// A line the server wrote: a response for a waiting call, or a
    /// notification.
    fn incoming(&mut self, message: &Value) -> Value {
        if message.get("method").is_some() {
            // A server never sends requests (it asks through MRTR instead),
            // so only a notification, with no `id` member, is acceptable.
            return match message.get("id") {
                None => self.route(message),
                Some(_) => drop_line("a server does not send requests"),
            };
        }
        let (Some(id), true) = (
            message.get("id"),
            message.get("result").is_some() || message.get("error").is_some(),
        ) else {
            return drop_line("neither a notification nor a response");
        };
        let Some(call) = self.take_pending(id) else {
            return drop_line("no call is waiting for this id");
        };
        if let Some(error) = message.get("error") {
            return json!({"deliver": {"caller": call.caller, "error": error}});
        }
        let Some(result) = message.get("result") else {
            return drop_line("a response needs a result or an error");
        };
        let result_type = match read_label(result) {
            Label::Complete => "complete",
            Label::InputRequired => {
                self.awaiting_input.push(AwaitingInput {
                    caller: call.caller.clone(),
                    method: call.method,
                    params: call.params,
                    request_state: result.get("requestState").cloned(),
                });
                "input_required"
            }
            Label::Invalid(why) => return drop_line(&why),
        };
        json!({"deliver": {"caller": call.caller, "resultType": result_type, "result": result}})
    }

    /// The user answered an `input_required` result: send the retry.
    fn answer(&mut self, answer: &Value) -> Value {
        let Some(caller) = answer.get("caller").and_then(Value::as_str) else {
            return drop_line("an answer needs a caller");
        };
        let Some(index) = self.awaiting_input.iter().position(|a| a.caller == caller) else {
            return drop_line("this caller has no call waiting for input");
        };
        let waiting = self.awaiting_input.remove(index);
        let responses = answer
            .get("inputResponses")
            .cloned()
            .unwrap_or_else(|| json!({}));
        let params = retry_params(waiting.params, responses, waiting.request_state);
        self.send(caller, &waiting.method, params)
    }

    /// A notification goes to the caller whose `subscriptions/listen`
    /// request it names; the listen request stays pending while it streams.
    fn route(&self, notification: &Value) -> Value {
        let Some(subscription) = subscription_id(notification) else {
            return drop_line("this notification names no subscription");
        };
        let open = self
            .pending
            .iter()
            .find(|p| p.id == *subscription && p.method == "subscriptions/listen");
        match (open, notification.get("method")) {
            (Some(listen), Some(method)) => {
                json!({"route": {"caller": listen.caller, "method": method}})
            }
            _ => drop_line("no open subscription has this id"),
        }
    }
}

/// The params with the per-request `_meta` every request carries. Keys the
/// caller already put in `_meta` stay.
fn with_meta(mut params: Value) -> Value {
    if !params.is_object() {
        params = json!({});
    }
    if let Some(members) = params.as_object_mut() {
        let meta = members.entry("_meta").or_insert_with(|| json!({}));
        if let Some(meta) = meta.as_object_mut() {
            meta.insert(
                "io.modelcontextprotocol/protocolVersion".into(),
                json!(PROTOCOL_VERSION),
            );
            meta.insert(
                "io.modelcontextprotocol/clientCapabilities".into(),
                json!({"elicitation": {}}),
            );
        }
    }
    params
}

/// Reads the label: missing means `complete` (servers older than the field);
/// any value other than the two core ones is invalid, since this client
/// declared no extension that adds more.
fn read_label(result: &Value) -> Label {
    if !result.is_object() {
        return Label::Invalid("invalid result: not an object".into());
    }
    match result.get("resultType") {
        None => Label::Complete,
        Some(Value::String(label)) if label == "complete" => Label::Complete,
        Some(Value::String(label)) if label == "input_required" => Label::InputRequired,
        Some(other) => Label::Invalid(format!("invalid result: unknown resultType {other}")),
    }
}

/// The original params again, plus the answers under the server's keys and
/// the server's `requestState` exactly as it came (or none, if none came).
fn retry_params(original: Value, input_responses: Value, request_state: Option<Value>) -> Value {
    let mut params = original;
    if let Some(members) = params.as_object_mut() {
        members.insert("inputResponses".into(), input_responses);
        match request_state {
            Some(state) => members.insert("requestState".into(), state),
            None => members.remove("requestState"),
        };
    }
    params
}

/// `params._meta["io.modelcontextprotocol/subscriptionId"]`, if present.
fn subscription_id(notification: &Value) -> Option<&Value> {
    notification
        .get("params")?
        .get("_meta")?
        .get(SUBSCRIPTION_ID_KEY)
}

/// The line for an event that goes to nobody; a real client would log `why`.
fn drop_line(why: &str) -> Value {
    json!({ "drop": why })
}
