//! Exercise 8 · client-ids
//!
//! This time you write the CLIENT side of the message layer: the part that
//! picks request ids, hands each response to whoever is waiting for it, reads
//! `resultType`, builds the MRTR retry and routes subscription notifications.
//! There is no real server: the checker plays one, and plays the app using
//! the client too. Every line in is one event; for each you write EXACTLY
//! ONE line out, in order.
//!
//! Events in (one JSON object per line):
//!   {"call": {"caller": "Ada", "method": "tools/list", "params": {...}}}
//!       someone in the app wants to call the server (params have no _meta)
//!   {"incoming": <one JSON-RPC message the server wrote>}
//!   {"answer": {"caller": "Ada", "inputResponses": {...}}}
//!       the user answered what Ada's last `input_required` result asked
//!
//! Lines out:
//!   {"request": <the JSON-RPC request to write to the server>}
//!       for `call` and `answer`. Its id is your choice (a string or an
//!       integer) but never one that is still waiting for its response, and a
//!       retry never reuses the id of the request it repeats. Its params carry
//!       `_meta` with protocolVersion "2026-07-28" and clientCapabilities.
//!   {"deliver": {"caller": "Ada", "resultType": "complete", "result": {...}}}
//!       a result for the caller whose request has EXACTLY that id (same
//!       value, same JSON type); "input_required" results are delivered too,
//!       and a result with no resultType at all is delivered as "complete".
//!   {"deliver": {"caller": "Ada", "error": {...}}}
//!       an error response (errors carry no resultType).
//!   {"route": {"caller": "Lin", "method": "notifications/tools/list_changed"}}
//!       a notification on the stream Lin opened with `subscriptions/listen`.
//!   {"drop": "<why>"}
//!       the line goes to nobody: no call waits for that id, the resultType
//!       is unknown, or no open subscription matches. (A real client logs why.)
//!
//! Your job, the TODOs below:
//!   1. `fresh_id`: pick the id for a new request.
//!   2. `with_meta`: add the per-request `_meta` to a request's params.
//!   3. `take_pending`: find (and forget) the call a response answers.
//!   4. `read_label`: what a result's `resultType` says.
//!   5. `retry_params`: the params of the MRTR retry.
//!   6. `subscription_id`: where a notification names its stream.
//!
//! Check your work with `learn check client-ids`. Stuck? `learn hint client-ids`.
//! Debug with `eprintln!`: stderr is yours, stdout belongs to the checker.

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

/// Given: the client's memory. Everything in it lives only in this process.
#[derive(Default)]
struct Client {
    /// The last id handed out; 0 means none yet.
    last_id: u64,
    pending: Vec<Pending>,
    awaiting_input: Vec<AwaitingInput>,
}

impl Client {
    /// Given: turns one event line into the one line this client writes for it.
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

    /// Given: a caller wants a request sent.
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

    /// Given: writes a request under a fresh id and notes who is waiting for it.
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

    /// TODO: the id for a new request. It must not equal any id in
    /// `self.pending`, and a retry must not get the id of the request it
    /// repeats. (`last_id` is there if you want it; add fields if not.)
    fn fresh_id(&mut self) -> Value {
        todo!("pick a fresh request id")
    }

    /// TODO: remove and return the pending call that this response id
    /// answers; `None` if no call is waiting for it.
    fn take_pending(&mut self, id: &Value) -> Option<Pending> {
        todo!("match a response to its waiting call")
    }

    /// Given: a line the server wrote: a response for a waiting call, or a
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

    /// Given: the user answered an `input_required` result: send the retry.
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

    /// Given: a notification goes to the caller whose `subscriptions/listen`
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

/// TODO: `params` plus `"_meta": {protocolVersion, clientCapabilities}`.
/// This client can ask its user questions, so it declares
/// `{"elicitation": {}}` as its capabilities.
fn with_meta(params: Value) -> Value {
    todo!("add the per-request _meta")
}

/// TODO: what does `result["resultType"]` say? Think about three cases:
/// the two core values, a value you do not know (this client declared no
/// extensions), and no `resultType` at all.
fn read_label(result: &Value) -> Label {
    todo!("read the label on the envelope")
}

/// TODO: the params for the retry. `original` is what the repeated request
/// carried (without `_meta`: `send` adds that); after a second
/// `input_required` it already holds the first round's answers and state.
/// `input_responses` is the user's answers; `request_state` is what the
/// server's latest result carried, if anything.
fn retry_params(original: Value, input_responses: Value, request_state: Option<Value>) -> Value {
    todo!("build the MRTR retry")
}

/// TODO: the id of the subscription this notification belongs to, if it
/// names one. (`SUBSCRIPTION_ID_KEY` is the key; where does it live?)
fn subscription_id(notification: &Value) -> Option<&Value> {
    todo!("find the subscription id")
}

/// Given: the line for an event that goes to nobody; a real client would log `why`.
fn drop_line(why: &str) -> Value {
    json!({ "drop": why })
}
