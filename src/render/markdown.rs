//! Lesson Markdown for a terminal: headings in bold, code in colour, fences
//! indented. Deliberately small: lessons use a small subset of Markdown.

use colored::Colorize;

pub fn render(markdown: &str) -> String {
    let mut out = String::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            out.push_str(&format!("    {}\n", line.cyan()));
        } else if let Some(title) = line.strip_prefix("# ") {
            out.push_str(&format!("{}\n", title.bold().underline()));
        } else if let Some(title) = line
            .strip_prefix("## ")
            .or_else(|| line.strip_prefix("### "))
        {
            out.push_str(&format!("{}\n", title.bold()));
        } else if line.starts_with("Facts:") {
            continue;
        } else if line.starts_with("Spec note:") || line.starts_with("规范说明：") {
            out.push_str(&format!("{}\n", inline(line).yellow()));
        } else {
            out.push_str(&inline(line));
            out.push('\n');
        }
    }
    out.trim_end().to_string() + "\n"
}

/// `code` in colour, its backticks kept (where the stream strips colour they
/// are the only sign of code), and **bold** in bold, its stars dropped.
fn inline(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find(['`', '*']) {
        let (marker, width) = if rest[start..].starts_with("**") {
            ("**", 2)
        } else if rest[start..].starts_with('`') {
            ("`", 1)
        } else {
            out.push_str(&rest[..=start]);
            rest = &rest[start + 1..];
            continue;
        };
        let after = &rest[start + width..];
        let Some(end) = after.find(marker) else { break };
        out.push_str(&rest[..start]);
        let inner = &after[..end];
        out.push_str(&match marker {
            "`" => format!("`{inner}`").green().to_string(),
            _ => inner.bold().to_string(),
        });
        rest = &after[end + width..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_without_colour_drops_markers() {
        let text = crate::render::style::plain(&render(
            "# Title\nUse `id` and **never** reuse it.\n```json\n{\"a\": 1}\n```\nFacts: F6\n",
        ));
        assert_eq!(
            text,
            "Title\nUse `id` and never reuse it.\n    {\"a\": 1}\n"
        );
    }
}
