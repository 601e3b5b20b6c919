//! Refuses exercise files that would read other files while they compile.
//! `include!`, `include_str!` and `include_bytes!` take any path, and
//! `#[path]` turns any file into a module whose text then shows in compiler
//! messages: a student could pull the grader's hidden scenarios into their
//! program or their report. An exercise never needs either.
//!
//! A small scanner skips comments, strings and character literals, so the
//! words are only found where they are code.

/// The construct that reads files, if the source uses one.
pub fn file_access(source: &str) -> Option<&'static str> {
    let chars: Vec<char> = source.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut i = 0;
    // Bracket depth inside `#[...]` or `#![...]`.
    let mut attribute = 0usize;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i = skip_block_comment(&chars, i);
        } else if c == '"' {
            i = skip_string(&chars, i + 1);
        } else if c == '\'' {
            i = skip_quote(&chars, i);
        } else if c == '#' && attribute == 0 {
            let mut j = i + 1;
            while at(j).is_whitespace() {
                j += 1;
            }
            if at(j) == '!' {
                j += 1;
                while at(j).is_whitespace() {
                    j += 1;
                }
            }
            if at(j) == '[' {
                attribute = 1;
                i = j + 1;
            } else {
                i += 1;
            }
        } else if attribute > 0 && c == '[' {
            attribute += 1;
            i += 1;
        } else if attribute > 0 && c == ']' {
            attribute -= 1;
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if matches!(word.as_str(), "r" | "br" | "cr") && (at(i) == '"' || at(i) == '#') {
                if word == "r" && at(i) == '#' && (at(i + 1).is_alphabetic() || at(i + 1) == '_') {
                    i += 1; // a raw identifier: `r#name`, judged as `name` next
                } else {
                    i = skip_raw_string(&chars, i);
                }
                continue;
            }
            match word.as_str() {
                "include" => return Some("`include!`"),
                "include_str" => return Some("`include_str!`"),
                "include_bytes" => return Some("`include_bytes!`"),
                "debugger_visualizer" => return Some("`#[debugger_visualizer]`"),
                "path" if attribute > 0 => return Some("`#[path]`"),
                _ => {}
            }
        } else {
            i += 1;
        }
    }
    None
}

fn skip_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i + 1 < chars.len() {
        if chars[i] == '/' && chars[i + 1] == '*' {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars[i + 1] == '/' {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    chars.len()
}

/// From just after an opening `"` to just after the closing one.
fn skip_string(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    chars.len()
}

/// From the `#`s or `"` after `r` to the end of the raw string.
fn skip_raw_string(chars: &[char], mut i: usize) -> usize {
    let mut hashes = 0;
    while chars.get(i) == Some(&'#') {
        hashes += 1;
        i += 1;
    }
    if chars.get(i) != Some(&'"') {
        return i;
    }
    i += 1;
    while i < chars.len() {
        if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
            return i + 1 + hashes;
        }
        i += 1;
    }
    chars.len()
}

/// A character literal (`'a'`, `'\''`, `'\u{1F600}'`) or a lifetime (`'a`).
fn skip_quote(chars: &[char], i: usize) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => {
            let mut j = i + 2;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            j + 1
        }
        (Some(_), Some('\'')) => i + 3,
        _ => i + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::file_access;

    #[test]
    fn finds_file_reading_macros_and_path_attributes() {
        assert!(file_access("fn main() { include!(\"/x\"); }").is_some());
        assert!(file_access("const S: &str = include_str! (\"../a\");").is_some());
        assert!(file_access("use std::include_bytes as b;").is_some());
        assert!(file_access("#[path = \"/etc/hosts\"]\nmod m;").is_some());
        assert!(file_access("#![cfg_attr(all(), path = \"x\")]").is_some());
        assert!(file_access("fn f() { r#include_str!(\"x\"); }").is_some());
    }

    #[test]
    fn ignores_the_words_in_comments_strings_and_other_code() {
        let fine = r####"
            // include the id; see include_str! docs
            /* a /* nested */ include!("x") */
            fn main() {
                let path = "include_str!(\"x\")";
                let raw = r#"include!("y") " still raw"#;
                let c = '"'; let q = '\''; let l: &'static str = "#[path]";
                let include_context = json!({"includeContext": path});
                #[allow(unused)]
                let p = path;
            }
        "####;
        assert_eq!(file_access(fine), None);
    }
}
