//! Submissions: folders holding a student's `exercises/`. Only the files the
//! grader's lesson data names are taken, and only when they are plain files
//! inside the submission: a symbolic link could point at the grader's own
//! files (hidden scenarios, say) and show them back in a compiler message.
//! What a file does while it compiles is the sandbox's business (`build`).

use crate::content::Exercise;
use anyhow::{Result, bail};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The largest exercise or answers file taken (bytes): larger ones are refused.
pub const MAX_FILE: u64 = 256 * 1024;

#[derive(Clone, Debug)]
pub struct Submission {
    /// How reports name it: the folder's name as given, or the path as
    /// given when two folders share a name.
    pub name: String,
    /// The folder, resolved.
    pub dir: PathBuf,
    /// Why none of its files are taken, when so (the same folder as an
    /// earlier submission, or a link that leads nowhere): it is reported,
    /// with nothing graded, and the rest of the class is graded as usual.
    pub refused: Option<String>,
}

/// Resolves and names the submission folders. A path that does not exist
/// or is a file is an error (a typo should not grade as zero); a folder
/// that is another one again (a symbolic link to it, say) or a link that
/// leads nowhere is graded as nothing, with the reason, and never stops
/// the class.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<Submission>> {
    if paths.is_empty() {
        bail!("name at least one submission folder (a student's copy, holding `exercises/`)");
    }
    let mut found = Vec::new();
    let mut seen: BTreeMap<PathBuf, String> = BTreeMap::new();
    for path in paths {
        let given = plain_name(path.as_os_str());
        let given = given.as_str();
        let (dir, mut refused) = match fs::canonicalize(path) {
            Ok(dir) => (dir, None),
            Err(e) if fs::symlink_metadata(path).is_ok() => (
                path.clone(),
                Some(format!(
                    "the submission {given} is a symbolic link that leads to no folder ({e}), so nothing of it was graded"
                )),
            ),
            Err(_) => bail!("submission {given} does not exist"),
        };
        if refused.is_none() && !dir.is_dir() {
            bail!("submission {given} is not a folder");
        }
        if refused.is_none() {
            match seen.get(&dir) {
                Some(first) => {
                    refused = Some(format!(
                        "the submission {given} is the same folder as {first} (a symbolic link?), so it was graded once, as {first}"
                    ));
                }
                None => {
                    seen.insert(dir.clone(), given.to_string());
                }
            }
        }
        let base = path
            .file_name()
            .or_else(|| dir.file_name())
            .map_or_else(|| plain_name(path.as_os_str()), plain_name);
        found.push((given.to_string(), dir, base, refused));
    }
    let mut names: BTreeMap<&String, usize> = BTreeMap::new();
    for (_, _, base, _) in &found {
        *names.entry(base).or_default() += 1;
    }
    Ok(found
        .iter()
        .map(|(given, dir, base, refused)| Submission {
            name: if names[base] > 1 {
                given.clone()
            } else {
                base.clone()
            },
            dir: dir.clone(),
            refused: refused.clone(),
        })
        .collect())
}

/// A folder's name as reports show it: its text, with control and format
/// characters (a newline would start a row of the text report, a bidi
/// override reorder one) shown as `\u{..}`. A name that is not UTF-8, or
/// had such characters, ends with `~` and a hash of its bytes, so two of
/// them that read the same (`a\xff` and `a\xfe` both read `a\u{fffd}`)
/// stay two names.
fn plain_name(raw: &std::ffi::OsStr) -> String {
    let text = raw.to_string_lossy();
    let text = text.trim_end_matches('/');
    let shown = crate::content::printable::one_line(text);
    if raw.to_str().map(|t| t.trim_end_matches('/')) == Some(shown.as_str()) {
        return shown;
    }
    let hash = crate::grade::hash::sha256_hex(raw.as_encoded_bytes());
    format!("{shown}~{}", &hash[..8])
}

/// Reads a file of the submission at `relative` (e.g. `exercises/NN_<id>.rs`),
/// or says why it is not taken.
pub fn read_file(submission: &Submission, relative: &Path) -> Result<String, String> {
    if let Some(why) = &submission.refused {
        return Err(why.clone());
    }
    let path = submission.dir.join(relative);
    let shown = relative.display();
    let meta = match fs::symlink_metadata(&path) {
        Ok(meta) => meta,
        Err(_) => return Err(format!("{shown} is missing")),
    };
    if meta.file_type().is_symlink() {
        return Err(format!(
            "{shown} is a symbolic link; only plain files are graded"
        ));
    }
    if !meta.is_file() {
        return Err(format!("{shown} is not a plain file"));
    }
    // A linked parent folder would lead outside the submission too.
    match fs::canonicalize(&path) {
        Ok(real) if real.starts_with(&submission.dir) => {}
        _ => return Err(format!("{shown} lies outside the submission folder")),
    }
    if meta.len() > MAX_FILE {
        return Err(format!("{shown} is larger than {} KiB", MAX_FILE / 1024));
    }
    fs::read_to_string(&path).map_err(|e| format!("{shown} cannot be read: {e}"))
}

/// An exercise file of a submission, as grading takes it.
pub enum Taken {
    /// Its text, to compile and run.
    File(String),
    /// Missing, or as the course ships it (`text`): the student did not
    /// touch it, and nothing is compiled or run.
    NotAttempted {
        reason: String,
        text: Option<String>,
    },
    /// Refused (a link, too large, unreadable): why.
    Refused(String),
}

impl Taken {
    /// The text to compile.
    pub fn to_compile(&self) -> Option<&str> {
        match self {
            Taken::File(text) => Some(text),
            _ => None,
        }
    }

    /// The text that was read, compiled or not.
    pub fn text(&self) -> Option<&str> {
        match self {
            Taken::File(text) => Some(text),
            Taken::NotAttempted { text, .. } => text.as_deref(),
            Taken::Refused(_) => None,
        }
    }
}

/// Each exercise's file as the course ships it (beside its lesson file),
/// to tell an untouched file from an attempt.
pub fn shipped_files(root: &Path, exercises: &[&Exercise]) -> Vec<Option<String>> {
    exercises
        .iter()
        .map(|e| fs::read_to_string(root.join(e.shipped_file())).ok())
        .collect()
}

/// Takes one exercise file; `shipped` is the course's own copy of it.
pub fn take_exercise(submission: &Submission, file: &str, shipped: Option<&str>) -> Taken {
    let relative = Path::new("exercises").join(file);
    if submission.refused.is_none() && fs::symlink_metadata(submission.dir.join(&relative)).is_err()
    {
        return Taken::NotAttempted {
            reason: format!("not attempted: exercises/{file} is missing"),
            text: None,
        };
    }
    match read_file(submission, &relative) {
        Ok(text) if shipped.is_some_and(|s| same_text(s, &text)) => Taken::NotAttempted {
            reason: format!("not attempted: exercises/{file} is as the course ships it"),
            text: Some(text),
        },
        Ok(text) => Taken::File(text),
        Err(why) => Taken::Refused(why),
    }
}

/// The same text, whatever the line endings, trailing spaces and blank
/// lines (a checkout on Windows, an editor that trims).
fn same_text(a: &str, b: &str) -> bool {
    let lines = |t: &str| {
        t.lines()
            .map(|l| l.trim_end().to_string())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
    };
    lines(a) == lines(b)
}

/// The commit a Git checkout is at, read from `.git` without running Git
/// (a student's `.git/config` could make Git run their commands). Only
/// plain files inside the submission are read, as exercise files are (at
/// most `MAX_FILE`): a FIFO at `.git/HEAD`
/// would block the grader forever, and a link to `/dev/zero` would fill its
/// memory.
pub fn commit(submission: &Submission) -> Option<String> {
    let git = |name: &str| {
        let path = Path::new(".git").join(name);
        read_file(submission, &path).ok()
    };
    let head = git("HEAD")?;
    let head = head.trim();
    let hash = match head.strip_prefix("ref: ") {
        None => head.to_string(),
        Some(name) => {
            if name.contains("..") || !name.starts_with("refs/") {
                return None;
            }
            match git(name) {
                Some(text) => text.trim().to_string(),
                None => git("packed-refs")?.lines().find_map(|line| {
                    let (hash, refname) = line.split_once(' ')?;
                    (refname == name).then(|| hash.to_string())
                })?,
            }
        }
    };
    let valid = matches!(hash.len(), 40 | 64) && hash.chars().all(|c| c.is_ascii_hexdigit());
    valid.then_some(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder_with_head(head: impl FnOnce(&Path)) -> (tempfile::TempDir, Submission) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::create_dir_all(dir.path().join(".git")).expect("create .git");
        head(&dir.path().join(".git/HEAD"));
        let submission = collect(&[dir.path().to_path_buf()])
            .expect("collected")
            .remove(0);
        (dir, submission)
    }

    #[test]
    fn the_commit_is_read_from_plain_files_only() {
        let hash = "0123456789abcdef0123456789abcdef01234567";
        let (_dir, plain) = folder_with_head(|head| {
            fs::write(head, "ref: refs/heads/main\n").expect("write");
            fs::create_dir_all(head.with_file_name("refs/heads")).expect("refs");
            fs::write(head.with_file_name("refs/heads/main"), format!("{hash}\n")).expect("ref");
        });
        assert_eq!(commit(&plain).as_deref(), Some(hash));
        // Neither read: one would block, the other never end.
        let (_dir, fifo) = folder_with_head(|head| {
            let made = std::process::Command::new("mkfifo").arg(head).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        });
        assert_eq!(commit(&fifo), None);
        #[cfg(unix)]
        {
            let (_dir, zero) = folder_with_head(|head| {
                std::os::unix::fs::symlink("/dev/zero", head).expect("link");
            });
            assert_eq!(commit(&zero), None);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_second_path_to_one_folder_is_reported_not_fatal() {
        let class = tempfile::tempdir().expect("temp dir");
        let alice = class.path().join("alice");
        fs::create_dir_all(&alice).expect("alice");
        std::os::unix::fs::symlink(&alice, class.path().join("bob")).expect("link");
        std::os::unix::fs::symlink("nowhere", class.path().join("carol")).expect("link");
        let paths: Vec<PathBuf> = ["alice", "bob", "carol"]
            .iter()
            .map(|n| class.path().join(n))
            .collect();
        let found = collect(&paths).expect("one bad folder stops nothing");
        let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["alice", "bob", "carol"]);
        assert!(found[0].refused.is_none());
        let twice = found[1].refused.as_deref().expect("refused");
        assert!(
            twice.contains("same folder as") && twice.contains("alice"),
            "{twice}"
        );
        let nowhere = found[2].refused.as_deref().expect("refused");
        assert!(nowhere.contains("leads to no folder"), "{nowhere}");
        assert!(read_file(&found[1], Path::new("exercises/01_x.rs")).is_err());
        // A path that is not there at all is the teacher's typo.
        assert!(collect(&[class.path().join("dave")]).is_err());
    }

    /// Issue 36, item 9: two folder names that are not UTF-8 read the
    /// same as text (`a\u{fffd}`), and were one name, so one report file;
    /// a newline in a name forged a row of the text report.
    #[cfg(unix)]
    #[test]
    fn names_that_are_not_plain_text_stay_apart_and_on_one_line() {
        use std::os::unix::ffi::OsStrExt;
        let class = tempfile::tempdir().expect("temp dir");
        let raw: [&[u8]; 4] = [b"a\xff", b"a\xfe", b"x\ny", b"r\xe2\x80\xaeev"];
        let paths: Vec<PathBuf> = raw
            .iter()
            .map(|name| class.path().join(std::ffi::OsStr::from_bytes(name)))
            .collect();
        for path in &paths {
            fs::create_dir_all(path).expect("folder");
        }
        let found = collect(&paths).expect("collected");
        let names: std::collections::BTreeSet<&str> =
            found.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names.len(), raw.len(), "{names:?}");
        for name in names {
            assert!(
                !name.chars().any(|c| c.is_control() || c == '\u{202e}'),
                "{name:?}"
            );
            assert!(
                !name.contains('/'),
                "{name:?}: the folder's name, not its path"
            );
        }
    }
}
