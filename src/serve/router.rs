//! The one reader of a program's stdout: every line goes to whoever it
//! belongs to, as soon as it arrives.
//!
//! - a response (`id` with `result` or `error`) to the request waiting for
//!   that id (an error with no id to the only request waiting, as the program
//!   could not read the id it was sent);
//! - a notification tagged `_meta["io.modelcontextprotocol/subscriptionId"]`
//!   with the id of an open listen stream to that stream, at once;
//! - any other message to the request whose response comes next: a stdio
//!   server writes a request's notifications (progress, log messages) just
//!   before its answer.
//!
//! What nobody waits for goes to the log. When the program ends, every
//! waiter of its generation hears why.

use super::upstream::{Inner, Routed, State};
use crate::runner::process::{Limits, Live};
use crate::runner::transcript::{LimitHit, ProcessEnd};
use serde_json::Value;
use std::time::{Duration, Instant};

const SUBSCRIPTION_ID: &str = "/params/_meta/io.modelcontextprotocol~1subscriptionId";
/// Untagged messages kept for the next answer; a program that chatters
/// without ever answering loses the oldest to the log.
const MAX_HELD: usize = 1000;

pub fn run(inner: &Inner, generation: u64, mut live: Live, limits: Limits) {
    let mut held: Vec<String> = Vec::new();
    loop {
        // Wakes for each line, or when the output ends or a limit is hit.
        let deadline = Instant::now() + Duration::from_secs(3600);
        live.wait_until(deadline, |received| !received.is_empty());
        let lines: Vec<String> = live.received.drain(..).collect();
        for line in lines {
            route(inner, generation, &mut held, line);
        }
        if live.stdout_closed || live.exit.is_some() || live.limit.is_some() {
            break;
        }
    }
    let finished = live.finish(Instant::now() + Duration::from_millis(300), limits);
    let mut state = inner.lock();
    let why = match state.stopped.take_if(|(stopped, _)| *stopped == generation) {
        Some((_, why)) => why,
        None => {
            let how = match (finished.limit, finished.end) {
                (Some(LimitHit::LineTooLong { bytes }), _) => {
                    format!("it wrote a line of {bytes} bytes, more than one message needs")
                }
                (Some(limit), _) => format!("{limit:?}"),
                (None, ProcessEnd::Exited(code)) => format!("it exited with code {code}"),
                (None, ProcessEnd::Signaled(signal)) => format!("it was ended by signal {signal}"),
                (None, ProcessEnd::StoppedByChecker) => "it closed its stdout".to_string(),
                (None, ProcessEnd::NotStarted(why)) => why,
            };
            let tail = finished.stderr_tail.trim();
            if tail.is_empty() {
                how
            } else {
                format!("{how}; the end of its stderr: {tail}")
            }
        }
    };
    state.retire(generation);
    let (gone, kept) = std::mem::take(&mut state.waiters)
        .into_iter()
        .partition(|w| w.generation == generation);
    state.waiters = kept;
    drop(state);
    inner.freed.notify_all();
    for waiter in gone {
        // A waiter that gave up meanwhile has nothing left to hear.
        let _ = waiter.tx.send(Routed::Died(why.clone()));
    }
    for line in held {
        (inner.log)(&format!("the program wrote, then ended: {line}"));
    }
    (inner.log)(&format!(
        "the program ended ({why}); the next request starts it again"
    ));
}

fn route(inner: &Inner, generation: u64, held: &mut Vec<String>, line: String) {
    let Ok(Value::Object(message)) = serde_json::from_str::<Value>(&line) else {
        (inner.log)(&format!(
            "the program wrote a line that is not JSON: {line}"
        ));
        return;
    };
    let has_method = message.contains_key("method");
    let is_response =
        !has_method && (message.contains_key("result") || message.contains_key("error"));
    let mut state = inner.lock();
    if is_response {
        let id = message.get("id").filter(|id| !id.is_null());
        match waiting_for(&state, generation, id, message.contains_key("error")) {
            Some(index) => {
                let waiter = state.waiters.remove(index);
                drop(state);
                inner.freed.notify_all();
                let before = std::mem::take(held);
                let _ = waiter.tx.send(Routed::Answer {
                    before,
                    answer: line,
                });
            }
            None => (inner.log)(&format!(
                "the program wrote a response no request was waiting for: {line}"
            )),
        }
        return;
    }
    let value = Value::Object(message);
    if has_method
        && value.get("id").is_none()
        && let Some(subscription) = value.pointer(SUBSCRIPTION_ID)
    {
        let stream = state
            .waiters
            .iter()
            .find(|w| w.stream && w.generation == generation && w.id == *subscription);
        match stream {
            Some(stream) => {
                let _ = stream.tx.send(Routed::Message(line));
            }
            None => (inner.log)(&format!(
                "the program wrote a notification for a subscription that is not open: {line}"
            )),
        }
        return;
    }
    if state.waiters.iter().any(|w| w.generation == generation) {
        if held.len() >= MAX_HELD {
            let oldest = held.remove(0);
            (inner.log)(&format!("dropped, no answer came after it: {oldest}"));
        }
        held.push(line);
    } else {
        (inner.log)(&format!(
            "the program wrote a line no request was waiting for: {line}"
        ));
    }
}

/// The index of the waiter a response answers.
fn waiting_for(
    state: &State,
    generation: u64,
    id: Option<&Value>,
    is_error: bool,
) -> Option<usize> {
    match id {
        Some(id) => state
            .waiters
            .iter()
            .position(|w| w.generation == generation && w.id == *id),
        // An error without an id answers the one request that could not be
        // read; with several waiting, nobody can tell which.
        None if is_error => {
            let requests: Vec<usize> = state
                .waiters
                .iter()
                .enumerate()
                .filter(|(_, w)| w.generation == generation && !w.stream)
                .map(|(index, _)| index)
                .collect();
            match requests.as_slice() {
                [only] => Some(*only),
                _ => None,
            }
        }
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::upstream::Waiter;
    use serde_json::json;
    use std::sync::mpsc::{self, Receiver};

    fn no_log(_: &str) {}

    fn wait(inner: &Inner, id: Value, stream: bool) -> Receiver<Routed> {
        let (tx, rx) = mpsc::channel();
        inner.lock().waiters.push(Waiter {
            generation: 0,
            id,
            stream,
            tx,
        });
        rx
    }

    fn tagged(id: Value) -> String {
        json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed",
               "params": {"_meta": {"io.modelcontextprotocol/subscriptionId": id}}})
        .to_string()
    }

    #[test]
    fn each_line_goes_to_whom_it_belongs() {
        let inner = Inner::new(no_log);
        let request = wait(&inner, json!(1), false);
        let stream = wait(&inner, json!("1"), true);
        let log = r#"{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}"#;
        let answer = r#"{"jsonrpc":"2.0","id":1,"result":{}}"#;
        let mut held = Vec::new();
        // The number 1 is not the subscription "1": that line is only logged.
        for line in [log, &tagged(json!("1")), &tagged(json!(1)), answer] {
            route(&inner, 0, &mut held, line.to_string());
        }
        match stream.try_recv() {
            Ok(Routed::Message(line)) => assert_eq!(line, tagged(json!("1"))),
            other => panic!("{other:?}"),
        }
        assert!(stream.try_recv().is_err());
        match request.try_recv() {
            Ok(Routed::Answer {
                before,
                answer: got,
            }) => {
                assert_eq!((before, got.as_str()), (vec![log.to_string()], answer));
            }
            other => panic!("{other:?}"),
        }
        let left: Vec<Value> = inner.lock().waiters.iter().map(|w| w.id.clone()).collect();
        assert_eq!(left, [json!("1")], "the answered request is gone");
        // The listen request's own answer ends the stream.
        route(
            &inner,
            0,
            &mut held,
            r#"{"jsonrpc":"2.0","id":"1","result":{}}"#.into(),
        );
        assert!(matches!(stream.try_recv(), Ok(Routed::Answer { .. })));
        assert!(inner.lock().waiters.is_empty());
    }

    #[test]
    fn an_error_without_an_id_answers_only_a_lone_request() {
        let error = r#"{"jsonrpc":"2.0","error":{"code":-32600,"message":"m"}}"#;
        let inner = Inner::new(no_log);
        let _stream = wait(&inner, json!(9), true);
        let lone = wait(&inner, json!(1), false);
        route(&inner, 0, &mut Vec::new(), error.to_string());
        assert!(matches!(lone.try_recv(), Ok(Routed::Answer { .. })));
        let first = wait(&inner, json!(2), false);
        let second = wait(&inner, json!(3), false);
        route(&inner, 0, &mut Vec::new(), error.to_string());
        assert!(first.try_recv().is_err() && second.try_recv().is_err());
        // Another generation's waiter never hears this program.
        route(
            &inner,
            1,
            &mut Vec::new(),
            r#"{"jsonrpc":"2.0","id":2,"result":{}}"#.into(),
        );
        assert!(first.try_recv().is_err());
    }
}
