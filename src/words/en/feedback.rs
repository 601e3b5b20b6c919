//! The feedback of a check, in English.

use crate::words::{En, Feedback};

const STDIO_EXITS: &str = "A stdio program keeps running until its input ends, then exits with code 0; a crash proves nothing about what it would have answered.";

impl Feedback for En {
    fn sent_step(&self, step: usize, gap: &str, text: &str) -> String {
        format!("sent (step {step}):{gap}{text}")
    }
    fn crashed_once(&self, ended: &str) -> String {
        format!("The program {ended}. {STDIO_EXITS}")
    }
    fn crashed_times(&self, ended: &str, times: usize) -> String {
        format!("The program {ended}, each of the {times} times it was started. {STDIO_EXITS}")
    }
    fn repeated(&self, more: usize, shown: usize) -> String {
        format!(
            "…and {more} more like the one above (only the first {shown} of each kind are shown)."
        )
    }
    fn not_started(&self, error: &str) -> String {
        format!("The program could not start: {error}.")
    }
    fn capture_no_member(
        &self,
        step: usize,
        object: &str,
        member: &str,
        value: &str,
        name: &str,
    ) -> String {
        format!(
            "The response to step {step} should have exactly one member of `{object}` whose `{member}` is `{value}` (the next message answers under its key, `{name}`), but it has none or several, so the scenario stopped there."
        )
    }
    fn capture_missing(&self, step: usize, pointer: &str, name: &str) -> String {
        format!(
            "The response to step {step} has nothing at `{pointer}`, and the next message needs that value (`{name}`), so the scenario stopped there."
        )
    }
    fn timeout(&self, seconds: u64) -> String {
        format!(
            "Time ran out after {seconds} s while waiting for answers (`--timeout` sets the limit)."
        )
    }
    fn time_ran_out(&self, seconds: u64) -> String {
        format!(
            "Time ran out: this student's programs used up their run-time budget of {seconds} s for all scenarios (`--student-budget`), so this scenario was stopped or not run."
        )
    }
    fn output_never_ended(&self, seconds: u64) -> String {
        format!(
            "Every answer came, but after stdin closed the program kept its output open for {seconds} s. A stdio server must exit (or at least close stdout) when its input ends: that is how a client knows nothing more is coming."
        )
    }
    fn output_flood(&self, bytes: usize) -> String {
        format!(
            "It wrote {bytes} bytes of output and was stopped: no answer here needs that much. Is something printing in a loop?"
        )
    }
    fn line_too_long(&self, bytes: usize) -> String {
        format!(
            "It wrote {bytes} bytes without a newline and was stopped. Every message must end with a newline (\\n)."
        )
    }
    fn output_held_after_exit(&self) -> &'static str {
        "It exited, but something it started (a background process?) kept its stdout open, so a client would wait forever for the end of output. The checker stopped it. Everything a server starts must let go of stdout when the server ends."
    }
    fn exited_early(&self) -> &'static str {
        "It exited while the checker was still sending it messages. A stdio server keeps reading until its input ends."
    }
    fn closed_output_early(&self) -> &'static str {
        "It closed its stdout while the checker was still sending it messages, so nothing it did afterwards could be heard."
    }
    fn not_json(&self, line: &str) -> String {
        format!(
            "It wrote a line that is not JSON: {line}\nOnly JSON goes to stdout, one object per line: the checker reads every line there as an answer. Print debugging output to stderr (`eprintln!`)."
        )
    }
    fn not_an_object(&self, message: &str) -> String {
        format!(
            "It wrote JSON that is not an object: {message}. Every JSON-RPC message is an object."
        )
    }
    fn bad_jsonrpc(&self, message: &str) -> String {
        format!(
            "This message does not carry \"jsonrpc\": \"2.0\" exactly: {message}\nEvery message, requests, responses and notifications alike, carries it."
        )
    }
    fn server_request(&self, message: &str) -> String {
        format!(
            "It sent a request of its own (it has both `method` and `id`): {message}\nIn 2026-07-28 a server never sends JSON-RPC requests."
        )
    }
    fn not_a_response(&self, message: &str) -> String {
        format!(
            "This message has neither `result` nor `error` (nor a `method`): {message}\nA response carries exactly one of `result` and `error`."
        )
    }
    fn result_and_error(&self, message: &str) -> String {
        format!(
            "This response has both `result` and `error`: {message}\nIt must carry exactly one."
        )
    }
    fn bad_error_object(&self, message: &str) -> String {
        format!("An error object needs an integer `code` and a string `message`: {message}")
    }
    fn bad_response_id(&self, id: &str, message: &str) -> String {
        format!(
            "This response's id is {id}: an id is a string or an integer. Only an error answering a line whose id could not be read goes without one (or carries null).\n{message}"
        )
    }
    fn missing_id(&self) -> &'static str {
        "missing"
    }
    fn idless_errors_short(&self, steps: &[String], missing: usize) -> String {
        let some = if missing == 1 {
            "one".to_string()
        } else {
            missing.to_string()
        };
        format!(
            "Steps {} each expect an error without an id (or with a null id), but {missing} fewer came back, so {some} of these lines got none. Such an error does not say which line it answers, so the checker cannot tell which: look at which of these lines your program refuses, and which it skips.",
            steps.join(", ")
        )
    }
    fn broken_envelope(&self, message: &str) -> String {
        format!("This message breaks the envelope rules: {message}")
    }
    fn no_response_with_id(&self, id: &str) -> String {
        format!("No response with id {id} came back for it.")
    }
    fn no_idless_error(&self) -> &'static str {
        "No error without an id (or with a null id) came back for it. Its id could not be read, so the error that answers it leaves `id` out or sets it to null."
    }
    fn no_answer_line(&self) -> &'static str {
        "No answer line came back for it: this program writes exactly one line for each line it reads."
    }
    fn waited_step(&self, step: usize) -> String {
        format!(
            "step {step}: the server's script sent nothing here and waited for your client's next message"
        )
    }
    fn client_crashed(&self, ended: &str) -> String {
        format!(
            "The client {ended}. A client exits with code 0 once its task is done, and with another code only where the task says so; a crash proves nothing about what it would have sent."
        )
    }
    fn client_wrong_exit(&self, ended: &str, expected: u8) -> String {
        format!(
            "Your client {ended}; this scenario expects it to stop with code {expected} (an error), as its task says a client does when the server's answers leave it no way on. Say why on stderr, then exit with that code."
        )
    }
    fn no_client_message(&self) -> &'static str {
        "Your client wrote no message here. Did it stop, or wait for an answer that the server only sends after this message?"
    }
    fn wrong_client_message(&self, got: &str) -> String {
        format!(
            "
your client wrote: {got}
The message came, but it does not mean what it should:"
        )
    }
    fn broke_every_rule(&self, scenario: &str, message: &str) -> String {
        format!(
            "In the scenario \"{scenario}\", your client wrote: {message}
That message breaks a rule every message of its kind follows, in every scenario:"
        )
    }
    fn extra_client_message(&self, message: &str, expected: usize) -> String {
        let asked = match expected {
            1 => "one message".to_string(),
            n => format!("{n} messages"),
        };
        format!(
            "Your client wrote an extra message: {message}
The server's script waits for {asked}, and this one came after them."
        )
    }
    fn unasked_client_message(&self, message: &str) -> String {
        format!(
            "Your client wrote a message nothing in this scenario asks for: {message}
The server answers each message by what it asks, in whatever order it comes; this one asks for nothing the task gives it a reason to ask here."
        )
    }
    fn client_capture_missing(&self, step: usize, pointer: &str) -> String {
        format!(
            "Your client's message at step {step} has nothing at `{pointer}`, and the server's next line needs that value, so the scenario stopped there."
        )
    }
    fn server_sent_step(&self, step: usize, gap: &str, text: &str) -> String {
        format!("the server sent (step {step}):{gap}{text}")
    }
    fn client_output_never_ended(&self, seconds: u64) -> String {
        format!(
            "Every message the server waited for came, but after the server's last line and the end of its input your client kept its output open for {seconds} s. A client exits once its task is done."
        )
    }
    fn client_exited_early(&self) -> &'static str {
        "Your client exited while the server still had lines for it. A client reads the answers to everything it asked before it ends."
    }
    fn near_id_type_differs(&self, got: &str) -> String {
        format!(
            "\nA response came back with id {got} instead: the same id in another JSON type, or with its digits changed by a float. Copy the id exactly as it arrived; never convert it."
        )
    }
    fn near_other_id(&self, got: &str) -> String {
        format!(
            "\nThe only other response had id {got}. A response copies its request's id; a client uses it to hand the result to the right waiter."
        )
    }
    fn near_broken_answer(&self) -> &'static str {
        "\nA line with this id did come, but it breaks the envelope rules (see above), so it is not a response a client could use."
    }
    fn wrong_response(&self, got: &str) -> String {
        format!("\ngot: {got}\nThe answer arrived, but it does not mean what it should:")
    }
    fn duplicate(&self, step: usize, message: &str) -> String {
        format!(
            "The request of step {step} was answered more than once; this is an extra response: {message}\nEvery request gets exactly one response."
        )
    }
    fn answered_silence(&self, message: &str, silent: usize) -> String {
        let sent = match silent {
            1 => "This run sent one such message".to_string(),
            n => format!("This run sent {n} such messages"),
        };
        format!(
            "It answered a message that must get no reply: {message}\n{sent}: notifications (no `id`) and stray responses are never answered, not even with an empty result or an error."
        )
    }
    fn unexpected(&self, message: &str) -> String {
        format!("It wrote a response that answers nothing that was sent: {message}")
    }
    fn extra_line(&self, message: &str, expected: usize) -> String {
        let asked = match expected {
            1 => "one answer line".to_string(),
            n => format!("{n} answer lines"),
        };
        format!(
            "It wrote an extra line: {message}\nThis program writes exactly one line for each line that asks for an answer. This run asked for {asked}, and this line came after them."
        )
    }

    fn ordinal(&self, position: usize) -> String {
        match position {
            0 => "first".into(),
            1 => "second".into(),
            2 => "third".into(),
            n => {
                let n = n + 1;
                let suffix = match (n % 10, n % 100) {
                    (_, 11..=13) => "th",
                    (1, _) => "st",
                    (2, _) => "nd",
                    (3, _) => "rd",
                    _ => "th",
                };
                format!("{n}{suffix}")
            }
        }
    }
    fn stream_short(&self, count: usize, ordinal: &str, expected: &str) -> String {
        format!(
            "The stream this request opened has {count} message(s); its {ordinal} should be {expected}."
        )
    }
    fn stream_untagged(&self, key: &str, listed: &str) -> String {
        format!(
            "These notifications look right but do not name this subscription: each message of a stream carries `params._meta[\"{key}\"]`, the listen request's id, in the same JSON type:\n{listed}"
        )
    }
    fn stream_wrong(&self, ordinal: &str, got: &str) -> String {
        format!(
            "The {ordinal} message on the stream this request opened is {got}\nIt does not mean what it should:"
        )
    }
    fn stream_extra(&self, step_line: &str, ordinal: &str, message: &str) -> String {
        format!(
            "{step_line}\nThe stream this request opened carries a message it should not: its {ordinal} message, {message}\nA stream carries only what the client asked for, and nothing after it is cancelled."
        )
    }
    fn notification_missing(&self, step_line: &str, expected: &str) -> String {
        format!(
            "{step_line}\nThis should have caused a notification that never came (after those caused earlier): {expected}"
        )
    }
    fn no_notifications(&self) -> &'static str {
        "\nThe program wrote no notifications at all."
    }
    fn notifications_written(&self, listed: &str) -> String {
        format!("\nThe notifications it wrote, in order:\n{listed}")
    }
    fn after_answer(&self, step_line: &str, message: &str) -> String {
        format!(
            "{step_line}\nThis notification came after the response to this request: {message}\nIt belongs to the request, so it travels ahead of the answer; once the answer is written, the request is over."
        )
    }
    fn unwanted(&self, message: &str, rule: &str) -> String {
        format!("It wrote a notification it must not write here: {message}\n(it is {rule})")
    }

    fn exited_with(&self, code: i32) -> String {
        format!("exited with code {code}")
    }
    fn killed_by_signal(&self, signal: i32, name: &str) -> String {
        format!("was killed by signal {signal}{name}")
    }
    fn stopped_by_checker(&self) -> &'static str {
        "was still running, so the checker stopped it"
    }
    fn stderr_flood(&self, megabytes: usize) -> String {
        format!("It wrote {megabytes} MB to stderr (only the last lines are kept).")
    }
    fn stderr_end(&self) -> &'static str {
        "The end of its stderr:"
    }
    fn found_elsewhere(&self, there: &str, path: &str) -> String {
        format!("it is there, but at `{there}`: it belongs at `{path}`")
    }
    fn member_missing(&self) -> &'static str {
        "nothing (the member is missing)"
    }
    fn mismatch(&self, path: &str, expected: &str, got: &str) -> String {
        format!("at `{path}`: expected {expected}, got {got}")
    }
    fn bad_recipe(&self, step: usize, why: &str) -> String {
        format!(
            "Step {step} forges a value with a recipe that is wrong ({why}): a mistake in the exercise, not in your program."
        )
    }
    fn unforgeable(
        &self,
        step: usize,
        from: usize,
        pointer: &str,
        code: &str,
        why: &str,
        got: &str,
    ) -> String {
        format!(
            "Step {step} was to send a state forged from your program's own (at `{pointer}` of step {from}'s response), as an attacker who knows its format would. This exercise fixes that format: `<payload>.<tag>`, the payload a JSON object written in {code}, the tag in {code} too. Your program's state is not in it: {why}.\nGot: {got}\nSo the scenario stopped there."
        )
    }
    fn hex(&self) -> &'static str {
        "hex"
    }
    fn forge_not_a_string(&self) -> &'static str {
        "it is not a string"
    }
    fn forge_not_two_parts(&self) -> &'static str {
        "it is not two parts joined by one `.`"
    }
    fn forge_payload_not_encoded(&self, code: &str) -> String {
        format!("the part before the `.` is not {code}")
    }
    fn forge_tag_not_encoded(&self, code: &str) -> String {
        format!("the part after the `.` is not {code}")
    }
    fn forge_payload_not_object(&self, code: &str) -> String {
        format!("the part before the `.` is {code}, but not of a JSON object")
    }
}
