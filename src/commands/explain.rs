//! `learn explain`: one message, read layer by layer the way a receiver
//! reads it. Needs no course: it works in any folder.

use super::Status;
use crate::content::Lang;
use crate::explain::{self, Explanation};
use crate::render::explain as words;
use anyhow::{Context, Result};
use colored::Colorize;
use serde_json::{Value, json};
use std::io::Read;
use std::path::Path;

/// `input`: a file, or `None`/`-` for stdin. Explaining an invalid message is
/// still a successful explanation (exit 0); only unreadable input fails.
pub fn run(
    input: Option<&Path>,
    answers: Option<&str>,
    as_json: bool,
    lang: Lang,
) -> Result<Status> {
    let text = read_input(input, lang)?;
    let explanation = explain::explain_text(text.trim(), answers);
    if as_json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&to_json(&explanation, lang))?
        )?;
    } else {
        out!("{}", to_text(&explanation, lang))?;
    }
    Ok(Status::Success)
}

fn read_input(input: Option<&Path>, lang: Lang) -> Result<String> {
    match input {
        Some(path) if path != Path::new("-") => std::fs::read_to_string(path).with_context(|| {
            format!(
                "{} {}",
                crate::words::of(lang).cannot_read(),
                path.display()
            )
        }),
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context(crate::words::of(lang).cannot_read_stdin())?;
            Ok(text)
        }
    }
}

/// The `--json` form: stable names, with the sentences in the learner's language.
pub fn to_json(e: &Explanation, lang: Lang) -> Value {
    json!({
        "kind": e.kind.name(),
        "type": e.type_name,
        "answers": e.answers,
        "path": e.path.iter().map(|step| json!({
            "layer": step.layer.name(),
            "type": step.type_name,
            "note": words::finding(&step.finding, lang),
        })).collect::<Vec<_>>(),
        "problems": e.problems.iter().map(|p| json!({
            "problem": p.code(),
            "at": p.at(),
            "message": words::problem(p, lang),
        })).collect::<Vec<_>>(),
        "meta_keys": e.meta_keys.iter().map(|k| json!({
            "key": k.key,
            "at": k.at,
            "verdict": k.verdict.name(),
        })).collect::<Vec<_>>(),
    })
}

/// The parse path as a tree, `_meta` keys under the step that read them.
pub fn to_text(e: &Explanation, lang: Lang) -> String {
    let mut out = String::new();
    let headline = match e.type_name {
        Some(name) => format!("{} · {}", words::kind(e.kind, lang), name),
        None => words::kind(e.kind, lang).to_string(),
    };
    let headline = if e.problems.is_empty() {
        headline.bold().to_string()
    } else {
        headline.red().bold().to_string()
    };
    out.push_str(&format!("{headline}\n\n"));
    out.push_str(&format!(
        "{}\n",
        crate::words::of(lang).parse_path().dimmed()
    ));
    let last_meta_step = e.path.iter().rposition(|s| {
        matches!(
            s.finding,
            explain::Finding::Meta { .. } | explain::Finding::RequestMeta { .. }
        )
    });
    for (i, step) in e.path.iter().enumerate() {
        let last = i + 1 == e.path.len();
        let (branch, stem) = if last {
            ("└─", "   ")
        } else {
            ("├─", "│  ")
        };
        let type_name = step
            .type_name
            .map_or_else(String::new, |t| format!(" · {}", t.cyan()));
        out.push_str(&format!(
            "{branch} {}{type_name}\n",
            words::layer(step.layer, lang)
        ));
        out.push_str(&format!(
            "{stem}  {}\n",
            words::finding(&step.finding, lang)
        ));
        if Some(i) == last_meta_step {
            let width = e
                .meta_keys
                .iter()
                .map(|k| k.key.chars().count())
                .max()
                .unwrap_or(0);
            for (k, key) in e.meta_keys.iter().enumerate() {
                let twig = if k + 1 == e.meta_keys.len() {
                    "└─"
                } else {
                    "├─"
                };
                let verdict = words::verdict(key.verdict, lang);
                let verdict = if key.verdict == explain::Verdict::Invalid {
                    verdict.red().to_string()
                } else {
                    verdict
                };
                out.push_str(&format!("{stem}  {twig} {:<width$}  {verdict}\n", key.key));
            }
        }
    }
    if !e.problems.is_empty() {
        out.push_str(&format!("\n{}\n", crate::words::of(lang).problems().red()));
        for problem in &e.problems {
            let at = if problem.at().is_empty() {
                String::new()
            } else {
                format!("{} ", format!("{}:", problem.at()).dimmed())
            };
            out.push_str(&format!("  ✗ {at}{}\n", words::problem(problem, lang)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_names_kind_type_layers_and_keys() {
        let e = explain::explain_text(
            r#"{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"_meta": {"dev.mcp/x": 1}}}"#,
            None,
        );
        let text = crate::render::style::plain(&to_text(&e, Lang::En));
        assert!(text.starts_with("request · CallToolRequest\n"), "{text}");
        assert!(
            text.contains("2 JSON-RPC envelopes · JSONRPCRequest"),
            "{text}"
        );
        assert!(text.contains("└─ dev.mcp/x  reserved"), "{text}");
        let zh = crate::render::style::plain(&to_text(&e, Lang::Zh));
        assert!(zh.starts_with("请求 · CallToolRequest\n"), "{zh}");
        assert!(zh.contains("解析路径"), "{zh}");
    }

    #[test]
    fn json_has_the_documented_members() {
        let e = explain::explain_text(r#"{"id": 1.5, "method": "x"}"#, None);
        let out = to_json(&e, Lang::En);
        assert_eq!(out["kind"], "invalid");
        assert_eq!(out["type"], Value::Null);
        let problems: Vec<&str> = out["problems"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p["problem"].as_str())
            .collect();
        assert_eq!(problems, ["jsonrpc-missing", "request-id-unusable"]);
        assert!(out["meta_keys"].as_array().is_some_and(Vec::is_empty));
    }
}
