//! One HTTP request in, one HTTP response out: the rules of the 2026-07-28
//! Streamable HTTP transport that sit between the wire and the program.

use super::message::{Incoming, classify, error_body, error_code};
use super::upstream::Outcome;
use super::{Shared, headers, status, stream};
use serde_json::Value;
use std::io::Read;
use std::sync::Arc;
use tiny_http::{Header, Method, Request, Response};

/// The method whose answer is a stream that stays open.
const LISTEN: &str = "subscriptions/listen";

/// What a request becomes: one answer, or a listen stream to open.
enum Decision {
    Answer(Answer),
    Listen { id: Value, line: String },
}

/// What goes back: status, content type (none for an empty body), body.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub content_type: Option<&'static str>,
    pub body: String,
    pub allow_post: bool,
    /// What the request was, for the log: `tools/call id=3 `.
    pub about: String,
}

impl Answer {
    fn json(status: u16, body: String) -> Answer {
        Answer {
            status,
            content_type: Some("application/json"),
            body,
            allow_post: false,
            about: String::new(),
        }
    }

    fn error(status: u16, id: Option<&serde_json::Value>, code: i64, message: &str) -> Answer {
        Answer::json(status, error_body(id, code, message))
    }

    fn empty(status: u16) -> Answer {
        Answer {
            status,
            content_type: None,
            body: String::new(),
            allow_post: false,
            about: String::new(),
        }
    }
}

pub fn handle(shared: &Arc<Shared>, mut request: Request) {
    let answer = match decide(shared, &mut request) {
        Decision::Answer(answer) => answer,
        Decision::Listen { id, line } => {
            let about = format!("{LISTEN} id={id} ");
            match shared.upstream.listen(&line, &id) {
                Ok(listen) => {
                    shared.log(&format!(
                        "POST {} {about}-> 200 (a stream, open until the client or the program ends it)",
                        request.url()
                    ));
                    stream::spawn(Arc::clone(shared), request, listen, about);
                    return;
                }
                Err(outcome) => {
                    let mut answer = failed(shared, outcome, &id);
                    answer.about = about;
                    answer
                }
            }
        }
    };
    let method = request.method().to_string();
    let code = error_code(&answer.body)
        .map(|code| format!(" ({code})"))
        .unwrap_or_default();
    shared.log(&format!(
        "{method} {} {}-> {}{code}",
        request.url(),
        answer.about,
        answer.status
    ));
    let mut response =
        Response::from_data(answer.body.into_bytes()).with_status_code(answer.status);
    if let Some(kind) = answer.content_type {
        response = add(response, "Content-Type", kind);
        if kind == "text/event-stream" {
            response = add(response, "Cache-Control", "no-cache");
            response = add(response, "X-Accel-Buffering", "no");
        }
    }
    if answer.allow_post {
        response = add(response, "Allow", "POST");
    }
    // The client may have gone; nothing is left to tell it.
    let _ = request.respond(response);
}

fn add<R: Read>(response: Response<R>, name: &str, value: &str) -> Response<R> {
    match Header::from_bytes(name.as_bytes(), value.as_bytes()) {
        Ok(header) => response.with_header(header),
        Err(()) => response,
    }
}

fn header(request: &Request, name: &str) -> Option<String> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str().to_string())
}

/// Accept lets an event stream through: absent, or naming it or a wildcard.
fn takes_event_stream(accept: Option<&str>) -> bool {
    accept.is_none_or(|accept| {
        let accept = accept.to_ascii_lowercase();
        ["text/event-stream", "text/*", "*/*"]
            .iter()
            .any(|kind| accept.contains(kind))
    })
}

fn decide(shared: &Shared, request: &mut Request) -> Decision {
    let path = request.url().split('?').next().unwrap_or_default();
    if path != super::ENDPOINT {
        return Decision::Answer(Answer::json(
            404,
            format!(
                "{{\"detail\":\"no MCP endpoint here; POST to {}\"}}",
                super::ENDPOINT
            ),
        ));
    }
    if let Err(refused) = shared.allowed.check(
        header(request, "Host").as_deref(),
        header(request, "Origin").as_deref(),
    ) {
        return Decision::Answer(Answer::error(403, None, -32600, &refused.message()));
    }
    if *request.method() != Method::Post {
        // 2026-07-28 has no GET stream and no sessions to DELETE.
        let mut answer = Answer::empty(405);
        answer.allow_post = true;
        return Decision::Answer(answer);
    }
    let content_type = header(request, "Content-Type").unwrap_or_default();
    if !content_type
        .to_ascii_lowercase()
        .starts_with("application/json")
    {
        return Decision::Answer(Answer::error(
            415,
            None,
            -32600,
            "Unsupported media type: POST a JSON-RPC message as application/json",
        ));
    }
    let body = match read_body(request, shared.max_body) {
        Ok(body) => body,
        Err(answer) => return Decision::Answer(answer),
    };
    let (id, line, object) = match classify(&body) {
        Err(unreadable) => {
            return Decision::Answer(Answer::error(
                400,
                None,
                unreadable.code(),
                unreadable.message(),
            ));
        }
        Ok(Incoming::NoAnswer { line }) => {
            return Decision::Answer(match shared.upstream.deliver(&line) {
                Ok(()) => Answer::empty(202),
                Err(why) => Answer::error(
                    502,
                    None,
                    -32603,
                    &format!("Internal error: the program could not be started: {why}"),
                ),
            });
        }
        Ok(Incoming::Request { id, line, object }) => (id, line, object),
    };
    let method = object.get("method").and_then(|m| m.as_str()).unwrap_or("?");
    let accept = header(request, "Accept");
    let mut answer = if let Err(mismatch) = headers::check(|name| header(request, name), &object) {
        Answer::error(400, Some(&id), headers::HEADER_MISMATCH, &mismatch)
    } else if method == LISTEN && takes_event_stream(accept.as_deref()) {
        return Decision::Listen { id, line };
    } else if method == LISTEN {
        Answer::error(
            406,
            Some(&id),
            -32600,
            "Not acceptable: subscriptions/listen answers with text/event-stream, which Accept leaves out",
        )
    } else {
        let streams = accept.unwrap_or_default().contains("text/event-stream");
        answer_request(shared, &line, &id, streams)
    };
    answer.about = format!("{method} id={id} ");
    Decision::Answer(answer)
}

/// The body, or 413 when it is longer than the cap (checked before reading
/// when `Content-Length` says so, and while reading when it does not).
fn read_body(request: &mut Request, max: usize) -> Result<Vec<u8>, Answer> {
    let too_big = || {
        Answer::error(
            413,
            None,
            -32600,
            &format!("Payload too large: a message may be at most {max} bytes"),
        )
    };
    if request.body_length().is_some_and(|length| length > max) {
        return Err(too_big());
    }
    let mut body = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    if request
        .as_reader()
        .take(limit)
        .read_to_end(&mut body)
        .is_err()
    {
        return Err(Answer::error(
            400,
            None,
            -32700,
            "Parse error: the body could not be read",
        ));
    }
    if body.len() > max {
        return Err(too_big());
    }
    Ok(body)
}

fn answer_request(shared: &Shared, line: &str, id: &serde_json::Value, streams: bool) -> Answer {
    match shared.upstream.exchange(line, id) {
        Outcome::Answered { before, answer } => {
            let code = status::for_answer(error_code(&answer));
            if code == 200 && streams && !before.is_empty() {
                // Messages that came before the answer travel with it, in
                // order, on a stream that ends with the answer.
                let mut body = String::new();
                for message in before.iter().chain(std::iter::once(&answer)) {
                    body.push_str("event: message\ndata: ");
                    body.push_str(message);
                    body.push_str("\n\n");
                }
                return Answer {
                    status: 200,
                    content_type: Some("text/event-stream"),
                    body,
                    allow_post: false,
                    about: String::new(),
                };
            }
            for message in &before {
                shared.log(&format!(
                    "not sent (only the answer goes back here): {message}"
                ));
            }
            Answer::json(code, answer)
        }
        outcome => failed(shared, outcome, id),
    }
}

/// The answer for a request the program did not answer.
fn failed(shared: &Shared, outcome: Outcome, id: &Value) -> Answer {
    match outcome {
        Outcome::Answered { answer, .. } => {
            Answer::json(status::for_answer(error_code(&answer)), answer)
        }
        Outcome::TimedOut => Answer::error(
            504,
            Some(id),
            -32603,
            &format!(
                "Internal error: the program did not answer within {} s; it was stopped and starts again with the next request",
                shared.timeout_seconds
            ),
        ),
        Outcome::Died { why } => Answer::error(
            502,
            Some(id),
            -32603,
            &format!(
                "Internal error: the program ended before answering ({why}); it starts again with the next request"
            ),
        ),
        Outcome::NotStarted { why } => Answer::error(
            502,
            Some(id),
            -32603,
            &format!("Internal error: the program could not be started: {why}"),
        ),
        Outcome::IdInUse => Answer::error(
            409,
            Some(id),
            -32600,
            &format!(
                "Invalid request: a request with id {id} was still in progress after {} s; the program could not tell the two answers apart",
                shared.timeout_seconds
            ),
        ),
        Outcome::TooManyStreams => Answer::error(
            503,
            Some(id),
            -32603,
            "Internal error: too many subscriptions/listen streams are open; close one first",
        ),
    }
}
