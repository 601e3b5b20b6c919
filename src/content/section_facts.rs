//! Which facts a reading section teaches, from the `Facts:` line that ends
//! it, and which section to send a learner to for one fact.

use super::model::{Course, Step, section_file};
use super::text::Lang;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The facts a section's last `Facts:` line names; empty when the file is
/// missing or has no such line (the loader reports a missing file).
pub fn facts_of(lesson_dir: &Path, section: &str, lang: Lang) -> BTreeSet<String> {
    let text = std::fs::read_to_string(section_file(lesson_dir, section, lang)).unwrap_or_default();
    parse(&text)
}

fn parse(text: &str) -> BTreeSet<String> {
    text.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Facts:"))
        .map(|list| {
            list.split(',')
                .map(|f| f.trim().to_string())
                .filter(|f| !f.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// For each fact of the lesson that holds `exercise_id`, the section that
/// teaches it, as `learn read` takes it: among the readings of the
/// exercise's own objective first, then among all the lesson's, and a
/// review (`reviews` in lesson.toml) only when nothing else teaches the
/// fact (each time as `best_sections` chooses): a rule the exercise's objective teaches is
/// read where the learner met it, not in a later section that names the
/// fact among fewer others. Reads the lesson's sections, so
/// it is asked for only when a failure is shown, not on every load.
pub fn read_more<'a>(course: &'a Course, exercise_id: &str) -> BTreeMap<String, String> {
    let Some(lesson) = course
        .lessons
        .iter()
        .find(|lesson| lesson.exercises.iter().any(|e| e.id == exercise_id))
    else {
        return BTreeMap::new();
    };
    let all: Vec<&str> = lesson
        .objectives
        .iter()
        .flat_map(|o| readings(&o.steps))
        .collect();
    let own = lesson
        .objectives
        .iter()
        .find(|o| {
            o.steps
                .iter()
                .any(|s| matches!(s, Step::Exercise(id) if id == exercise_id))
        })
        .map(|o| readings(&o.steps))
        .unwrap_or_default();
    // A review (a list of confusions) is read last: any section that teaches
    // the fact comes first, one of the exercise's own objective before all.
    let teaching = |ids: &[&'a str]| -> Vec<&'a str> {
        ids.iter()
            .copied()
            .filter(|id| !lesson.reviews.iter().any(|r| r == id))
            .collect()
    };
    let mut best = best_sections(&lesson.dir, &all);
    best.extend(best_sections(&lesson.dir, &teaching(&all)));
    best.extend(best_sections(&lesson.dir, &teaching(&own)));
    // Named as the learner types it: `<lesson>/<id>` where lessons share an id.
    best.into_iter()
        .map(|(fact, id)| {
            let shown = course.step_ref(&lesson.id, super::StepKind::Reading, &id);
            (fact, shown)
        })
        .collect()
}

/// The reading steps among `steps`, in order.
fn readings(steps: &[Step]) -> Vec<&str> {
    steps
        .iter()
        .filter_map(|step| match step {
            Step::Reading(id) => Some(id.as_str()),
            _ => None,
        })
        .collect()
}

/// For each fact, the section that teaches it most directly: of the
/// sections (in reading order) whose English `Facts:` line names it, the
/// one naming the fewest facts, the earlier on a tie. A recap or a list of
/// confusions names many facts and so is picked only when nothing else
/// teaches one.
pub fn best_sections(lesson_dir: &Path, sections: &[&str]) -> BTreeMap<String, String> {
    let named: Vec<(&str, BTreeSet<String>)> = sections
        .iter()
        .map(|&id| (id, facts_of(lesson_dir, id, Lang::En)))
        .collect();
    best_of(&named)
}

fn best_of(named: &[(&str, BTreeSet<String>)]) -> BTreeMap<String, String> {
    let mut best: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for (id, facts) in named {
        for fact in facts {
            let better = best.get(fact).is_none_or(|(count, _)| facts.len() < *count);
            if better {
                best.insert(fact.clone(), (facts.len(), id.to_string()));
            }
        }
    }
    best.into_iter().map(|(fact, (_, id))| (fact, id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(facts: &[&str]) -> BTreeSet<String> {
        facts.iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn the_last_facts_line_counts() {
        let text = "# Title\n\nFacts: F9 in passing\n\nbody\n\nFacts: F1, F2 ,\n";
        assert_eq!(parse(text), set(&["F1", "F2"]));
        assert!(parse("no facts here").is_empty());
    }

    #[test]
    fn the_narrowest_section_wins_and_the_earlier_on_a_tie() {
        let named = [
            ("recap", set(&["F1", "F2", "F3"])),
            ("requests", set(&["F2"])),
            ("ids", set(&["F2"])),
            ("both", set(&["F1", "F3"])),
        ];
        let best = best_of(&named);
        assert_eq!(best["F2"], "requests");
        assert_eq!(best["F1"], "both");
        assert_eq!(best["F3"], "both");
        assert_eq!(best.len(), 3);
    }
}
