//! `--format html`: the class on one self-contained page (inline style, no
//! script, a policy that forbids loading anything, so it opens from disk or
//! an artifact and requests nothing): each student's scores, the mean and
//! median, each exercise's and fact's pass rate, who did not pass what, and
//! why each student lost marks (each failed scenario's name and rule,
//! never its input; hidden ones by number only).

use super::lost_marks;
use super::xml::{attribute, escape};
use crate::content::Lang;
use crate::grade::figures::{figures, percent};
use crate::grade::report::{ExerciseStatus, Report};
use crate::render::style::one_line;
use std::fmt::Write;

const STYLE: &str = "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}th,td{border:1px solid #999;padding:.2em .5em;text-align:right}td.name,th.name{text-align:left}td.fail{background:#fdd}td.pass{background:#dfd}td.none{background:#eee}";

pub fn render(report: &Report, lang: Lang) -> String {
    let figures = figures(report);
    let n = figures.students;
    let mut out = String::new();
    let title = crate::words::of(lang).class_report();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n<title>{title}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        match lang {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    );
    let _ = writeln!(
        out,
        "<p id=\"stats\">{} {n}; {} {:.1}; {} {:.1}; {} {}</p>",
        crate::words::of(lang).students_heading(),
        crate::words::of(lang).mean(),
        figures.mean,
        crate::words::of(lang).median(),
        figures.median,
        crate::words::of(lang).out_of(),
        figures.max_score
    );
    scores(&mut out, report, lang);
    lost(&mut out, report, lang);
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<table id=\"exercises\">\n<thead><tr><th class=\"name\">{}</th><th>{}</th><th class=\"name\">{}</th></tr></thead>\n<tbody>",
        crate::words::of(lang).exercises(),
        crate::words::of(lang).exercise(),
        crate::words::of(lang).status_passed(),
        crate::words::of(lang).did_not_pass()
    );
    for e in &figures.exercises {
        let _ = writeln!(
            out,
            "<tr><td class=\"name\">{} {}</td><td>{}</td><td class=\"name\">{}</td></tr>",
            e.number,
            escape(&e.id),
            percent(e.passed, n),
            escape(&e.not_passed.join(", "))
        );
    }
    out.push_str("</tbody>\n</table>\n");
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<table id=\"facts\">\n<thead><tr><th class=\"name\">{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>",
        crate::words::of(lang).facts(),
        crate::words::of(lang).fact(),
        crate::words::of(lang).pass_rate(),
        crate::words::of(lang).scenarios_passed_heading()
    );
    for (fact, (passed, total)) in &figures.facts {
        let _ = writeln!(
            out,
            "<tr><td class=\"name\">{}</td><td>{}</td><td>{passed}/{total}</td></tr>",
            escape(fact),
            percent(*passed, *total)
        );
    }
    out.push_str("</tbody>\n</table>\n</body>\n</html>\n");
    out
}

/// A row per student, a cell per exercise (its reason in the cell's title).
fn scores(out: &mut String, report: &Report, lang: Lang) {
    let exercises = report
        .submissions
        .first()
        .map_or(&[][..], |s| s.exercises.as_slice());
    let has_quiz = report.submissions.iter().any(|s| s.quiz.is_some());
    out.push_str("<table id=\"scores\">\n<thead><tr><th class=\"name\">");
    out.push_str(crate::words::of(lang).student());
    for e in exercises {
        let _ = write!(
            out,
            "<th title=\"{}\">{}<br>/{}</th>",
            attribute(&e.id),
            e.number,
            e.max_score
        );
    }
    if has_quiz {
        let _ = write!(out, "<th>{}</th>", crate::words::of(lang).quiz());
    }
    let _ = writeln!(
        out,
        "<th>{}</th></tr></thead>\n<tbody>",
        crate::words::of(lang).score()
    );
    for s in &report.submissions {
        let _ = write!(
            out,
            "<tr><td class=\"name\">{}</td>",
            escape(&one_line(&s.name))
        );
        for e in exercises {
            let Some(graded) = s.exercises.iter().find(|x| x.id == e.id) else {
                out.push_str("<td class=\"none\"></td>");
                continue;
            };
            let (class, shown) = match graded.status() {
                ExerciseStatus::Passed => ("pass", graded.score.to_string()),
                ExerciseStatus::NotAttempted => ("none", "–".to_string()),
                _ => ("fail", graded.score.to_string()),
            };
            let title = if graded.passed {
                String::new()
            } else {
                format!(" title=\"{}\"", attribute(&lost_marks(graded, lang)))
            };
            let _ = write!(out, "<td class=\"{class}\"{title}>{shown}</td>");
        }
        if has_quiz {
            let quiz = s
                .quiz
                .as_ref()
                .map(|q| q.score.to_string())
                .unwrap_or_default();
            let _ = write!(out, "<td>{quiz}</td>");
        }
        let _ = writeln!(out, "<td>{}/{}</td></tr>", s.score, s.max_score);
    }
    out.push_str("</tbody>\n</table>\n");
}

/// Why each student lost marks: a row per exercise not passed.
fn lost(out: &mut String, report: &Report, lang: Lang) {
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<table id=\"lost\">\n<thead><tr><th class=\"name\">{}</th><th class=\"name\">{}</th><th>{}</th><th class=\"name\">{}</th></tr></thead>\n<tbody>",
        crate::words::of(lang).where_marks_lost(),
        crate::words::of(lang).student(),
        crate::words::of(lang).exercise(),
        crate::words::of(lang).score(),
        crate::words::of(lang).why()
    );
    for s in &report.submissions {
        if s.over_memory_limit {
            let _ = writeln!(
                out,
                "<tr><td class=\"name\">{}</td><td class=\"name\"></td><td></td><td class=\"name\">{}</td></tr>",
                escape(&one_line(&s.name)),
                crate::words::of(lang).over_memory()
            );
        }
        for e in s.exercises.iter().filter(|e| !e.passed) {
            let _ = writeln!(
                out,
                "<tr><td class=\"name\">{}</td><td class=\"name\">{} {}</td><td>{}/{}</td><td class=\"name\">{}</td></tr>",
                escape(&one_line(&s.name)),
                e.number,
                escape(&e.id),
                e.score,
                e.max_score,
                escape(&lost_marks(e, lang))
            );
        }
    }
    out.push_str("</tbody>\n</table>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::report::sample;

    #[test]
    fn escapes_names_loads_nothing_and_says_why_marks_were_lost() {
        let page = render(&sample(), Lang::En);
        assert!(page.contains("&lt;b&gt;x&lt;/b&gt;"));
        assert!(!page.contains("<b>x"));
        assert!(
            !page.contains("http:")
                && !page.contains("https:")
                && !page.contains("<script")
                && !page.contains("src=")
        );
        assert!(
            page.contains("failed: &quot;answers&quot; (Each request gets one answer.); &quot;hidden scenario 1&quot;"),
            "{page}"
        );
        assert!(
            page.contains("<td class=\"none\" title=\"not attempted\">–</td>"),
            "{page}"
        );
        assert!(!page.contains("tools/list"), "no scenario's input: {page}");
    }
}
