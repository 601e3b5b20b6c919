//! The words of `learn dev` (for people who write lessons): its summaries.
//! The problems it reports are English only, as the lesson files' keys are.

pub trait Author {
    /// `learn dev check` found nothing wrong.
    fn course_ok(
        &self,
        lessons: usize,
        steps: usize,
        exercises: usize,
        scenarios: usize,
        cases: usize,
        root: &str,
    ) -> String;
    fn checked_on_seeds(&self, id: &str, seeds: usize) -> String;
    /// `learn dev update`.
    fn up_to_date(&self) -> &'static str;
    fn wrote(&self, files: &[&str]) -> String;
    /// `learn dev coverage`: facts not taught or not checked.
    fn not_covered(&self, gaps: &[String]) -> String;
}
