//! Collecting one file's errors, each with its line.

use crate::content::error::ContentError;
use crate::content::text::Localized;
use std::path::PathBuf;

/// Collects errors for one file while it is checked.
pub(super) struct FileCheck<'a> {
    pub(super) path: PathBuf,
    pub(super) text: &'a str,
    pub(super) errors: &'a mut Vec<ContentError>,
    /// Where each `\n` is, so finding a line does not rescan the file
    /// (every scenario step records its line).
    newlines: Vec<usize>,
}

impl<'a> FileCheck<'a> {
    pub(super) fn new(
        path: PathBuf,
        text: &'a str,
        errors: &'a mut Vec<ContentError>,
    ) -> FileCheck<'a> {
        // A search per line, not an iterator step per byte: this runs on
        // every content file at every start, in a debug build too.
        let newlines = text.match_indices('\n').map(|(at, _)| at).collect();
        FileCheck {
            path,
            text,
            errors,
            newlines,
        }
    }

    /// The 1-based line of byte `offset`: the same as `line_of`, in log time.
    pub(super) fn line(&self, offset: usize) -> usize {
        self.newlines.partition_point(|&at| at < offset) + 1
    }

    pub(super) fn error(&mut self, offset: Option<usize>, message: impl Into<String>) {
        self.errors.push(ContentError {
            file: self.path.clone(),
            line: offset.map(|o| self.line(o)),
            message: message.into(),
        });
    }

    pub(super) fn localized(&mut self, what: &str, text: &Localized) {
        if let Some(lang) = text.missing() {
            self.error(
                None,
                format!(
                    "{what} has no `{}` text: every text needs `en` and `zh`",
                    lang.code()
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::error::line_of;

    #[test]
    fn the_line_index_agrees_with_counting_every_time() {
        for text in ["", "a", "\n", "a\nb\n\nc", "\n\nx\n"] {
            let mut errors = Vec::new();
            let check = FileCheck::new(PathBuf::from("x.toml"), text, &mut errors);
            for offset in 0..text.len() + 3 {
                assert_eq!(
                    check.line(offset),
                    line_of(text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }
}
