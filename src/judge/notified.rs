//! The notifications a server writes: the streams its subscriptions carry
//! (`stream`), the ones a request must cause (`notifications`) and the ones
//! it must never write (`unwanted`). Responses are judged elsewhere; here a
//! notification is an output object with a `method` and no `id`.

use super::matching::{self, Mismatch};
use super::verdict::Problem;
use crate::content::pattern::Pattern;
use crate::content::scenario::Scenario;
use crate::content::template::Bindings;
use crate::runner::transcript::RunRecord;
use serde_json::Value;

/// Where a subscription's id travels on every message of its stream.
pub const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

/// A notification rule that was broken, with its evidence.
#[derive(Clone, Debug, PartialEq)]
pub enum NotificationProblem {
    /// The stream of the request sent at `step` lacks a message: the
    /// `position`-th (0-based) it should carry never came. `tagged` is what
    /// the stream did carry; `untagged` are notifications of the expected
    /// method that do not name this subscription (the likely mistake).
    StreamShort {
        step: usize,
        position: usize,
        expected: Value,
        tagged: Vec<Value>,
        untagged: Vec<Value>,
    },
    /// A message on the stream means something else than it should.
    StreamWrong {
        step: usize,
        position: usize,
        got: Value,
        mismatches: Vec<Mismatch>,
    },
    /// The stream carried a message no one asked for.
    StreamExtra {
        step: usize,
        position: usize,
        message: Value,
    },
    /// The notification `step` must cause did not come (after the ones
    /// earlier steps caused). `others` are the notifications that did come.
    Missing {
        step: usize,
        expected: Value,
        others: Vec<Value>,
    },
    /// A notification the step caused came after the step's own response,
    /// and the rule wants it before (`before_answer`).
    AfterAnswer { step: usize, message: Value },
    /// A notification the scenario forbids.
    Unwanted { message: Value, rule: Value },
}

/// Whether a message is a notification: a `method` and no `id`.
fn is_notification(message: &Value) -> bool {
    message
        .as_object()
        .is_some_and(|o| o.contains_key("method") && !o.contains_key("id"))
}

/// The subscription a notification names, if any.
pub fn subscription_of(message: &Value) -> Option<&Value> {
    message.get("params")?.get("_meta")?.get(SUBSCRIPTION_ID)
}

/// Judges one process's notifications against the scenario's rules.
pub fn judge_notifications(
    scenario: &Scenario,
    run: &RunRecord,
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) {
    // Every output line parsed once; lines that are not JSON are judged
    // elsewhere.
    let messages: Vec<Option<Value>> = run
        .received
        .iter()
        .map(|line| serde_json::from_str(line).ok())
        .collect();
    // Each notification with its output line, for `before_answer`.
    let notes: Vec<(usize, &Value)> = messages
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.as_ref().filter(|m| is_notification(m)).map(|m| (i, m)))
        .collect();
    let mut next = 0;
    for sent in &run.sent {
        let step = &scenario.steps[sent.step];
        let answer = step
            .before_answer
            .then(|| answer_line(&messages, sent.message.as_ref()))
            .flatten();
        if !step.stream.is_empty()
            && let Some(id) = sent.message.as_ref().and_then(|m| m.get("id"))
        {
            let stream = Stream {
                step: sent.step,
                expected: &step.stream,
                end: step.stream_end.as_ref(),
                id,
                answer,
            };
            judge_stream(&stream, &notes, bindings, problems);
        }
        for pattern in &step.notifications {
            let found = notes[next.min(notes.len())..]
                .iter()
                .position(|(_, n)| matching::matches(pattern, Some(n), bindings));
            match found {
                Some(offset) => {
                    let (line, message) = notes[next + offset];
                    if answer.is_some_and(|a| a < line) {
                        problems.push(Problem::Notification(NotificationProblem::AfterAnswer {
                            step: sent.step,
                            message: message.clone(),
                        }));
                    }
                    next += offset + 1;
                }
                None => problems.push(Problem::Notification(NotificationProblem::Missing {
                    step: sent.step,
                    expected: matching::resolve(pattern, bindings).to_json(),
                    others: notes.iter().map(|(_, n)| (*n).clone()).collect(),
                })),
            }
        }
    }
    for (_, message) in &notes {
        if let Some(rule) = scenario
            .unwanted
            .iter()
            .find(|p| matching::matches(p, Some(message), bindings))
        {
            problems.push(Problem::Notification(NotificationProblem::Unwanted {
                message: (*message).clone(),
                rule: matching::resolve(rule, bindings).to_json(),
            }));
        }
    }
}

/// The output line of the response to `sent` (same id, with a result or an
/// error), if it came.
fn answer_line(messages: &[Option<Value>], sent: Option<&Value>) -> Option<usize> {
    let id = sent?.get("id")?;
    messages.iter().position(|m| {
        m.as_ref().is_some_and(|m| {
            m.get("id") == Some(id) && (m.get("result").is_some() || m.get("error").is_some())
        })
    })
}

/// One step's stream, as the judge sees it.
struct Stream<'a> {
    step: usize,
    expected: &'a [Pattern],
    /// The notification that may close the stream after `expected`.
    end: Option<&'a Pattern>,
    /// The listen request's id: the subscription id its messages carry.
    id: &'a Value,
    /// The output line of the request's own response, when `before_answer`
    /// holds the whole stream ahead of it.
    answer: Option<usize>,
}

fn judge_stream(
    stream: &Stream,
    notes: &[(usize, &Value)],
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) {
    let &Stream {
        step,
        expected,
        end,
        id,
        answer,
    } = stream;
    let ends = |n: &Value| end.is_some_and(|p| matching::matches(p, Some(n), bindings));
    // The stream carries what is tagged with its id, and an untagged
    // notification that would close it: that one names the stream in its own
    // way, so it must come where a closing may, not before the last message.
    let carried: Vec<(usize, &Value)> = notes
        .iter()
        .copied()
        .filter(|(_, n)| match subscription_of(n) {
            Some(tag) => tag == id,
            None => ends(n),
        })
        .collect();
    for (position, pattern) in expected.iter().enumerate() {
        let Some(&(_, got)) = carried.get(position) else {
            let method = pattern.member("method").map(|m| m.to_json());
            let untagged = notes
                .iter()
                .map(|(_, n)| *n)
                .filter(|n| subscription_of(n) != Some(id))
                .filter(|n| method.as_ref().is_none_or(|m| n.get("method") == Some(m)))
                .cloned()
                .collect();
            problems.push(Problem::Notification(NotificationProblem::StreamShort {
                step,
                position,
                expected: matching::resolve(pattern, bindings).to_json(),
                tagged: carried.iter().map(|(_, n)| (*n).clone()).collect(),
                untagged,
            }));
            return;
        };
        let mismatches = matching::mismatches(pattern, got, bindings);
        if !mismatches.is_empty() {
            problems.push(Problem::Notification(NotificationProblem::StreamWrong {
                step,
                position,
                got: got.clone(),
                mismatches,
            }));
            return;
        }
    }
    // One closing notification may follow, and nothing after it.
    let closed = carried.get(expected.len()).is_some_and(|(_, n)| ends(n));
    let position = expected.len() + usize::from(closed);
    if let Some((_, extra)) = carried.get(position) {
        problems.push(Problem::Notification(NotificationProblem::StreamExtra {
            step,
            position,
            message: (*extra).clone(),
        }));
        return;
    }
    // A response ends its request: nothing of the stream may follow it.
    if let Some(answer) = answer
        && let Some((_, late)) = carried.iter().find(|(line, _)| *line > answer)
    {
        problems.push(Problem::Notification(NotificationProblem::AfterAnswer {
            step,
            message: (*late).clone(),
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::scenario::{Outgoing, ScenarioStep};
    use crate::runner::transcript::{ProcessEnd, Sent};
    use serde_json::json;

    fn pattern(doc: Value) -> Pattern {
        Pattern::parse(&doc).expect("pattern")
    }

    fn scenario(steps: Vec<ScenarioStep>, unwanted: Vec<Pattern>) -> Scenario {
        Scenario {
            unwanted,
            ..Scenario::with_steps("t", steps)
        }
    }

    fn step(stream: Vec<Pattern>, notifications: Vec<Pattern>) -> ScenarioStep {
        ScenarioStep {
            send: Outgoing::Raw(String::new()),
            expect: None,
            silence_ok: false,
            fresh: false,
            captures: vec![],
            stream,
            notifications,
            stream_end: None,
            before_answer: false,
            pause: None,
            out_of_turn: false,
            line: 1,
        }
    }

    fn run(sent: &[Value], received: &[Value]) -> RunRecord {
        RunRecord {
            sent: sent
                .iter()
                .enumerate()
                .map(|(step, m)| Sent {
                    step,
                    text: m.to_string(),
                    message: Some(m.clone()),
                    key: None,
                })
                .collect(),
            received: received.iter().map(Value::to_string).collect(),
            end: ProcessEnd::Exited(0),
            stderr_tail: String::new(),
            limit: None,
            stderr_bytes: 0,
            early: None,
            waited_out: false,
            asked: None,
        }
    }

    fn ack(id: Value) -> Value {
        json!({"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged", "params": {"_meta": {SUBSCRIPTION_ID: id}}})
    }

    fn changed(id: Option<Value>) -> Value {
        let mut params = json!({});
        if let Some(id) = id {
            params = json!({"_meta": {SUBSCRIPTION_ID: id}});
        }
        json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": params})
    }

    fn problems(scenario: &Scenario, run: &RunRecord) -> Vec<Problem> {
        let mut found = Vec::new();
        judge_notifications(scenario, run, &Bindings::new(), &mut found);
        found
    }

    fn listen_scenario() -> Scenario {
        scenario(
            vec![
                step(
                    vec![
                        pattern(json!({"method": "notifications/subscriptions/acknowledged"})),
                        pattern(json!({"method": "notifications/tools/list_changed"})),
                    ],
                    vec![],
                ),
                step(vec![], vec![]),
            ],
            vec![],
        )
    }

    #[test]
    fn a_stream_is_the_tagged_notifications_one_for_one() {
        let sent = [
            json!({"id": 4, "method": "subscriptions/listen"}),
            json!({"id": 5}),
        ];
        let good = run(
            &sent,
            &[ack(json!(4)), changed(None), changed(Some(json!(4)))],
        );
        assert_eq!(problems(&listen_scenario(), &good), vec![]);
        // Tagged "4", not 4: the stream is empty, and the mistake is shown.
        let retyped = run(&sent, &[ack(json!("4")), changed(Some(json!("4")))]);
        assert!(matches!(
            &problems(&listen_scenario(), &retyped)[..],
            [Problem::Notification(NotificationProblem::StreamShort { position: 0, untagged, .. })] if untagged.len() == 1
        ));
        // The change came before the acknowledgement.
        let early = run(&sent, &[changed(Some(json!(4))), ack(json!(4))]);
        assert!(matches!(
            &problems(&listen_scenario(), &early)[..],
            [Problem::Notification(NotificationProblem::StreamWrong {
                position: 0,
                ..
            })]
        ));
        // One change too many.
        let extra = run(
            &sent,
            &[
                ack(json!(4)),
                changed(Some(json!(4))),
                changed(Some(json!(4))),
            ],
        );
        assert!(matches!(
            &problems(&listen_scenario(), &extra)[..],
            [Problem::Notification(NotificationProblem::StreamExtra {
                position: 2,
                ..
            })]
        ));
    }

    #[test]
    fn with_before_answer_the_whole_stream_comes_ahead_of_the_response() {
        let mut scenario = listen_scenario();
        scenario.steps[0].before_answer = true;
        let sent = [json!({"id": 4, "method": "subscriptions/listen"})];
        let end = json!({"jsonrpc": "2.0", "id": 4, "result": {"resultType": "complete"}});
        // The graceful end, after the stream: right.
        let graceful = run(
            &sent,
            &[ack(json!(4)), changed(Some(json!(4))), end.clone()],
        );
        assert_eq!(problems(&scenario, &graceful), vec![]);
        // No end at all: right too.
        let open = run(&sent, &[ack(json!(4)), changed(Some(json!(4)))]);
        assert_eq!(problems(&scenario, &open), vec![]);
        // Answered at once, the stream going on after it: the late message is named.
        let eager = run(
            &sent,
            &[ack(json!(4)), end.clone(), changed(Some(json!(4)))],
        );
        assert!(matches!(
            &problems(&scenario, &eager)[..],
            [Problem::Notification(NotificationProblem::AfterAnswer { step: 0, message })]
                if message["method"] == "notifications/tools/list_changed"
        ));
        // Without before_answer the same order passes: only content is judged.
        assert_eq!(problems(&listen_scenario(), &eager), vec![]);
    }

    #[test]
    fn a_stream_may_close_once_with_its_end_after_everything_it_carries() {
        let cancelled = |request: Value, tag: Option<Value>| {
            let mut params = json!({"requestId": request});
            if let Some(tag) = tag {
                params["_meta"] = json!({SUBSCRIPTION_ID: tag});
            }
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": params})
        };
        let mut closable = listen_scenario();
        closable.steps[0].stream_end = Some(pattern(
            json!({"method": "notifications/cancelled", "params": {"requestId": 4}}),
        ));
        let mut held = closable.clone();
        held.steps[0].before_answer = true;
        let sent = [json!({"id": 4, "method": "subscriptions/listen"})];
        let end = json!({"jsonrpc": "2.0", "id": 4, "result": {"resultType": "complete"}});
        let body = [ack(json!(4)), changed(Some(json!(4)))];
        let with = |more: &[Value]| run(&sent, &[&body[..], more].concat());
        // Closed by the notification, tagged or not, with or without the
        // result after it: right, and the same with the stream held ahead
        // of the answer.
        for tag in [Some(json!(4)), None] {
            let close = cancelled(json!(4), tag);
            for ending in [vec![close.clone()], vec![close.clone(), end.clone()]] {
                assert_eq!(problems(&closable, &with(&ending)), vec![], "{ending:?}");
                assert_eq!(problems(&held, &with(&ending)), vec![], "{ending:?}");
            }
            // After the result it names a request already over.
            assert!(matches!(
                &problems(&held, &with(&[end.clone(), close.clone()]))[..],
                [Problem::Notification(NotificationProblem::AfterAnswer { step: 0, message })]
                    if message["method"] == "notifications/cancelled"
            ));
            // Twice is once too many.
            assert!(matches!(
                &problems(&closable, &with(&[close.clone(), close.clone()]))[..],
                [Problem::Notification(NotificationProblem::StreamExtra {
                    position: 3,
                    ..
                })]
            ));
            // Before the stream's last message: that message is out of place.
            let early = run(
                &sent,
                &[ack(json!(4)), close.clone(), changed(Some(json!(4)))],
            );
            assert!(matches!(
                &problems(&closable, &early)[..],
                [Problem::Notification(NotificationProblem::StreamWrong { position: 1, got, .. })]
                    if got["method"] == "notifications/cancelled"
            ));
        }
        // Naming another request, tagged: one message too many; untagged,
        // not this stream's at all (a scenario's `unwanted` may forbid it).
        let other = with(&[cancelled(json!(5), Some(json!(4)))]);
        assert!(matches!(
            &problems(&closable, &other)[..],
            [Problem::Notification(NotificationProblem::StreamExtra {
                position: 2,
                ..
            })]
        ));
        assert_eq!(
            problems(&closable, &with(&[cancelled(json!(5), None)])),
            vec![]
        );
        // Without a `stream_end` the tagged notification is an extra message.
        let tagged = with(&[cancelled(json!(4), Some(json!(4)))]);
        assert!(matches!(
            &problems(&listen_scenario(), &tagged)[..],
            [Problem::Notification(NotificationProblem::StreamExtra {
                position: 2,
                ..
            })]
        ));
    }

    #[test]
    fn caused_notifications_come_in_order_and_unwanted_ones_fail() {
        let log = |n: u8| json!({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": n}});
        let wants = scenario(
            vec![step(
                vec![],
                vec![
                    pattern(json!({"method": "notifications/message", "params": {"data": 1}})),
                    pattern(json!({"method": "notifications/message", "params": {"data": 2}})),
                ],
            )],
            vec![],
        );
        let sent = [json!({"id": 1, "method": "tools/call"})];
        assert_eq!(
            problems(&wants, &run(&sent, &[log(1), log(9), log(2)])),
            vec![]
        );
        assert!(matches!(
            &problems(&wants, &run(&sent, &[log(2), log(1)]))[..],
            [Problem::Notification(NotificationProblem::Missing { .. })]
        ));
        let forbids = scenario(
            vec![step(vec![], vec![])],
            vec![pattern(json!({"method": "notifications/message"}))],
        );
        assert_eq!(problems(&forbids, &run(&sent, &[changed(None)])), vec![]);
        assert!(matches!(
            &problems(&forbids, &run(&sent, &[log(3)]))[..],
            [Problem::Notification(NotificationProblem::Unwanted { .. })]
        ));
        // `before_answer`: the log must come ahead of the request's answer.
        let mut ahead = wants.clone();
        ahead.steps[0].before_answer = true;
        let answer = json!({"jsonrpc": "2.0", "id": 1, "result": {}});
        assert_eq!(
            problems(&ahead, &run(&sent, &[log(1), log(2), answer.clone()])),
            vec![]
        );
        assert!(matches!(
            &problems(&ahead, &run(&sent, &[log(1), answer, log(2)]))[..],
            [Problem::Notification(NotificationProblem::AfterAnswer {
                step: 0,
                ..
            })]
        ));
        // A response is not a notification, even with a method-like member.
        let response =
            json!({"jsonrpc": "2.0", "id": 1, "result": {"method": "notifications/message"}});
        assert_eq!(problems(&forbids, &run(&sent, &[response])), vec![]);
    }
}
