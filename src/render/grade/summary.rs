//! The class summary a teacher reads: every student's score, the mean and
//! median, the pass rate of each exercise and of each fact, and who failed
//! what. Made from JSON reports (`--format json`: one grading, or many
//! merged with `--merge`), as text, CSV, or one self-contained HTML page
//! (no script, no external file: it opens from disk or an artifact and
//! requests nothing).

use super::xml::escape;
use crate::content::Lang;
use crate::content::text::tr;
use anyhow::{Result, anyhow, bail};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

pub struct Summary {
    pub students: Vec<Row>,
    /// (number, id, max score), in order.
    pub exercises: Vec<(u64, String, u64)>,
    /// Fact → (scenarios passed, scenarios run), over the whole class.
    pub facts: BTreeMap<String, (usize, usize)>,
    pub has_quiz: bool,
}

pub struct Row {
    pub name: String,
    pub commit: Option<String>,
    pub score: u64,
    pub max_score: u64,
    /// Per exercise: (score, passed).
    pub exercises: Vec<(u64, bool)>,
    pub quiz: Option<(u64, u64)>,
}

/// Merges several JSON reports into one, refusing reports graded with
/// different course files, or the same student twice.
pub fn merge(reports: Vec<(PathBuf, Value)>) -> Result<Value> {
    let mut submissions = Vec::new();
    let mut grader: Option<(PathBuf, Value)> = None;
    let mut seeds = Vec::new();
    let mut sandboxed = true;
    let mut names = std::collections::BTreeSet::new();
    for (path, report) in reports {
        let list = report
            .get("submissions")
            .and_then(Value::as_array)
            .ok_or_else(|| {
                anyhow!(
                    "{} is not a report of `learn grade --format json`",
                    path.display()
                )
            })?;
        let files = report.get("grader").cloned().unwrap_or(Value::Null);
        match &grader {
            None => grader = Some((path.clone(), files)),
            Some((first, seen)) if *seen != files => bail!(
                "{} and {} were graded with different course files (their `grader` hashes differ)",
                first.display(),
                path.display()
            ),
            Some(_) => {}
        }
        seeds.push(report.get("seed").cloned().unwrap_or(Value::Null));
        sandboxed &= report.get("sandboxed") == Some(&Value::Bool(true));
        for s in list {
            let name = s.get("name").and_then(Value::as_str).unwrap_or_default();
            if !names.insert(name.to_string()) {
                bail!("{name} is in two reports ({})", path.display());
            }
            submissions.push(s.clone());
        }
    }
    seeds.dedup();
    Ok(json!({
        "seed": if seeds.len() == 1 { seeds[0].clone() } else { Value::Null },
        "seeds": seeds,
        "scoring": "all-or-nothing: an exercise earns its points when every scenario passes",
        "sandboxed": sandboxed,
        "grader": grader.map(|(_, g)| g).unwrap_or(Value::Null),
        "submissions": submissions,
    }))
}

pub fn summarize(report: &Value) -> Summary {
    let list: &[Value] = report
        .get("submissions")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let u = |v: &Value, k: &str| v.get(k).and_then(Value::as_u64).unwrap_or(0);
    let exercises: Vec<(u64, String, u64)> = list
        .first()
        .and_then(|s| s.get("exercises"))
        .and_then(Value::as_array)
        .map(|all| {
            all.iter()
                .map(|e| {
                    (
                        u(e, "number"),
                        e.get("id")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_string(),
                        u(e, "max_score"),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut facts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut has_quiz = false;
    let students = list
        .iter()
        .map(|s| {
            let graded = s
                .get("exercises")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice);
            let per = exercises
                .iter()
                .map(|(_, id, _)| {
                    graded
                        .iter()
                        .find(|e| e.get("id").and_then(Value::as_str) == Some(id))
                        .map_or((0, false), |e| {
                            (u(e, "score"), e.get("passed") == Some(&Value::Bool(true)))
                        })
                })
                .collect();
            for e in graded {
                for sc in e
                    .get("scenarios")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let fact = sc.get("fact").and_then(Value::as_str).unwrap_or("");
                    if fact.is_empty() {
                        continue; // a redacted hidden scenario
                    }
                    let slot = facts.entry(fact.to_string()).or_default();
                    slot.1 += 1;
                    if sc.get("passed") == Some(&Value::Bool(true)) {
                        slot.0 += 1;
                    }
                }
            }
            let quiz = s
                .get("quiz")
                .filter(|q| !q.is_null())
                .map(|q| (u(q, "score"), u(q, "max_score")));
            has_quiz |= quiz.is_some();
            Row {
                name: s
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                commit: s.get("commit").and_then(Value::as_str).map(str::to_string),
                score: u(s, "score"),
                max_score: u(s, "max_score"),
                exercises: per,
                quiz,
            }
        })
        .collect();
    Summary {
        students,
        exercises,
        facts,
        has_quiz,
    }
}

impl Summary {
    pub fn mean(&self) -> f64 {
        if self.students.is_empty() {
            return 0.0;
        }
        self.students.iter().map(|s| s.score as f64).sum::<f64>() / self.students.len() as f64
    }

    pub fn median(&self) -> f64 {
        let mut scores: Vec<u64> = self.students.iter().map(|s| s.score).collect();
        scores.sort_unstable();
        match scores.len() {
            0 => 0.0,
            n if n % 2 == 1 => scores[n / 2] as f64,
            n => (scores[n / 2 - 1] + scores[n / 2]) as f64 / 2.0,
        }
    }

    pub fn max_score(&self) -> u64 {
        self.students.iter().map(|s| s.max_score).max().unwrap_or(0)
    }

    /// (passed, students) of exercise `e`, and who did not pass it.
    pub fn exercise(&self, e: usize) -> (usize, Vec<&str>) {
        let passed = self.students.iter().filter(|s| s.exercises[e].1).count();
        let failed = self
            .students
            .iter()
            .filter(|s| !s.exercises[e].1)
            .map(|s| s.name.as_str())
            .collect();
        (passed, failed)
    }
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    format!("{:.0}%", 100.0 * part as f64 / whole as f64)
}

pub fn text(summary: &Summary, lang: Lang) -> String {
    let mut out = String::new();
    let n = summary.students.len();
    let _ = writeln!(
        out,
        "{} {n}; {} {:.1}, {} {:.1} / {}",
        tr(lang, "students:", "学生："),
        tr(lang, "mean", "平均"),
        summary.mean(),
        tr(lang, "median", "中位数"),
        summary.median(),
        summary.max_score()
    );
    let _ = writeln!(
        out,
        "\n{}",
        tr(
            lang,
            "exercise pass rate, and who did not pass:",
            "各练习通过率，以及未通过的人："
        )
    );
    for (e, (number, id, _)) in summary.exercises.iter().enumerate() {
        let (passed, failed) = summary.exercise(e);
        let line = format!(
            "  {number:>2} {id:<24} {:>4}  {}",
            percent(passed, n),
            super::visible(&failed.join(", "))
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(
        out,
        "\n{}",
        tr(
            lang,
            "fact pass rate (scenarios passed, class-wide):",
            "各事实通过率（全班通过的场景）："
        )
    );
    for (fact, (passed, total)) in &summary.facts {
        let _ = writeln!(
            out,
            "  {fact:<5} {:>4}  {passed}/{total}",
            percent(*passed, *total)
        );
    }
    out
}

/// One row per student: name, commit, score, max, each exercise, quiz.
/// Cells a spreadsheet would run as a formula are prefixed with `'`.
pub fn csv(summary: &Summary) -> String {
    let mut out = String::new();
    let mut header = vec![
        "name".to_string(),
        "commit".into(),
        "score".into(),
        "max_score".into(),
    ];
    header.extend(
        summary
            .exercises
            .iter()
            .map(|(n, id, _)| format!("{n} {id}")),
    );
    if summary.has_quiz {
        header.push("quiz".into());
    }
    out.push_str(&row(&header));
    for s in &summary.students {
        let mut cells = vec![
            s.name.clone(),
            s.commit.clone().unwrap_or_default(),
            s.score.to_string(),
            s.max_score.to_string(),
        ];
        cells.extend(s.exercises.iter().map(|(score, _)| score.to_string()));
        if summary.has_quiz {
            cells.push(s.quiz.map(|q| q.0.to_string()).unwrap_or_default());
        }
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

/// One page, nothing to fetch: inline style, no script, and a policy that
/// forbids loading anything.
pub fn html(summary: &Summary, lang: Lang) -> String {
    let n = summary.students.len();
    let mut out = String::new();
    let title = tr(lang, "Class report", "班级报告");
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n<title>{title}</title>\n<style>\nbody{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin-bottom:2em}}th,td{{border:1px solid #999;padding:.2em .5em;text-align:right}}td.name,th.name{{text-align:left}}td.fail{{background:#fdd}}td.pass{{background:#dfd}}\n</style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        match lang {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    );
    let _ = writeln!(
        out,
        "<p id=\"stats\">{} {n}; {} {:.1}; {} {:.1}; {} {}</p>",
        tr(lang, "Students:", "学生："),
        tr(lang, "mean", "平均"),
        summary.mean(),
        tr(lang, "median", "中位数"),
        summary.median(),
        tr(lang, "out of", "满分"),
        summary.max_score()
    );
    out.push_str("<table id=\"scores\">\n<thead><tr><th class=\"name\">");
    out.push_str(tr(lang, "student", "学生"));
    for (number, id, max) in &summary.exercises {
        let _ = write!(out, "<th title=\"{}\">{number}<br>/{max}</th>", escape(id));
    }
    if summary.has_quiz {
        let _ = write!(out, "<th>{}</th>", tr(lang, "quiz", "测验"));
    }
    let _ = writeln!(
        out,
        "<th>{}</th></tr></thead>\n<tbody>",
        tr(lang, "score", "得分")
    );
    for s in &summary.students {
        let _ = write!(out, "<tr><td class=\"name\">{}</td>", escape(&s.name));
        for (score, passed) in &s.exercises {
            let class = if *passed { "pass" } else { "fail" };
            let _ = write!(out, "<td class=\"{class}\">{score}</td>");
        }
        if summary.has_quiz {
            let _ = write!(
                out,
                "<td>{}</td>",
                s.quiz.map(|q| q.0.to_string()).unwrap_or_default()
            );
        }
        let _ = writeln!(out, "<td>{}/{}</td></tr>", s.score, s.max_score);
    }
    out.push_str("</tbody>\n</table>\n");
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<table id=\"exercises\">\n<thead><tr><th class=\"name\">{}</th><th>{}</th><th class=\"name\">{}</th></tr></thead>\n<tbody>",
        tr(lang, "Exercises", "练习"),
        tr(lang, "exercise", "练习"),
        tr(lang, "passed", "通过"),
        tr(lang, "did not pass", "未通过")
    );
    for (e, (number, id, _)) in summary.exercises.iter().enumerate() {
        let (passed, failed) = summary.exercise(e);
        let _ = writeln!(
            out,
            "<tr><td class=\"name\">{number} {}</td><td>{}</td><td class=\"name\">{}</td></tr>",
            escape(id),
            percent(passed, n),
            escape(&failed.join(", "))
        );
    }
    out.push_str("</tbody>\n</table>\n");
    let _ = writeln!(
        out,
        "<h2>{}</h2>\n<table id=\"facts\">\n<thead><tr><th class=\"name\">{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>",
        tr(lang, "Facts", "事实"),
        tr(lang, "fact", "事实"),
        tr(lang, "pass rate", "通过率"),
        tr(lang, "scenarios passed", "通过的场景")
    );
    for (fact, (passed, total)) in &summary.facts {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Value {
        json!({"seed": 1, "grader": [], "submissions": [
            {"name": "=cmd|' /C calc'!A0", "score": 10, "max_score": 20, "commit": null, "quiz": null, "exercises": [
                {"id": "a", "number": 1, "score": 10, "max_score": 10, "passed": true, "scenarios": [{"fact": "F1", "passed": true}]},
                {"id": "b", "number": 2, "score": 0, "max_score": 10, "passed": false, "scenarios": [{"fact": "F2", "passed": false}, {"fact": "", "passed": false}]}]},
            {"name": "<b>x</b>, \"y\"", "score": 20, "max_score": 20, "commit": "ab12", "quiz": null, "exercises": [
                {"id": "a", "number": 1, "score": 10, "max_score": 10, "passed": true, "scenarios": [{"fact": "F1", "passed": true}]},
                {"id": "b", "number": 2, "score": 10, "max_score": 10, "passed": true, "scenarios": [{"fact": "F2", "passed": true}]}]}
        ]})
    }

    #[test]
    fn figures_of_the_class() {
        let s = summarize(&report());
        assert_eq!(s.mean(), 15.0);
        assert_eq!(s.median(), 15.0);
        assert_eq!(s.exercise(1), (1, vec!["=cmd|' /C calc'!A0"]));
        assert_eq!(s.facts["F2"], (1, 2));
        assert!(
            !s.facts.contains_key(""),
            "redacted hidden scenarios have no fact"
        );
    }

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        let text = csv(&summarize(&report()));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "name,commit,score,max_score,1 a,2 b");
        assert_eq!(lines[1], "'=cmd|' /C calc'!A0,,10,20,10,0");
        assert_eq!(lines[2], "\"<b>x</b>, \"\"y\"\"\",ab12,20,20,10,10");
    }

    #[test]
    fn html_escapes_names_and_loads_nothing() {
        let page = html(&summarize(&report()), Lang::En);
        assert!(page.contains("&lt;b&gt;x&lt;/b&gt;"));
        assert!(!page.contains("<b>x"));
        assert!(
            !page.contains("http:")
                && !page.contains("https:")
                && !page.contains("<script")
                && !page.contains("src=")
        );
    }

    #[test]
    fn merging_refuses_different_courses_and_twins() {
        let a = report();
        let mut b = report();
        b["grader"] = json!([{"part": "lessons", "sha256": "other"}]);
        assert!(merge(vec![("a".into(), a.clone()), ("b".into(), b)]).is_err());
        assert!(merge(vec![("a".into(), a.clone()), ("a2".into(), a.clone())]).is_err());
        let merged = merge(vec![("a".into(), a)]).expect("one report merges");
        assert_eq!(merged["submissions"].as_array().map(Vec::len), Some(2));
    }
}
