//! Text from outside the course (a student's output, a folder's name) made
//! safe to print: nothing in it may recolour or move a terminal, or reorder
//! or hide what a report shows. Below the engine because grading needs the
//! same rule to name a submission that it prints by.

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

#[cfg(test)]
mod tests {
    use super::{one_line, visible};

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
