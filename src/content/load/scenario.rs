//! `[[scenario]]` tables: compiled into [`Scenario`]s, every problem with
//! its line.

use super::file_check::FileCheck;
use super::is_fact_id;
use crate::content::error::{ContentError, line_of};
use crate::content::pattern::Pattern;
use crate::content::scenario::{AnswerOrder, Capture, ClientOrder, Outgoing};
use crate::content::scenario::{Scenario, ScenarioStep};
use crate::content::text::Localized;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use toml::Spanned;

/// The longest pause a step may take before it writes its line.
const MAX_PAUSE_MS: u64 = 2_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ScenarioFile {
    pub(super) name: ScenarioName,
    pub(super) fact: String,
    pub(super) rule: Localized,
    #[serde(default)]
    pub(super) step: Vec<Spanned<StepFile>>,
    #[serde(default)]
    pub(super) unwanted: Vec<Spanned<String>>,
    #[serde(default)]
    pub(super) args: Option<Spanned<Vec<String>>>,
    /// A rule for every request a client writes (see `Every`).
    pub(super) every_request: Option<Spanned<String>>,
    /// A rule for every message a client writes.
    pub(super) every_message: Option<Spanned<String>>,
    /// A client's order: `"script"` (the default) or `"asked"`.
    pub(super) order: Option<Spanned<String>>,
    /// The status a client must stop with after the last step (see `exit`).
    pub(super) exit: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StepFile {
    send: Option<Spanned<String>>,
    send_raw: Option<String>,
    expect: Option<Spanned<String>>,
    #[serde(default)]
    silence_ok: bool,
    #[serde(default)]
    fresh: bool,
    #[serde(default)]
    capture: BTreeMap<String, String>,
    #[serde(default)]
    stream: Vec<Spanned<String>>,
    stream_end: Option<Spanned<String>>,
    #[serde(default)]
    notifications: Vec<Spanned<String>>,
    #[serde(default)]
    before_answer: bool,
    pause_ms: Option<Spanned<u64>>,
    #[serde(default)]
    out_of_turn: bool,
}

/// `name = { en = "...", zh = "..." }`; a plain string is an English-only
/// name, which the checks below refuse (the learner reads it in their
/// language), but which still loads so every other error can be reported.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum ScenarioName {
    Localized(Localized),
    English(String),
}

impl ScenarioName {
    pub(super) fn english(&self) -> &str {
        match self {
            ScenarioName::Localized(name) => &name.en,
            ScenarioName::English(name) => name,
        }
    }

    /// The stable English name, and the name in each language.
    pub(super) fn into_name_and_title(self) -> (String, Localized) {
        match self {
            ScenarioName::Localized(title) => (title.en.clone(), title),
            ScenarioName::English(name) => (
                name.clone(),
                Localized {
                    en: name.clone(),
                    zh: name,
                },
            ),
        }
    }
}

#[allow(
    clippy::too_many_lines,
    reason = "checks one scenario's steps, captures and notification patterns in one pass that collects every error; splitting it is still open (issue 24)"
)]
pub(super) fn compile_scenario(
    check: &mut FileCheck,
    at: usize,
    scenario: ScenarioFile,
    answers: AnswerOrder,
    known_vars: &BTreeSet<String>,
) -> Option<Scenario> {
    let label = format!("scenario `{}`", scenario.name.english());
    if !is_fact_id(&scenario.fact) {
        check.error(
            Some(at),
            format!(
                "{label}: `fact = \"{}\"` is not a fact id like \"F7\"",
                scenario.fact
            ),
        );
    }
    check.localized(&format!("{label}'s rule"), &scenario.rule);
    if scenario.every_request.is_some() || scenario.every_message.is_some() {
        return super::every::compile_every(check, at, &label, scenario, answers);
    }
    if scenario.step.is_empty() {
        check.error(Some(at), format!("{label} has no steps"));
    }
    let mut known = known_vars.clone();
    let mut steps = Vec::new();
    let order = super::order::client_order(check, at, &label, answers, scenario.order.as_ref());
    let mut ok = order.is_some();
    let order = order.unwrap_or_default();
    for (index, spanned) in scenario.step.into_iter().enumerate() {
        let step_at = spanned.span().start;
        let step = spanned.into_inner();
        let label = format!("{label} step {}", index + 1);
        let send = match (step.send, step.send_raw) {
            (Some(text), None) => match json_in_toml(check.text, &text) {
                Ok(value) => Some(Outgoing::Json(value)),
                Err((line, e)) => {
                    check.errors.push(ContentError { file: check.path.clone(), line: Some(line), message: format!("{label}: `send` is not valid JSON: {e} (to send bad JSON on purpose, use `send_raw`)") });
                    None
                }
            },
            (None, Some(raw)) if raw.contains('\n') => {
                check.error(
                    Some(step_at),
                    format!("{label}: `send_raw` holds a newline, which would make it two lines"),
                );
                None
            }
            (None, Some(raw)) => Some(Outgoing::Raw(raw)),
            (Some(_), Some(_)) => {
                check.error(
                    Some(step_at),
                    format!("{label}: has both `send` and `send_raw`; keep one"),
                );
                None
            }
            (None, None) if answers == AnswerOrder::Scripted => Some(Outgoing::Nothing),
            (None, None) => {
                check.error(
                    Some(step_at),
                    format!("{label}: sends nothing; add `send` (JSON) or `send_raw` (text)"),
                );
                None
            }
        };
        // An `expect` that failed to parse was still written: no second error for it.
        let expect_written = step.expect.is_some();
        let expect = match step.expect {
            None => None,
            Some(text) => match json_in_toml(check.text, &text) {
                Ok(doc) => match Pattern::parse(&doc) {
                    Ok(pattern) => Some(pattern),
                    Err(e) => {
                        check.error(Some(text.span().start), format!("{label}: `expect`: {e}"));
                        ok = false;
                        None
                    }
                },
                Err((line, e)) => {
                    check.errors.push(ContentError {
                        file: check.path.clone(),
                        line: Some(line),
                        message: format!("{label}: `expect` is not valid JSON: {e}"),
                    });
                    ok = false;
                    None
                }
            },
        };
        let Some(send) = send else {
            ok = false;
            continue;
        };
        if let Outgoing::Json(Value::Object(message)) = &send
            && message.contains_key("id")
            && message.contains_key("method")
            && !expect_written
        {
            check.error(Some(step_at), format!("{label}: sends a request (it has `id` and `method`) but has no `expect`; say what the response must mean"));
            ok = false;
        }
        if answers == AnswerOrder::Scripted && send == Outgoing::Nothing && !expect_written {
            check.error(Some(step_at), format!("{label}: writes nothing and expects nothing; a step of a client exercise sends the server's next line, waits for the client's next message (`expect`), or both"));
            ok = false;
        }
        if answers == AnswerOrder::InOrder && !expect_written {
            check.error(Some(step_at), format!("{label}: this exercise answers every line in order, so every step needs an `expect`"));
            ok = false;
        }
        let mut used = send.vars();
        if let Some(pattern) = &expect {
            pattern.vars(&mut used);
        }
        if step.silence_ok {
            let idless = expect.as_ref().is_some_and(Pattern::names_no_id);
            let opens_stream = !step.stream.is_empty();
            if answers.by_position() || !(idless || opens_stream) || !step.capture.is_empty() {
                check.error(Some(step_at), format!("{label}: `silence_ok` is for a server step whose `expect` is an error without an id (`\"id\": \"$absent-or-null\"`), or for a request that opens a `stream` (its answer comes only if the server ends the stream), with no capture: silence or that answer both pass"));
                ok = false;
            }
        }
        let stream = notification_patterns(check, &label, "stream", step.stream, &mut ok);
        let stream_end = notification_patterns(
            check,
            &label,
            "stream_end",
            step.stream_end.into_iter().collect(),
            &mut ok,
        )
        .pop();
        if stream_end.is_some() && stream.is_empty() {
            check.error(Some(step_at), format!("{label}: has a `stream_end`, but no `stream`: it names the notification that may close the stream this step opens"));
            ok = false;
        }
        let notifications =
            notification_patterns(check, &label, "notifications", step.notifications, &mut ok);
        if answers.by_position() && !(stream.is_empty() && notifications.is_empty()) {
            check.error(Some(step_at), format!("{label}: `stream` and `notifications` are for server exercises, whose notifications are told apart from responses"));
            ok = false;
        }
        let is_request = matches!(&send, Outgoing::Json(Value::Object(m)) if m.contains_key("id") && m.contains_key("method"));
        if step.before_answer && ((notifications.is_empty() && stream.is_empty()) || !is_request) {
            check.error(Some(step_at), format!("{label}: `before_answer` says this request's `notifications` (or its whole `stream`) come before its response, so the step needs both a request (with an `id`) and `notifications` or a `stream`"));
            ok = false;
        }
        if !stream.is_empty() && !is_request {
            check.error(Some(step_at), format!("{label}: has a `stream`, but sends no request: a stream belongs to the request (with an `id`) that opens it"));
            ok = false;
        }
        for pattern in stream.iter().chain(&stream_end).chain(&notifications) {
            pattern.vars(&mut used);
        }
        for name in used {
            if !known.contains(&name) {
                check.error(Some(step_at), format!("{label}: `${{{name}}}` is not defined: add it to [vars] or capture it in an earlier step"));
                ok = false;
            }
        }
        let mut captures = Vec::new();
        for (name, pointer) in step.capture {
            if !pointer.starts_with('/') {
                check.error(Some(step_at), format!("{label}: capture `{name}` = \"{pointer}\" is not a JSON pointer (it starts with `/`)"));
                ok = false;
            }
            if expect.is_none() {
                check.error(
                    Some(step_at),
                    format!("{label}: captures `{name}` from a response, but expects none"),
                );
                ok = false;
            }
            known.insert(name.clone());
            captures.push(Capture { name, pointer });
        }
        let pause = step.pause_ms.and_then(|pause| {
            let ms = *pause.get_ref();
            if ms > MAX_PAUSE_MS {
                check.error(Some(pause.span().start), format!("{label}: `pause_ms = {ms}` is longer than {MAX_PAUSE_MS}: a scenario's pause is for time a program must see pass (a freshness running out), not for waiting"));
                ok = false;
            }
            (ms > 0).then(|| Duration::from_millis(ms))
        });
        if step.out_of_turn && order != ClientOrder::Asked {
            check.error(Some(step_at), format!("{label}: `out_of_turn` is for a step of a scenario with `order = \"asked\"`: its line goes out as soon as its variables are known"));
            ok = false;
        }
        if step.fresh && order == ClientOrder::Asked {
            check.error(Some(step_at), format!("{label}: a scenario with `order = \"asked\"` talks to one process; `fresh` cannot start another"));
            ok = false;
        }
        steps.push(ScenarioStep {
            send,
            expect,
            silence_ok: step.silence_ok,
            fresh: step.fresh,
            captures,
            stream,
            stream_end,
            notifications,
            before_answer: step.before_answer,
            pause,
            out_of_turn: step.out_of_turn,
            line: check.line(step_at),
        });
    }
    if steps
        .iter()
        .any(|s| s.silence_ok && s.expects_idless_error())
        && steps
            .iter()
            .any(|s| !s.silence_ok && s.expects_idless_error())
    {
        check.error(Some(at), format!("{label}: a step that may stay silent cannot share a scenario with a step that must get an error without an id: such errors carry nothing that tells which line they answer"));
        ok = false;
    }
    let unwanted = notification_patterns(check, &label, "unwanted", scenario.unwanted, &mut ok);
    if answers.by_position() && !unwanted.is_empty() {
        check.error(Some(at), format!("{label}: `unwanted` is for server exercises, whose notifications are told apart from responses"));
        ok = false;
    }
    let mut used = Vec::new();
    for pattern in &unwanted {
        pattern.vars(&mut used);
    }
    for name in used {
        if !known_vars.contains(&name) {
            check.error(Some(at), format!("{label}: `unwanted` uses `${{{name}}}`, which is not in [vars] (a captured value can't be used there)"));
            ok = false;
        }
    }
    let args = match scenario.args {
        None => Vec::new(),
        Some(args) if answers != AnswerOrder::Scripted => {
            check.error(Some(args.span().start), format!("{label}: `args` are for client exercises (`kind = \"mcp-client\"`), which are told on their command line what to do"));
            ok = false;
            Vec::new()
        }
        Some(args) => {
            let at = args.span().start;
            let args = args.into_inner();
            for arg in &args {
                for name in crate::content::template::names_in_text(arg) {
                    if !known_vars.contains(name) {
                        check.error(Some(at), format!("{label}: `args` uses `${{{name}}}`, which is not in [vars] (the program starts before any value is captured)"));
                        ok = false;
                    }
                }
            }
            args
        }
    };
    let exit = super::exit::compile_exit(check, &label, scenario.exit, answers);
    let (name, title) = scenario.name.into_name_and_title();
    let exit = exit.filter(|_| ok)?;
    Some(Scenario {
        name,
        title,
        fact: scenario.fact,
        rule: scenario.rule,
        answers,
        order,
        args,
        steps,
        unwanted,
        every: None,
        exit,
    })
}

/// The patterns of a `stream`, `notifications` or `unwanted` list; each
/// must be a JSON pattern for a notification (it has a `method`).
fn notification_patterns(
    check: &mut FileCheck,
    label: &str,
    field: &str,
    texts: Vec<Spanned<String>>,
    ok: &mut bool,
) -> Vec<Pattern> {
    let mut patterns = Vec::new();
    for text in texts {
        let at = text.span().start;
        match json_in_toml(check.text, &text) {
            Ok(doc) => match Pattern::parse(&doc) {
                Ok(pattern) if pattern.member("method").is_some() => patterns.push(pattern),
                Ok(_) => {
                    check.error(Some(at), format!("{label}: each `{field}` pattern describes a notification, so it names its `method`"));
                    *ok = false;
                }
                Err(e) => {
                    check.error(Some(at), format!("{label}: `{field}`: {e}"));
                    *ok = false;
                }
            },
            Err((line, e)) => {
                check.errors.push(ContentError {
                    file: check.path.clone(),
                    line: Some(line),
                    message: format!("{label}: a `{field}` pattern is not valid JSON: {e}"),
                });
                *ok = false;
            }
        }
    }
    patterns
}

/// Parses JSON held in a TOML string, returning errors on the TOML file's line.
pub(super) fn json_in_toml(
    toml_text: &str,
    value: &Spanned<String>,
) -> Result<Value, (usize, serde_json::Error)> {
    serde_json::from_str(value.get_ref()).map_err(|e| {
        let start = value.span().start;
        let opening = &toml_text[start..value.span().end.min(toml_text.len())];
        // A newline right after `'''` or `"""` is not part of the string.
        let skipped = usize::from(opening.starts_with("'''\n") || opening.starts_with("\"\"\"\n"));
        (
            line_of(toml_text, start) + skipped + e.line().saturating_sub(1),
            e,
        )
    })
}
