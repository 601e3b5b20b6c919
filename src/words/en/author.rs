//! `learn dev`, in English.

use crate::words::{Author, En};

impl Author for En {
    fn course_ok(
        &self,
        lessons: usize,
        steps: usize,
        exercises: usize,
        scenarios: usize,
        cases: usize,
        root: &str,
    ) -> String {
        format!(
            "ok: {lessons} lesson(s), {steps} steps, {exercises} exercises, {scenarios} scenarios, {cases} test program cases in {root}"
        )
    }
    fn checked_on_seeds(&self, id: &str, seeds: usize) -> String {
        format!("checked {id} on {seeds} seeds")
    }
    fn up_to_date(&self) -> &'static str {
        "up to date: nothing to write"
    }
    fn wrote(&self, files: &[&str]) -> String {
        format!("wrote {}", files.join(", "))
    }
    fn not_covered(&self, gaps: &[String]) -> String {
        format!(
            "not covered: {} (each fact needs a section in both languages and a scenario or quiz question)",
            gaps.join(", ")
        )
    }
}
