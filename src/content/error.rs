//! Content errors: each names the file, the line when known, and what to fix.

use std::fmt;
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq)]
pub struct ContentError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file.display(), line, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

/// All the problems found in a content folder (reported together, so an
/// author fixes them in one pass).
#[derive(Debug)]
pub struct ContentErrors(pub Vec<ContentError>);

impl fmt::Display for ContentErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ContentErrors {}

/// The 1-based line of a `key = ...` line in a TOML file (with `value`, the
/// line whose string value is exactly that), to point at a repeat that the
/// parsed data no longer locates.
pub fn key_line(path: &std::path::Path, key: &str, value: Option<&str>) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .position(|line| {
            let Some(rest) = line.trim_start().strip_prefix(key) else {
                return false;
            };
            let Some(found) = rest.trim_start().strip_prefix('=') else {
                return false;
            };
            value.is_none_or(|value| found.trim().trim_matches(['"', '\'']) == value)
        })
        .map(|at| at + 1)
}

/// The 1-based line of a byte offset in a text.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    #[test]
    fn key_line_finds_the_key_not_a_longer_one_and_the_value_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.toml");
        let text = "format_version = 1\nidentity = 2\nid = \"x\"\nid = 'y'\n";
        std::fs::write(&path, text).unwrap();
        assert_eq!(super::key_line(&path, "id", None), Some(3));
        assert_eq!(super::key_line(&path, "id", Some("y")), Some(4));
        assert_eq!(super::key_line(&path, "number", None), None);
    }
}
