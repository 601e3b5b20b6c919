//! `--format csv`: one row per student: name, commit, score, max score,
//! each exercise's score (empty when not attempted), the quiz, and what
//! cost marks (each exercise not passed, with its status and each failed
//! scenario's name and rule; never a scenario's input). Cells a
//! spreadsheet would run as a formula are prefixed with `'`.

use super::lost_marks;
use crate::content::Lang;
use crate::grade::report::{ExerciseStatus, Report};
use crate::render::style::one_line;

pub fn render(report: &Report, lang: Lang) -> String {
    let exercises = report
        .submissions
        .first()
        .map_or(&[][..], |s| s.exercises.as_slice());
    let has_quiz = report.submissions.iter().any(|s| s.quiz.is_some());
    let mut header = vec![
        "name".to_string(),
        "commit".into(),
        "score".into(),
        "max_score".into(),
    ];
    header.extend(exercises.iter().map(|e| format!("{} {}", e.number, e.id)));
    if has_quiz {
        header.push("quiz".into());
    }
    header.push("lost".into());
    let mut out = row(&header);
    for s in &report.submissions {
        let mut cells = vec![
            one_line(&s.name),
            s.commit.clone().unwrap_or_default(),
            s.score.to_string(),
            s.max_score.to_string(),
        ];
        cells.extend(
            exercises
                .iter()
                .map(|e| match s.exercises.iter().find(|x| x.id == e.id) {
                    Some(x) if x.status() != ExerciseStatus::NotAttempted => x.score.to_string(),
                    _ => String::new(),
                }),
        );
        if has_quiz {
            cells.push(
                s.quiz
                    .as_ref()
                    .map(|q| q.score.to_string())
                    .unwrap_or_default(),
            );
        }
        let mut lost: Vec<String> = s
            .exercises
            .iter()
            .filter(|e| !e.passed)
            .map(|e| format!("{} {}: {}", e.number, e.id, lost_marks(e, lang)))
            .collect();
        if s.over_memory_limit {
            lost.insert(0, crate::words::of(lang).over_memory_short().to_string());
        }
        cells.push(lost.join(" | "));
        out.push_str(&row(&cells));
    }
    out
}

fn row(cells: &[String]) -> String {
    let cells: Vec<String> = cells
        .iter()
        .map(|c| {
            let c = if c.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                format!("'{c}")
            } else {
                c.clone()
            };
            if c.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c
            }
        })
        .collect();
    format!("{}\r\n", cells.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::report::sample;

    #[test]
    fn quotes_defuses_formulas_and_says_why_marks_were_lost() {
        let text = render(&sample(), Lang::En);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "name,commit,score,max_score,1 a,2 b,lost");
        assert_eq!(
            lines[1],
            "'=cmd|' /C calc'!A0,,10,20,10,0,\"2 b: failed: \"\"answers\"\" (Each request gets one answer.); \"\"hidden scenario 1\"\"\""
        );
        assert_eq!(
            lines[2],
            "\"<b>x</b>, \"\"y\"\"\",ab12,10,20,10,,2 b: not attempted"
        );
        // A hidden scenario's input never appears, nor any scenario's.
        assert!(!text.contains("tools/list"), "{text}");
    }
}
