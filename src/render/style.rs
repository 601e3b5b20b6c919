//! Colour policy: on for terminals, off for pipes and files, and always as
//! the user says (`--color`, `NO_COLOR`, `CLICOLOR_FORCE`).

use crate::cli::ColorChoice;
use std::io::IsTerminal;

pub fn init(choice: ColorChoice) {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    let on = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR") => false,
        ColorChoice::Auto if set("CLICOLOR_FORCE") => true,
        ColorChoice::Auto => std::io::stdout().is_terminal(),
    };
    colored::control::set_override(on);
}

/// Shortens a long one-line text for display, keeping its start.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let kept: String = text.chars().take(max.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}

/// Text safe to print on a terminal or in a report: a student's output can
/// hold escape sequences that would recolour, move or retitle the grader's
/// terminal, and format characters (a bidi override, a zero-width space, a
/// line separator) that reorder or hide what a report shows, so control
/// characters (other than line breaks and tabs) and format characters are
/// shown as `\u{..}`.
pub fn visible(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\t' => c.to_string(),
            c if c.is_control() || is_format(c) => format!("\\u{{{:x}}}", u32::from(c)),
            c => c.to_string(),
        })
        .collect()
}

/// `visible`, with line breaks and tabs shown as `\u{..}` too: for a name,
/// which must not start a row of its own in a table.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            c if c.is_control() || is_format(c) => format!("\\u{{{:x}}}", u32::from(c)),
            c => c.to_string(),
        })
        .collect()
}

/// Unicode's format characters (category Cf) and the line and paragraph
/// separators (Zl, Zp): none shows as itself, and some reorder the text
/// around them. The standard library has no category lookup; this is the
/// list of Unicode 16.
fn is_format(c: char) -> bool {
    matches!(
        u32::from(c),
        0xad | 0x600..=0x605
            | 0x61c
            | 0x6dd
            | 0x70f
            | 0x890..=0x891
            | 0x8e2
            | 0x180e
            | 0x200b..=0x200f
            | 0x2028..=0x202e
            | 0x2060..=0x2064
            | 0x2066..=0x206f
            | 0xfeff
            | 0xfff9..=0xfffb
            | 0x110bd
            | 0x110cd
            | 0x13430..=0x1343f
            | 0x1bca0..=0x1bca3
            | 0x1d173..=0x1d17a
            | 0xe0001
            | 0xe0020..=0xe007f
    )
}

/// A long line cut in the middle, keeping its start and its end: in a sent
/// message the end often holds what the scenario is about (a forged
/// `requestState`, the last argument), and the start says what it is.
pub fn clip_middle(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let head = max.saturating_sub(1) * 3 / 5;
    let tail = max.saturating_sub(1) - head;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(count - tail).collect();
    format!("{start}…{end}")
}

#[cfg(test)]
mod tests {
    use super::{clip_middle, one_line, visible};

    #[test]
    fn a_long_line_keeps_its_start_and_its_end() {
        let line = format!("start{}end", "x".repeat(200));
        let clipped = clip_middle(&line, 50);
        assert_eq!(clipped.chars().count(), 50);
        assert!(clipped.starts_with("start") && clipped.ends_with("end"));
        assert_eq!(clip_middle("short", 50), "short");
    }

    #[test]
    fn control_characters_become_visible() {
        assert_eq!(
            visible("a\u{1b}[31mb\u{0}\tc\n"),
            "a\\u{1b}[31mb\\u{0}\tc\n"
        );
    }

    /// Issue 36, item 9: bidi overrides and other invisible format
    /// characters reorder or hide what a report shows.
    #[test]
    fn format_characters_become_visible() {
        for c in [
            '\u{202e}',
            '\u{feff}',
            '\u{2028}',
            '\u{2029}',
            '\u{200b}',
            '\u{2066}',
            '\u{ad}',
            '\u{e0041}',
        ] {
            let shown = visible(&format!("a{c}b"));
            assert_eq!(shown, format!("a\\u{{{:x}}}b", u32::from(c)));
        }
        assert_eq!(visible("Zoë 张 ✓"), "Zoë 张 ✓");
        assert_eq!(
            one_line("a\nb\tc\r\u{202e}"),
            "a\\u{a}b\\u{9}c\\u{d}\\u{202e}"
        );
    }
}
