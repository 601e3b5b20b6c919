//! `learn serve` and `subscriptions/listen`: a stream that stays open while
//! other requests come and go on other connections, each message on the wire
//! as soon as the program writes it, routed by subscription id, and the
//! program told when the client leaves. The program behind it is
//! tests/fixtures/serve/subscriber.py; the client reads the raw HTTP response as it
//! arrives, so a bridge that buffers the stream fails here.

use crate::common::serve::*;
use crate::common::*;

use serde_json::{Value, json};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

/// Long enough for a loaded machine; every wait ends as soon as its event
/// comes, so a healthy run takes a fraction of it.
const PATIENCE: Duration = Duration::from_secs(6);

fn subscriber() -> Option<Served> {
    require_python();
    let cmd = format!(
        "python3 {}",
        repo().join("tests/fixtures/serve/subscriber.py").display()
    );
    // A request timeout far above every wait below: a request that had to
    // wait for the open stream would show, instead of getting a quick 504.
    Some(serve(&["--cmd", cmd.as_str(), "--timeout", "30"]))
}

/// An open `subscriptions/listen` response, read as it arrives.
struct Listening {
    stream: TcpStream,
    head: String,
    /// Bytes read but not yet split into lines.
    pending: Vec<u8>,
    ended: bool,
}

fn listen(served: &Served, id: Value, filter: Value) -> Listening {
    let body = request(
        id,
        "subscriptions/listen",
        json!({"_meta": meta(), "notifications": filter}),
    );
    let mut stream = TcpStream::connect(&served.addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .expect("timeout");
    // Connection: close, so the end of the stream is the end of the
    // connection and the test can see it.
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
        served.addr,
        body.len()
    );
    for (name, value) in standard("subscriptions/listen", None) {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("writes");
    stream.write_all(body.as_bytes()).expect("writes");
    let mut listening = Listening {
        stream,
        head: String::new(),
        pending: Vec::new(),
        ended: false,
    };
    let deadline = Instant::now() + PATIENCE;
    while !listening.pending.windows(4).any(|w| w == b"\r\n\r\n") {
        assert!(
            listening.read_some() && Instant::now() < deadline,
            "no response head within {PATIENCE:?}: {:?}",
            String::from_utf8_lossy(&listening.pending)
        );
    }
    let at = listening
        .pending
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_default();
    listening.head = String::from_utf8_lossy(&listening.pending[..at]).into_owned();
    listening.pending.drain(..at + 4);
    listening
}

impl Listening {
    /// Reads what is there (waiting a moment); false once the connection ended.
    fn read_some(&mut self) -> bool {
        let mut buf = [0u8; 4096];
        match self.stream.read(&mut buf) {
            Ok(0) => {
                self.ended = true;
                false
            }
            Ok(n) => {
                self.pending.extend_from_slice(&buf[..n]);
                true
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => true,
            Err(_) => {
                self.ended = true;
                false
            }
        }
    }

    /// The next `data:` line as JSON, if one came within `within`. Chunk
    /// sizes, `event:` lines and `:` keep-alives are skipped.
    fn next_within(&mut self, within: Duration) -> Option<Value> {
        let deadline = Instant::now() + within;
        loop {
            while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                if let Some(data) = line.trim_end().strip_prefix("data: ") {
                    return Some(
                        serde_json::from_str(data)
                            .unwrap_or_else(|e| panic!("an event that is not JSON ({e}): {data}")),
                    );
                }
            }
            if self.ended || Instant::now() >= deadline || !self.read_some() {
                return None;
            }
        }
    }

    fn next(&mut self) -> Value {
        self.next_within(PATIENCE)
            .unwrap_or_else(|| panic!("no event within {PATIENCE:?} (ended: {})", self.ended))
    }

    /// Whether the connection closed within `within`, with no event before.
    fn closes_within(&mut self, within: Duration) -> bool {
        if let Some(event) = self.next_within(within) {
            panic!("an event instead of the end: {event}");
        }
        self.ended
    }
}

fn tagged(event: &Value) -> &Value {
    &event["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"]
}

fn trigger(served: &Served, id: i64) -> Reply {
    post(
        served,
        &standard("tools/call", Some("test_trigger_tool_change")),
        &request(
            json!(id),
            "tools/call",
            json!({"name": "test_trigger_tool_change", "arguments": {}, "_meta": meta()}),
        ),
    )
}

fn call(served: &Served, id: i64, method: &str, params: Value) -> Reply {
    let mut params = params;
    params["_meta"] = meta();
    post(
        served,
        &standard(method, None),
        &request(json!(id), method, params),
    )
}

fn the_acknowledgement_arrives_at_once_and_a_change_from_another_connection_follows() {
    let Some(served) = subscriber() else { return };
    let mut stream = listen(&served, json!(7), json!({"toolsListChanged": true}));
    assert!(stream.head.starts_with("HTTP/1.1 200"), "{}", stream.head);
    let head = stream.head.to_ascii_lowercase();
    assert!(
        head.contains("content-type: text/event-stream"),
        "{}",
        stream.head
    );
    assert!(head.contains("x-accel-buffering: no"), "{}", stream.head);
    let ack = stream.next();
    assert_eq!(
        ack["method"], "notifications/subscriptions/acknowledged",
        "{ack}"
    );
    assert_eq!(tagged(&ack), &json!(7), "{ack}");
    // Still open: more than one keep-alive later, neither an event nor the end.
    assert!(!stream.closes_within(Duration::from_millis(1500)));
    // A request on another connection is answered while the stream is open,
    // and well before the 30 s request timeout.
    let started = Instant::now();
    let reply = trigger(&served, 1);
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.json()["id"], 1, "{reply:?}");
    assert!(
        started.elapsed() < PATIENCE,
        "the answer waited {:?}",
        started.elapsed()
    );
    assert!(
        !reply.body.contains("list_changed"),
        "the stream's notification went to the request: {reply:?}"
    );
    let change = stream.next();
    assert_eq!(
        change["method"], "notifications/tools/list_changed",
        "{change}"
    );
    assert_eq!(tagged(&change), &json!(7), "{change}");
}

fn each_stream_gets_only_the_notifications_tagged_with_its_own_id() {
    let Some(served) = subscriber() else { return };
    // Same digits, different JSON types: two different subscriptions.
    let mut number = listen(&served, json!(1), json!({"toolsListChanged": true}));
    let mut string = listen(&served, json!("1"), json!({"toolsListChanged": true}));
    let mut prompts = listen(&served, json!(2), json!({"promptsListChanged": true}));
    assert_eq!(tagged(&number.next()), &json!(1));
    assert_eq!(tagged(&string.next()), &json!("1"));
    assert_eq!(tagged(&prompts.next()), &json!(2));
    assert_eq!(trigger(&served, 10).status, 200);
    let on_number = number.next();
    let on_string = string.next();
    assert_eq!(
        (&on_number["method"], tagged(&on_number)),
        (&json!("notifications/tools/list_changed"), &json!(1))
    );
    assert_eq!(
        (&on_string["method"], tagged(&on_string)),
        (&json!("notifications/tools/list_changed"), &json!("1"))
    );
    assert!(!number.closes_within(Duration::from_millis(300)));
    assert!(!string.closes_within(Duration::from_millis(300)));
    assert!(!prompts.closes_within(Duration::from_millis(300)));
}

fn closing_the_stream_sends_the_program_notifications_cancelled() {
    let Some(served) = subscriber() else { return };
    let mut stream = listen(&served, json!("s-1"), json!({"toolsListChanged": true}));
    assert_eq!(tagged(&stream.next()), &json!("s-1"));
    let _ = stream.stream.shutdown(Shutdown::Both);
    drop(stream);
    let deadline = Instant::now() + PATIENCE;
    let mut id = 20;
    loop {
        id += 1;
        let reply = call(&served, id, "cancelled", json!({}));
        assert_eq!(reply.status, 200, "{reply:?}");
        if reply.json()["result"]["cancelled"] == json!(["s-1"]) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the program was not told within {PATIENCE:?}: {reply:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // The id is free again: a new subscription may use it.
    let mut again = listen(&served, json!("s-1"), json!({"toolsListChanged": true}));
    assert_eq!(tagged(&again.next()), &json!("s-1"));
}

fn a_requests_own_messages_come_before_its_answer_and_stay_off_the_stream() {
    let Some(served) = subscriber() else { return };
    let mut stream = listen(&served, json!(9), json!({"toolsListChanged": true}));
    assert_eq!(tagged(&stream.next()), &json!(9));
    // The program writes: log, tagged change, log, answer.
    let reply = call(&served, 3, "chatty", json!({}));
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(
        reply.header("Content-Type"),
        Some("text/event-stream"),
        "{reply:?}"
    );
    let events: Vec<Value> = reply
        .body
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .map(|d| serde_json::from_str(d).expect("each event is JSON"))
        .collect();
    let shape: Vec<(&Value, &Value)> = events
        .iter()
        .map(|e| (&e["method"], &e["params"]["data"]))
        .collect();
    assert_eq!(
        shape,
        [
            (&json!("notifications/message"), &json!("first")),
            (&json!("notifications/message"), &json!("second")),
            (&Value::Null, &Value::Null),
        ],
        "{reply:?}"
    );
    assert_eq!(events[2]["id"], 3, "the answer ends the response");
    let change = stream.next();
    assert_eq!(
        change["method"], "notifications/tools/list_changed",
        "{change}"
    );
    assert_eq!(tagged(&change), &json!(9));
    assert!(!stream.closes_within(Duration::from_millis(300)));
}

fn the_stream_ends_when_the_program_answers_the_listen_or_dies() {
    let Some(served) = subscriber() else { return };
    let mut stream = listen(&served, json!(5), json!({"toolsListChanged": true}));
    assert_eq!(tagged(&stream.next()), &json!(5));
    let ended = call(&served, 30, "end", json!({"id": 5}));
    assert_eq!(ended.json()["result"]["ended"], true, "{ended:?}");
    let last = stream.next();
    assert_eq!(
        (&last["id"], &last["result"]["resultType"]),
        (&json!(5), &json!("complete")),
        "{last}"
    );
    assert!(stream.closes_within(PATIENCE), "the stream stayed open");

    let mut stream = listen(&served, json!(6), json!({"toolsListChanged": true}));
    assert_eq!(tagged(&stream.next()), &json!(6));
    let pid = call(&served, 31, "other", json!({})).json()["result"]["pid"].clone();
    let died = call(&served, 32, "die", json!({}));
    assert_eq!(
        (died.status, died.error_code()),
        (502, Some(-32603)),
        "{died:?}"
    );
    let last = stream.next();
    assert_eq!(
        (&last["id"], &last["error"]["code"]),
        (&json!(6), &json!(-32603)),
        "{last}"
    );
    let message = last["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("dying on purpose"), "{message}");
    assert!(stream.closes_within(PATIENCE), "the stream stayed open");
    let again = call(&served, 33, "other", json!({}));
    assert_eq!(again.status, 200, "{again:?}");
    assert_ne!(again.json()["result"]["pid"], pid, "a new program answers");
}

fn answers_that_come_out_of_order_reach_their_own_requests() {
    let Some(served) = subscriber() else { return };
    let addr = served.addr.clone();
    let first = std::thread::spawn(move || {
        let body = request(json!(40), "hold", json!({"_meta": meta()}));
        http(
            &addr,
            "POST",
            "/mcp",
            &standard("hold", None),
            body.as_bytes(),
        )
    });
    let second = std::thread::spawn({
        let addr = served.addr.clone();
        move || {
            let body = request(json!(41), "hold", json!({"_meta": meta()}));
            http(
                &addr,
                "POST",
                "/mcp",
                &standard("hold", None),
                body.as_bytes(),
            )
        }
    });
    // Usually both are held when the release comes: then the program answers
    // 41, 40 and the release itself, on one stdout.
    let deadline = Instant::now() + PATIENCE;
    let mut released: Vec<Value> = Vec::new();
    let mut id = 50;
    while released.len() < 2 {
        assert!(
            Instant::now() < deadline,
            "released only {released:?} within {PATIENCE:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
        id += 1;
        let reply = call(&served, id, "release", json!({}));
        assert_eq!(reply.json()["id"], id, "{reply:?}");
        if let Some(now) = reply.json()["result"]["released"].as_array() {
            released.extend(now.iter().cloned());
        }
    }
    for (thread, id) in [(first, 40), (second, 41)] {
        let reply = thread.join().expect("the request thread");
        assert_eq!(reply.status, 200, "{reply:?}");
        assert_eq!(
            (&reply.json()["id"], &reply.json()["result"]["held"]),
            (&json!(id), &json!(true)),
            "{reply:?}"
        );
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(the_acknowledgement_arrives_at_once_and_a_change_from_another_connection_follows),
        test!(each_stream_gets_only_the_notifications_tagged_with_its_own_id),
        test!(closing_the_stream_sends_the_program_notifications_cancelled),
        test!(a_requests_own_messages_come_before_its_answer_and_stay_off_the_stream),
        test!(the_stream_ends_when_the_program_answers_the_listen_or_dies),
        test!(answers_that_come_out_of_order_reach_their_own_requests),
    ]
}
