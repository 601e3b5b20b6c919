//! A scripted server that answers a client by what it asks (a scenario with
//! `order = "asked"`): each client message meets the first open step whose
//! `expect` it matches, wherever it comes, so a client that pipelines its
//! requests, or sends independent ones in another order than the script's,
//! is answered as a real server would answer it.
//!
//! The state is a pure function of the client's messages, in the order they
//! came: the driver plays it live and records what each message met, and the
//! judge reads that record.

use crate::content::pattern::Pattern;
use crate::content::scenario::Scenario;
use crate::content::template::Bindings;
use serde_json::Value;

/// Whether a message matches a pattern, its variables filled in (the judge's
/// matching, handed in by the caller: the runner does not judge).
pub type Fits = fn(&Pattern, &Value, &Bindings) -> bool;

/// What one of the client's messages met.
#[derive(Clone, Debug, PartialEq)]
pub enum Met {
    /// The `expect` of this step (its captures were taken).
    Step(usize),
    /// Taken for this step, the open one waiting for the same method, though
    /// it does not match its `expect` (its captures were taken, so the
    /// script goes on, as a server answers a request it finds wrong).
    Wrong(usize),
    /// No open step asked for it, or waits for its method. `waiting`: the
    /// first open step still waiting for a message, if any.
    Unasked { waiting: Option<usize> },
    /// Not JSON.
    NotJson,
}

/// What the driver records of an asked scenario's run, for the judge.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AskedRecord {
    /// For each non-blank line the client wrote, in order: what it met.
    pub met: Vec<Met>,
    /// The steps whose line went out (or that send nothing and were
    /// reached): the ones whose `expect` was open.
    pub opened: Vec<bool>,
}

pub struct Exchange<'a> {
    scenario: &'a Scenario,
    fits: Fits,
    opened: Vec<bool>,
    met: Vec<bool>,
    /// The first step, in script order, whose line has not gone out.
    next: usize,
    record: Vec<Met>,
    /// Messages no open step asked for yet, oldest first, with their place
    /// in `record`: each meets a step that opens later, or stays unasked.
    held: Vec<(usize, Value)>,
}

impl<'a> Exchange<'a> {
    pub fn new(scenario: &'a Scenario, fits: Fits) -> Self {
        let steps = scenario.steps.len();
        Exchange {
            scenario,
            fits,
            opened: vec![false; steps],
            met: vec![false; steps],
            next: 0,
            record: Vec::new(),
            held: Vec::new(),
        }
    }

    /// The steps whose line can go out now, in the order to write them:
    /// each opens, and a held message that one of them asks for meets it
    /// (its captures may let more lines go).
    pub fn advance(&mut self, bindings: &mut Bindings) -> Vec<usize> {
        let mut out = Vec::new();
        loop {
            let opened = self.ready(bindings);
            let met = self.retry(bindings);
            if opened.is_empty() && !met {
                return out;
            }
            out.extend(opened);
        }
    }

    /// Offers each held message again; whether one met a step.
    fn retry(&mut self, bindings: &mut Bindings) -> bool {
        let mut any = false;
        for (place, message) in std::mem::take(&mut self.held) {
            let met = self.meet(&message, bindings);
            if !matches!(met, Met::Unasked { .. }) {
                any = true;
            } else {
                self.held.push((place, message));
            }
            if let Some(slot) = self.record.get_mut(place) {
                *slot = met;
            }
        }
        any
    }

    /// The script's next steps while their variables are known, and any
    /// `out_of_turn` step whose are (each is open from then on).
    fn ready(&mut self, bindings: &Bindings) -> Vec<usize> {
        let steps = &self.scenario.steps;
        let known = |index: usize| {
            steps[index]
                .send
                .vars()
                .iter()
                .all(|name| bindings.contains_key(name))
        };
        let mut out = Vec::new();
        while self.next < steps.len() && (self.opened[self.next] || known(self.next)) {
            if !self.opened[self.next] {
                self.opened[self.next] = true;
                out.push(self.next);
            }
            self.next += 1;
        }
        let later = steps.iter().enumerate().skip(self.next);
        for (index, _) in later.filter(|(_, step)| step.out_of_turn) {
            if !self.opened[index] && known(index) {
                self.opened[index] = true;
                out.push(index);
            }
        }
        out
    }

    /// Takes the client's next message: the first open step, in script
    /// order, not yet met, whose `expect` it matches (that step's captures
    /// are bound); when none is, the message is held for a step that opens
    /// later ([`Exchange::advance`]).
    pub fn take(&mut self, line: &str, bindings: &mut Bindings) {
        let met = match serde_json::from_str::<Value>(line) {
            Err(_) => Met::NotJson,
            Ok(message) => {
                let met = self.meet(&message, bindings);
                if matches!(met, Met::Unasked { .. }) {
                    self.held.push((self.record.len(), message));
                }
                met
            }
        };
        self.record.push(met);
    }

    fn meet(&mut self, message: &Value, bindings: &mut Bindings) -> Met {
        let steps = &self.scenario.steps;
        let waiting: Vec<usize> = (0..steps.len())
            .filter(|&i| self.opened[i] && !self.met[i] && steps[i].expect.is_some())
            .collect();
        let known = |i: &usize| {
            steps[*i].expect.as_ref().is_some_and(|pattern| {
                let mut vars = Vec::new();
                pattern.vars(&mut vars);
                vars.iter().all(|name| bindings.contains_key(name))
            })
        };
        let fits = |i: &usize| {
            known(i)
                && steps[*i]
                    .expect
                    .as_ref()
                    .is_some_and(|pattern| (self.fits)(pattern, message, bindings))
        };
        let same_method = |i: &usize| {
            steps[*i]
                .expect
                .as_ref()
                .and_then(|pattern| pattern.member("method"))
                .is_some_and(|method| {
                    matches!(method, Pattern::Exact(m) if Some(m) == message.get("method"))
                })
        };
        // A message that a step still to come asks for (or may ask for, once
        // the values it needs are known) waits for that step to open.
        let later = |i: &usize| {
            !self.met[*i] && !self.opened[*i] && (fits(i) || (same_method(i) && !known(i)))
        };
        let (index, met) = match waiting.iter().copied().find(|i| fits(i)) {
            Some(index) => (index, Met::Step(index)),
            None => {
                let undecided = waiting.iter().any(|i| same_method(i) && !known(i))
                    || (0..steps.len()).any(|i| later(&i));
                match waiting.iter().copied().find(|i| same_method(i) && known(i)) {
                    Some(index) if !undecided => (index, Met::Wrong(index)),
                    _ => {
                        return Met::Unasked {
                            waiting: waiting.first().copied(),
                        };
                    }
                }
            }
        };
        self.met[index] = true;
        for capture in &steps[index].captures {
            if let Some(value) = capture.extract(message) {
                bindings.insert(capture.name.clone(), value);
            }
        }
        met
    }

    /// Every line went out and every `expect` was met.
    pub fn done(&self) -> bool {
        self.next == self.scenario.steps.len()
            && self
                .scenario
                .steps
                .iter()
                .zip(&self.met)
                .all(|(step, met)| step.expect.is_none() || *met)
    }

    /// The first step whose line never went out, and the first variable it
    /// waited for, when the message that was to hold that value came
    /// without it (a message that never came is told as missing instead).
    pub fn stuck(&self, bindings: &Bindings) -> Option<(usize, String)> {
        let step = self.opened.iter().position(|opened| !opened)?;
        let name = self.scenario.steps[step]
            .send
            .vars()
            .into_iter()
            .find(|name| !bindings.contains_key(name))?;
        let (source, _) = self.scenario.capture_source(&name, step)?;
        self.met[source].then_some((step, name))
    }

    pub fn into_record(self) -> AskedRecord {
        AskedRecord {
            met: self.record,
            opened: self.opened,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::scenario::{AnswerOrder, Capture, ClientOrder, Outgoing, ScenarioStep};
    use serde_json::json;

    /// A pattern's members, each equal in the message (enough for these tests).
    fn subset(pattern: &Pattern, value: &Value, _: &Bindings) -> bool {
        fn within(p: &Value, v: &Value) -> bool {
            match (p, v) {
                (Value::Object(p), Value::Object(v)) => p
                    .iter()
                    .all(|(k, p)| v.get(k).is_some_and(|v| within(p, v))),
                _ => p == v,
            }
        }
        within(&pattern.to_json(), value)
    }

    /// A step: `send` (a var name whose answer it writes) and `expect`, with
    /// a capture of the message's id under `capture`.
    fn step(send: Option<&str>, expect: Option<Value>, capture: Option<&str>) -> ScenarioStep {
        ScenarioStep {
            expect: expect.map(|e| Pattern::parse(&e).expect("pattern")),
            captures: capture
                .map(|name| Capture {
                    name: name.into(),
                    pointer: "/id".into(),
                })
                .into_iter()
                .collect(),
            ..ScenarioStep::sending(send.map_or(Outgoing::Nothing, |var| {
                Outgoing::Json(json!({"id": format!("${{{var}}}"), "result": {}}))
            }))
        }
    }

    fn scenario(steps: Vec<ScenarioStep>) -> Scenario {
        Scenario {
            answers: AnswerOrder::Scripted,
            order: ClientOrder::Asked,
            ..Scenario::with_steps("t", steps)
        }
    }

    fn call(id: u64, name: &str) -> String {
        json!({"id": id, "method": "tools/call", "params": {"name": name}}).to_string()
    }

    /// add and multiply, answered in the script's order, then report.
    fn two_calls() -> Scenario {
        scenario(vec![
            step(
                None,
                Some(json!({"method": "tools/call", "params": {"name": "add"}})),
                Some("a"),
            ),
            step(
                None,
                Some(json!({"method": "tools/call", "params": {"name": "multiply"}})),
                Some("m"),
            ),
            step(Some("m"), None, None),
            step(
                Some("a"),
                Some(json!({"method": "tools/call", "params": {"name": "report"}})),
                Some("r"),
            ),
            step(Some("r"), None, None),
        ])
    }

    #[test]
    fn requests_in_another_order_meet_their_own_steps() {
        let scenario = two_calls();
        let mut exchange = Exchange::new(&scenario, subset);
        let mut b = Bindings::new();
        // The two calls' steps send nothing: they open at once.
        assert_eq!(exchange.advance(&mut b), [0, 1]);
        exchange.take(&call(7, "multiply"), &mut b);
        assert_eq!(exchange.advance(&mut b), [2], "multiply's answer goes out");
        exchange.take(&call(8, "add"), &mut b);
        assert_eq!(exchange.advance(&mut b), [3]);
        exchange.take(&call(9, "report"), &mut b);
        assert_eq!(exchange.advance(&mut b), [4]);
        assert!(exchange.done());
        assert_eq!(b.get("m"), Some(&json!(7)));
        assert_eq!(b.get("a"), Some(&json!(8)));
        let record = exchange.into_record();
        assert_eq!(record.met, [Met::Step(1), Met::Step(0), Met::Step(3)]);
    }

    #[test]
    fn a_server_line_keeps_its_turn_unless_it_is_out_of_turn() {
        // add alone: multiply's answer, first in the script, holds add's back.
        let calls = two_calls();
        let mut exchange = Exchange::new(&calls, subset);
        let mut b = Bindings::new();
        exchange.advance(&mut b);
        exchange.take(&call(8, "add"), &mut b);
        assert!(exchange.advance(&mut b).is_empty());
        assert!(!exchange.done());
        // Marked out of turn, add's answer goes as soon as add came.
        let mut steps = two_calls().steps;
        steps[3].out_of_turn = true;
        let marked = scenario(steps);
        let mut exchange = Exchange::new(&marked, subset);
        let mut b = Bindings::new();
        exchange.advance(&mut b);
        exchange.take(&call(8, "add"), &mut b);
        assert_eq!(exchange.advance(&mut b), [3]);
    }

    #[test]
    fn an_early_message_waits_for_its_step_and_a_wrong_one_is_told_there() {
        // add is answered before multiply's step opens (a sequential script).
        let scenario = scenario(vec![
            step(
                None,
                Some(json!({"method": "tools/call", "params": {"name": "add"}})),
                Some("a"),
            ),
            step(
                Some("a"),
                Some(json!({"method": "tools/call", "params": {"name": "multiply"}})),
                Some("m"),
            ),
            step(Some("m"), None, None),
        ]);
        let mut exchange = Exchange::new(&scenario, subset);
        let mut b = Bindings::new();
        exchange.advance(&mut b);
        exchange.take(&call(1, "add"), &mut b);
        exchange.take(&call(2, "multiply"), &mut b);
        assert_eq!(
            exchange.advance(&mut b),
            [1, 2],
            "the pipelined call met its step"
        );
        assert!(exchange.done());
        // A call no step asks for, with the method of the open one: wrong there.
        let mut exchange = Exchange::new(&scenario, subset);
        let mut b = Bindings::new();
        exchange.advance(&mut b);
        exchange.take(&call(1, "subtract"), &mut b);
        assert_eq!(exchange.advance(&mut b), [1], "the script goes on");
        exchange.take(&json!({"id": 3, "method": "ping"}).to_string(), &mut b);
        let record = exchange.into_record();
        assert_eq!(record.met[0], Met::Wrong(0));
        assert_eq!(record.met[1], Met::Unasked { waiting: Some(1) });
    }
}
