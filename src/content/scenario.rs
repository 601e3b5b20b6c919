//! Scenarios: the conversations a checker has with a learner's program.
//!
//! A scenario is a list of steps. Each step sends one line (a JSON message,
//! or raw text to test bad input) and may say what the response to it must
//! mean. Steps are sent back to back; the checker only waits where a later
//! step needs a value captured from an earlier response, or at the end.

use super::numbers::same_value;
use super::pattern::Pattern;
use super::template::Bindings;
use super::text::Localized;
use serde_json::Value;

#[derive(Clone, Debug)]
pub struct Scenario {
    /// Short, stable, English: the test name in reports and grades.
    pub name: String,
    /// The name shown to a learner, in each language (`name` in English).
    pub title: Localized,
    /// The curriculum fact this scenario checks (`F7`).
    pub fact: String,
    /// One sentence stating the rule a failure breaks.
    pub rule: Localized,
    /// How answers are paired with the lines that asked for them.
    pub answers: AnswerOrder,
    /// For a client: whether its messages must come in the script's order.
    pub order: ClientOrder,
    /// Words added to the program's command line for each of its processes,
    /// `${vars}` filled in (what a client is asked to do).
    pub args: Vec<String>,
    pub steps: Vec<ScenarioStep>,
    /// Notifications the program must not write anywhere in the scenario.
    pub unwanted: Vec<Pattern>,
    /// A rule for every message of a kind a client writes, in every other
    /// scenario of its exercise (such a scenario has no steps of its own).
    pub every: Option<Every>,
    /// How the program must end once the last step is played.
    pub exit: Exit,
}

impl Scenario {
    /// A scenario of `steps` alone, for tests and benches: answers by id,
    /// in the script's order, no arguments, no unwanted notifications, no
    /// every-rule, exit 0, and `name` for its title and rule. A literal
    /// would have to change with every new field; this gives each its
    /// default (`Scenario { answers: ..., ..Scenario::with_steps(..) }`).
    pub fn with_steps(name: &str, steps: Vec<ScenarioStep>) -> Scenario {
        let text = Localized {
            en: name.into(),
            zh: name.into(),
        };
        Scenario {
            name: name.into(),
            title: text.clone(),
            fact: "F1".into(),
            rule: text,
            answers: AnswerOrder::ById,
            order: ClientOrder::Script,
            args: Vec::new(),
            steps,
            unwanted: Vec::new(),
            every: None,
            exit: Exit::Success,
        }
    }
}

/// How a program must end after a scenario's last step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Exit {
    /// With status 0: its work is done (every program, every scenario
    /// that says nothing else).
    #[default]
    Success,
    /// A client's scenario: with exactly this status (1 to 255), as its
    /// task tells it to stop when the server's answers leave it no way on.
    Status(std::num::NonZeroU8),
}

/// A rule that holds for each message a client writes, whatever the
/// conversation: judged over the messages of all the exercise's other
/// scenarios, so a client that keeps a rule only where a scenario looks
/// at it still fails, and the feedback names this rule, not the scenario's.
#[derive(Clone, Debug)]
pub struct Every {
    pub of: EveryOf,
    pub pattern: Pattern,
}

/// Which of a client's messages an [`Every`] rule applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EveryOf {
    /// Every line it writes.
    Message,
    /// Every request: a message whose `method` is not a notification's
    /// (`notifications/...`), whether or not it kept its `id`, so a request
    /// that lost its id is still held to the request rules.
    Request,
}

impl EveryOf {
    /// Whether the rule applies to `message` (one parsed line).
    pub fn applies_to(self, message: &Value) -> bool {
        match self {
            EveryOf::Message => true,
            EveryOf::Request => message
                .get("method")
                .and_then(Value::as_str)
                .is_some_and(|method| !method.starts_with("notifications/")),
        }
    }
}

/// How a program's output lines are paired with the steps that asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerOrder {
    /// JSON-RPC: a response names its request by id, in any order (servers).
    ById,
    /// One output line for each input line, in order (function and client
    /// exercises, whose lines are not JSON-RPC responses).
    InOrder,
    /// An MCP client, which speaks first, against a server the scenario
    /// scripts: output line N is the Nth message a step expects. A step may
    /// write nothing (it waits for the client's next message) or expect
    /// nothing (a reply the client takes in without writing).
    Scripted,
}

/// How a client's messages are paired with the steps of its scenario
/// (`order` in a scenario; only client exercises have a choice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClientOrder {
    /// Message N meets the Nth step that expects one, and the server's
    /// lines go out in the script's order: for rules about order itself.
    #[default]
    Script,
    /// A message meets the first step, in script order, that is open (its
    /// line went out, or it sends none and the script reached it), not yet
    /// met, and whose `expect` it matches, its variables known: the server
    /// answers what the client asks, wherever the spec leaves the order open.
    /// The server's lines keep the script's order, save a step marked
    /// `out_of_turn`, whose line goes out as soon as its variables are known.
    Asked,
}

impl AnswerOrder {
    /// Whether output lines are paired with steps by position.
    pub fn by_position(self) -> bool {
        self != AnswerOrder::ById
    }
}

#[derive(Clone, Debug)]
pub struct ScenarioStep {
    pub send: Outgoing,
    /// What the response to this step must mean; `None`: no response at all.
    pub expect: Option<Pattern>,
    /// No response at all is right too: the spec allows either (a line with
    /// no `id` that is not a valid notification may get -32600 or silence).
    pub silence_ok: bool,
    /// Start a new process for this step (state must then travel in messages).
    pub fresh: bool,
    pub captures: Vec<Capture>,
    /// The whole stream this request opens (a `subscriptions/listen`): the
    /// notifications tagged with its id as their subscription id, in order,
    /// one for one.
    pub stream: Vec<Pattern>,
    /// A notification that may close that stream once all of it came, tagged
    /// with the request's id or not, at most once (the spec's pages disagree
    /// on how a server ends a stream, so the content names the second way).
    /// With `before_answer` it comes before the response too.
    pub stream_end: Option<Pattern>,
    /// Notifications this step must cause, in order (others may come between).
    pub notifications: Vec<Pattern>,
    /// Those notifications, and the whole stream, must come before the
    /// step's own response (a request's log messages travel ahead of its
    /// answer; a stream's graceful end comes last).
    pub before_answer: bool,
    /// How long to wait before writing the step's line: time the program
    /// must see pass (a `ttlMs` running out), never a wait for an answer.
    pub pause: Option<std::time::Duration>,
    /// In a scenario whose client order is `Asked`: this step's line goes
    /// out as soon as its variables are known, ahead of earlier lines still
    /// waiting for theirs (an answer to a request the client may send late).
    pub out_of_turn: bool,
    /// Where the step is written, for error messages.
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Outgoing {
    /// A JSON message, possibly with `${vars}`, written as one compact line.
    Json(Value),
    /// Text sent exactly as written (bad JSON, odd whitespace, ...).
    Raw(String),
    /// Nothing: the step waits for the program's next message (a client
    /// speaks first).
    Nothing,
}

impl Scenario {
    /// The latest step before `step` that captures `name`, with its pointer.
    pub fn capture_source(&self, name: &str, step: usize) -> Option<(usize, String)> {
        self.steps[..step.min(self.steps.len())]
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, s)| {
                s.captures
                    .iter()
                    .find(|c| c.name == name)
                    .map(|c| (i, c.pointer.clone()))
            })
    }
}

/// Which output line answers a step.
#[derive(Clone, Debug, PartialEq)]
pub enum ResponseKey {
    /// The response whose `id` is exactly this value.
    Id(Value),
    /// An error whose id is null or omitted, because the request's id could
    /// not be read.
    Unreadable,
    /// The output line at this position (0-based) of its process.
    Line(usize),
}

impl ResponseKey {
    /// Whether `message` (one parsed output line) is the response this key names.
    pub fn matches(&self, message: &Value) -> bool {
        let is_response = message.get("result").is_some() || message.get("error").is_some();
        match self {
            ResponseKey::Id(id) => {
                is_response && message.get("id").is_some_and(|got| same_value(got, id))
            }
            ResponseKey::Unreadable => {
                message.get("error").is_some() && message.get("id").is_none_or(Value::is_null)
            }
            ResponseKey::Line(_) => false,
        }
    }

    /// The index, among a process's parsed output lines, of the unused one
    /// that answers this key.
    pub fn locate(&self, outputs: &[Option<Value>], used: &[bool]) -> Option<usize> {
        match self {
            ResponseKey::Line(n) => {
                (*n < outputs.len() && !used.get(*n).copied().unwrap_or(false)).then_some(*n)
            }
            _ => outputs.iter().enumerate().position(|(i, m)| {
                !used.get(i).copied().unwrap_or(false)
                    && m.as_ref().is_some_and(|m| self.matches(m))
            }),
        }
    }
}

impl ScenarioStep {
    /// Whether this step expects an error without an id (null or omitted).
    pub fn expects_idless_error(&self) -> bool {
        self.expect.as_ref().is_some_and(Pattern::names_no_id)
    }

    /// The key of the response this step waits for, once `sent` (the message
    /// with variables filled in) is known; `None` when no response is expected.
    /// `position` counts the earlier steps of the same process that expect one.
    pub fn response_key(
        &self,
        order: AnswerOrder,
        position: usize,
        sent: Option<&Value>,
        bindings: &Bindings,
    ) -> Option<ResponseKey> {
        let expect = self.expect.as_ref()?;
        if order.by_position() {
            return Some(ResponseKey::Line(position));
        }
        if expect.names_no_id() {
            return Some(ResponseKey::Unreadable);
        }
        Some(match expect.member("id") {
            Some(Pattern::Exact(id)) => ResponseKey::Id(id.clone()),
            Some(Pattern::Var(name)) => match bindings.get(name) {
                Some(id) => ResponseKey::Id(id.clone()),
                None => ResponseKey::Unreadable,
            },
            _ => match sent.and_then(|message| message.get("id")) {
                Some(id) if !id.is_null() => ResponseKey::Id(id.clone()),
                _ => ResponseKey::Unreadable,
            },
        })
    }
}

/// Takes a value out of the response to a step, to use in later steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Capture {
    pub name: String,
    /// A JSON pointer (`/result/requestState`). Ending in `/*` takes the name
    /// of the only member of that object (a key the server chose); ending in
    /// `/*?method=roots/list`, the name of the only member whose `method` is
    /// that string (one of several keys the server chose).
    pub pointer: String,
}

impl Capture {
    pub fn extract(&self, response: &Value) -> Option<Value> {
        let (pointer, filter) = match self.pointer.split_once("/*?") {
            Some((object, filter)) => (object, Some(filter.split_once('=')?)),
            None => match self.pointer.strip_suffix("/*") {
                Some(object) => (object, None),
                None => return response.pointer(&self.pointer).cloned(),
            },
        };
        let members = response.pointer(pointer)?.as_object()?;
        let mut chosen = members.iter().filter(|(_, value)| match filter {
            Some((member, wanted)) => value.get(member).and_then(Value::as_str) == Some(wanted),
            None => true,
        });
        match (chosen.next(), chosen.next()) {
            (Some((key, _)), None) => Some(Value::String(key.clone())),
            _ => None,
        }
    }
}

impl Outgoing {
    /// Variables this message refers to.
    pub fn vars(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Outgoing::Json(value) = self {
            super::template::vars_in(value, &mut out);
        }
        out
    }
}

#[cfg(test)]
impl ScenarioStep {
    /// A step that sends `send` and nothing more, for unit tests.
    pub(crate) fn sending(send: Outgoing) -> ScenarioStep {
        ScenarioStep {
            send,
            expect: None,
            silence_ok: false,
            fresh: false,
            captures: vec![],
            stream: vec![],
            stream_end: None,
            notifications: vec![],
            before_answer: false,
            pause: None,
            out_of_turn: false,
            line: 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn step(expect: Value) -> ScenarioStep {
        ScenarioStep {
            expect: Some(Pattern::parse(&expect).unwrap()),
            ..ScenarioStep::sending(Outgoing::Raw(String::new()))
        }
    }

    #[test]
    fn key_comes_from_the_sent_id_unless_the_pattern_names_one() {
        let b = Bindings::new();
        let sent = json!({"id": 7});
        assert_eq!(
            step(json!({"result": {}})).response_key(AnswerOrder::ById, 0, Some(&sent), &b),
            Some(ResponseKey::Id(json!(7)))
        );
        assert_eq!(
            step(json!({"id": "$absent-or-null"})).response_key(
                AnswerOrder::ById,
                0,
                Some(&sent),
                &b
            ),
            Some(ResponseKey::Unreadable)
        );
        assert_eq!(
            step(json!({})).response_key(AnswerOrder::ById, 0, None, &b),
            Some(ResponseKey::Unreadable)
        );
    }

    #[test]
    fn key_match_keeps_the_json_type_and_compares_numbers_by_value() {
        let key = ResponseKey::Id(json!(7));
        assert!(key.matches(&json!({"id": 7, "result": {}})));
        assert!(!key.matches(&json!({"id": "7", "result": {}})));
        // The same integer to JSON Schema (the MCP schema's RequestId).
        assert!(key.matches(&json!({"id": 7.0, "result": {}})));
        assert!(!key.matches(&json!({"id": 7.5, "result": {}})));
        assert!(!key.matches(&json!({"id": 7, "method": "x"})));
        assert!(ResponseKey::Unreadable.matches(&json!({"error": {}})));
        assert!(ResponseKey::Unreadable.matches(&json!({"id": null, "error": {}})));
        assert!(!ResponseKey::Unreadable.matches(&json!({"id": null, "result": {}})));
    }

    #[test]
    fn capture_takes_values_and_chosen_keys() {
        let response = json!({"result": {"requestState": "abc", "inputRequests": {"ask": {}}}});
        let state = Capture {
            name: "s".into(),
            pointer: "/result/requestState".into(),
        };
        let key = Capture {
            name: "k".into(),
            pointer: "/result/inputRequests/*".into(),
        };
        assert_eq!(state.extract(&response), Some(json!("abc")));
        assert_eq!(key.extract(&response), Some(json!("ask")));
        assert_eq!(key.extract(&json!({"result": {"inputRequests": {}}})), None);
    }

    #[test]
    fn capture_picks_one_of_several_keys_by_method() {
        let response = json!({"result": {"inputRequests": {
            "who": {"method": "elicitation/create"},
            "where": {"method": "roots/list"},
            "what": {"method": "sampling/createMessage"}
        }}});
        let by = |method: &str| Capture {
            name: "k".into(),
            pointer: format!("/result/inputRequests/*?method={method}"),
        };
        assert_eq!(by("roots/list").extract(&response), Some(json!("where")));
        assert_eq!(
            by("elicitation/create").extract(&response),
            Some(json!("who"))
        );
        assert_eq!(by("tools/call").extract(&response), None);
        let twice = json!({"result": {"inputRequests": {"a": {"method": "roots/list"}, "b": {"method": "roots/list"}}}});
        assert_eq!(by("roots/list").extract(&twice), None);
        let all = Capture {
            name: "k".into(),
            pointer: "/result/inputRequests/*".into(),
        };
        assert_eq!(all.extract(&response), None);
    }
}
