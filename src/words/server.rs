//! The words of the commands that drive or judge a server exercise with
//! others' software: `learn interop` (the official SDK) and `learn conformance`
//! (the official suite).

pub trait Server {
    fn no_sdk_steps(&self) -> &'static str;
    fn no_sdk_steps_name_one(&self) -> &'static str;
    fn interop_needs_server(&self, example: &str) -> String;
    fn sdk_drives(&self, sdk: &str, shown: &str) -> String;
    fn steps_passed(&self, passed: usize, total: usize) -> String;
    /// `steps` are the commands that install the SDK.
    fn no_python(&self, python: &str, why: &str, steps: &str) -> String;
    fn no_sdk(&self, python: &str, why: &str, steps: &str) -> String;
    /// Under an SDK step.
    fn not_tried(&self) -> &'static str;
    fn sdk_saw(&self) -> &'static str;
    fn needed(&self) -> &'static str;
    fn driver_stopped(&self) -> &'static str;
    /// The connect step's title, by mode.
    fn connect_discover(&self) -> &'static str;
    fn connect_pinned(&self) -> &'static str;
    fn connect_needed(&self) -> &'static str;
    /// A mode's heading.
    fn mode_auto(&self) -> &'static str;
    fn mode_pinned(&self, version: &str) -> String;
    /// `learn conformance --install` is done.
    fn suite_installed(&self, node: &str, suite: &str, home: &str, example: &str) -> String;
    fn suite_no_results(&self) -> &'static str;
    /// `what` (English in both languages, as the pins name it) is missing because `why`.
    fn suite_missing(&self, what: &str, why: &str, steps: &str) -> String;
    fn suite_judges(&self, suite: &str, shown: &str) -> String;
    fn baseline_fails(&self, count: usize) -> String;
    fn expected_baseline(&self) -> &'static str;
    fn suite_saw(&self) -> &'static str;
    fn stale_entry(&self, entry: &str) -> String;
    fn beyond_exercise(&self, entry: &str) -> String;
    fn suite_summary_stale(
        &self,
        ok: usize,
        expected: usize,
        unexpected: usize,
        stale: usize,
    ) -> String;
    fn suite_summary_beyond(
        &self,
        ok: usize,
        expected: usize,
        unexpected: usize,
        stale: usize,
    ) -> String;
}
