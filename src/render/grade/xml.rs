//! Text for XML and HTML reports. Student output can hold anything: the
//! characters XML 1.0 forbids even escaped (most controls) are written as
//! visible `\u{..}` text ([`printable`]), and quick-xml escapes the five
//! special characters (the JUnit writer does it itself; the HTML report
//! calls [`escape`] and [`attribute`]).

use quick_xml::escape::escape as escape_specials;

/// `text` with every character XML 1.0 forbids shown as `\u{..}`.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c.to_string(),
            c if allowed(c) => c.to_string(),
            c => format!("\\u{{{:x}}}", u32::from(c)),
        })
        .collect()
}

/// Text for element content or a double-quoted attribute value.
pub fn escape(text: &str) -> String {
    escape_specials(printable(text)).into_owned()
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
        assert_eq!(printable("a\u{1}<"), "a\\u{1}<");
    }
}
