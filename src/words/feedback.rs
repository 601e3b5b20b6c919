//! The words of a check's feedback: what each problem a verdict holds means
//! (`render/feedback/`).

/// One method per message; `step` is counted from 1, as the learner reads it.
pub trait Feedback {
    /// The first line of a step's evidence: what was sent; `gap` is `" "`,
    /// or empty when `text` starts on its own line.
    fn sent_step(&self, step: usize, gap: &str, text: &str) -> String;
    /// The program ended badly (`ended` says how) the one time it ran.
    fn crashed_once(&self, ended: &str) -> String;
    /// The program ended badly each of the `times` times it was started.
    fn crashed_times(&self, ended: &str, times: usize) -> String;
    /// `more` problems of one kind beyond the first `shown`.
    fn repeated(&self, more: usize, shown: usize) -> String;
    fn not_started(&self, error: &str) -> String;
    /// A capture by filter (`object/*?member=value`) found no single member.
    fn capture_no_member(
        &self,
        step: usize,
        object: &str,
        member: &str,
        value: &str,
        name: &str,
    ) -> String;
    /// A capture found nothing at `pointer`.
    fn capture_missing(&self, step: usize, pointer: &str, name: &str) -> String;
    fn timeout(&self, seconds: u64) -> String;
    fn time_ran_out(&self, seconds: u64) -> String;
    fn output_never_ended(&self, seconds: u64) -> String;
    fn output_flood(&self, bytes: usize) -> String;
    fn line_too_long(&self, bytes: usize) -> String;
    fn output_held_after_exit(&self) -> &'static str;
    fn exited_early(&self) -> &'static str;
    fn closed_output_early(&self) -> &'static str;
    fn not_json(&self, line: &str) -> String;
    fn not_an_object(&self, message: &str) -> String;
    fn bad_jsonrpc(&self, message: &str) -> String;
    fn server_request(&self, message: &str) -> String;
    fn not_a_response(&self, message: &str) -> String;
    fn result_and_error(&self, message: &str) -> String;
    fn bad_error_object(&self, message: &str) -> String;
    /// A response's id of the wrong type; `id` is the id in words.
    fn bad_response_id(&self, id: &str, message: &str) -> String;
    /// The id in [`Feedback::bad_response_id`] when there is none.
    fn missing_id(&self) -> &'static str;
    /// `steps` (counted from 1) expect id-less errors; `missing` too few came.
    fn idless_errors_short(&self, steps: &[String], missing: usize) -> String;
    fn broken_envelope(&self, message: &str) -> String;
    /// No response with this id (in words) came.
    fn no_response_with_id(&self, id: &str) -> String;
    fn no_idless_error(&self) -> &'static str;
    fn no_answer_line(&self) -> &'static str;
    /// After a missing response: one came with the same id in another type.
    fn near_id_type_differs(&self, got: &str) -> String;
    /// After a missing response: the only other response had this id.
    fn near_other_id(&self, got: &str) -> String;
    /// After a missing response: its line came but broke the envelope.
    fn near_broken_answer(&self) -> &'static str;
    /// A response came but means something else; a list of mismatches follows.
    fn wrong_response(&self, got: &str) -> String;
    fn duplicate(&self, step: usize, message: &str) -> String;
    /// `silent` messages that want no reply were sent; one was answered.
    fn answered_silence(&self, message: &str, silent: usize) -> String;
    fn unexpected(&self, message: &str) -> String;
    /// A line beyond the `expected` answer lines.
    fn extra_line(&self, message: &str, expected: usize) -> String;
    /// A client's step at which the script wrote nothing and waited for it.
    fn waited_step(&self, step: usize) -> String;
    /// A client ended badly (`ended` says how).
    fn client_crashed(&self, ended: &str) -> String;
    /// A client ended (`ended` says how) where its scenario expects it to
    /// stop with status `expected`, its task's error status.
    fn client_wrong_exit(&self, ended: &str, expected: u8) -> String;
    /// A client wrote no message where the script waited for one.
    fn no_client_message(&self) -> &'static str;
    /// A client's message does not mean what it should.
    fn wrong_client_message(&self, got: &str) -> String;
    /// A client's message, written in the scenario named `scenario`, breaks
    /// a rule for every message it writes (the rule follows the report).
    fn broke_every_rule(&self, scenario: &str, message: &str) -> String;
    /// A client wrote a message after all those the script waits for.
    fn extra_client_message(&self, message: &str, expected: usize) -> String;
    /// A client wrote a message that no step of a server answering by what
    /// is asked asks for.
    fn unasked_client_message(&self, message: &str) -> String;
    /// A client's message had nothing at `pointer`, which the script needs.
    fn client_capture_missing(&self, step: usize, pointer: &str) -> String;
    /// A client's step: the line the scripted server wrote there.
    fn server_sent_step(&self, step: usize, gap: &str, text: &str) -> String;
    /// A client kept its output open `seconds` after the script's end.
    fn client_output_never_ended(&self, seconds: u64) -> String;
    /// A client exited while the script still had lines for it.
    fn client_exited_early(&self) -> &'static str;

    /// The `position`th (counted from 0) of a stream's messages, in words.
    fn ordinal(&self, position: usize) -> String;
    /// A stream holds `count` messages; the `ordinal` one should be `expected`.
    fn stream_short(&self, count: usize, ordinal: &str, expected: &str) -> String;
    /// Notifications that lack the subscription id under `key`, listed.
    fn stream_untagged(&self, key: &str, listed: &str) -> String;
    /// The `ordinal` message of a stream is `got`; mismatches follow.
    fn stream_wrong(&self, ordinal: &str, got: &str) -> String;
    /// After `step_line`: the stream carries a message it should not.
    fn stream_extra(&self, step_line: &str, ordinal: &str, message: &str) -> String;
    /// After `step_line`: the notification `expected` never came.
    fn notification_missing(&self, step_line: &str, expected: &str) -> String;
    fn no_notifications(&self) -> &'static str;
    /// The notifications the program wrote, listed.
    fn notifications_written(&self, listed: &str) -> String;
    /// After `step_line`: a notification came after the request's answer.
    fn after_answer(&self, step_line: &str, message: &str) -> String;
    /// A notification the scenario forbids; `rule` says which kind it is.
    fn unwanted(&self, message: &str, rule: &str) -> String;

    /// How a program ended: with this exit code.
    fn exited_with(&self, code: i32) -> String;
    /// How a program ended: by this signal (`name` is e.g. " (SIGKILL)" or empty).
    fn killed_by_signal(&self, signal: i32, name: &str) -> String;
    fn stopped_by_checker(&self) -> &'static str;
    fn stderr_flood(&self, megabytes: usize) -> String;
    /// The label above the last lines of its stderr.
    fn stderr_end(&self) -> &'static str;
    /// A missing member found at `there` instead of `path`.
    fn found_elsewhere(&self, there: &str, path: &str) -> String;
    /// What came, for a member that is missing.
    fn member_missing(&self) -> &'static str;
    /// The member at `path` is not what was expected.
    fn mismatch(&self, path: &str, expected: &str, got: &str) -> String;
    /// A scenario step's forging recipe is wrong (`why`): the exercise's fault.
    fn bad_recipe(&self, step: usize, why: &str) -> String;
    /// The state at `pointer` of step `from`'s response could not be forged
    /// at `step`: it is not `<payload>.<tag>` in `code` (`why`); `got` is it.
    fn unforgeable(
        &self,
        step: usize,
        from: usize,
        pointer: &str,
        code: &str,
        why: &str,
        got: &str,
    ) -> String;
    /// The name of hex encoding (base64url is its own name in every language).
    fn hex(&self) -> &'static str;
    fn forge_not_a_string(&self) -> &'static str;
    fn forge_not_two_parts(&self) -> &'static str;
    fn forge_payload_not_encoded(&self, code: &str) -> String;
    fn forge_tag_not_encoded(&self, code: &str) -> String;
    fn forge_payload_not_object(&self, code: &str) -> String;
}
