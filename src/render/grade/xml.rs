//! Escaping for hand-written XML. Student output can hold anything, so
//! besides the five special characters, characters XML 1.0 forbids even
//! escaped (most controls) are written as visible `\u{..}` text.

/// Text for element content or a double-quoted attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if allowed(c) => out.push(c),
            c => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        }
    }
    out
}

/// For attributes: line breaks kept as character references (a parser
/// would turn a raw one into a space).
pub fn attribute(text: &str) -> String {
    escape(text)
        .replace('\n', "&#10;")
        .replace('\r', "&#13;")
        .replace('\t', "&#9;")
}

fn allowed(c: char) -> bool {
    matches!(u32::from(c), 0x20..=0xD7FF | 0xE000..=0xFFFD | 0x10000..=0x10FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_specials_and_forbidden_characters() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("x\u{1b}[0m\u{0}y"), "x\\u{1b}[0m\\u{0}y");
        assert_eq!(escape("\u{fffe}"), "\\u{fffe}");
        assert_eq!(attribute("a\nb"), "a&#10;b");
        assert_eq!(escape("]]>"), "]]&gt;");
    }
}
