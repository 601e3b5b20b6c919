//! The users a grading run's sandboxes run as, when `learn` runs as root:
//! one per student, from a range of the run's own. The process limit counts
//! a user's processes machine-wide, so two runs whose students shared users
//! would share limits: a fork bomb in one class would leave a student of
//! another unable to start a thread. Each run reserves a range by holding a
//! lock on a file of its own (`/run/learn-grade/uids-<n>.lock`); the kernel
//! drops the lock when the run ends, however it ends, so a crashed run
//! never keeps its range.

use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};

/// The first user of the first range: far above any real account.
pub const FIRST_UID: u32 = 1_900_000_000;
/// Users per range: the most submissions one run grades.
pub const RANGE: u32 = 100_000;
/// Ranges: the most runs at once on one machine.
const RANGES: u32 = 1_000;

/// A range of users reserved for one run, until dropped.
#[derive(Debug)]
pub struct Uids {
    first: u32,
    /// Held while the range is in use.
    _lock: Option<File>,
}

impl Uids {
    /// Reserves a free range for `students` submissions, or explains why
    /// there is none.
    pub fn reserve(students: usize) -> Result<Uids, String> {
        if students > RANGE as usize {
            return Err(format!(
                "one grading run takes at most {RANGE} submissions; grade the class in parts"
            ));
        }
        let dir = lock_folder()?;
        for range in 0..RANGES {
            let path = dir.join(format!("uids-{range}.lock"));
            let file = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            match file.try_lock() {
                Ok(()) => {
                    return Ok(Uids {
                        first: FIRST_UID + range * RANGE,
                        _lock: Some(file),
                    });
                }
                Err(TryLockError::WouldBlock) => continue,
                Err(TryLockError::Error(e)) => {
                    return Err(format!("cannot lock {}: {e}", path.display()));
                }
            }
        }
        Err(format!(
            "{RANGES} grading runs are going on at once on this machine; wait for one to end"
        ))
    }

    /// No reservation: `learn` is not root, so every sandbox has a user
    /// namespace of its own and the number is never used.
    pub fn unneeded() -> Uids {
        Uids {
            first: FIRST_UID,
            _lock: None,
        }
    }

    /// The user of submission `index` (which `reserve` allowed for).
    pub fn student(&self, index: usize) -> u32 {
        let offset = u32::try_from(index).unwrap_or(RANGE - 1).min(RANGE - 1);
        self.first + offset
    }
}

/// `/run/learn-grade`, or a folder in the temporary folder where there is
/// no `/run`; only root may write it, or another user could take every
/// range or swap the files.
fn lock_folder() -> Result<PathBuf, String> {
    let dir = if Path::new("/run").is_dir() {
        PathBuf::from("/run/learn-grade")
    } else {
        std::env::temp_dir().join("learn-grade")
    };
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        // Made under any umask: only root writes it, everyone may read it.
        if fs::symlink_metadata(&dir).is_ok_and(|m| m.is_dir() && m.uid() == 0) {
            let _ = fs::set_permissions(&dir, fs::Permissions::from_mode(0o755));
        }
        let meta = fs::symlink_metadata(&dir)
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if !meta.is_dir() || meta.uid() != 0 || meta.mode() & 0o022 != 0 {
            return Err(format!(
                "{} must be a folder that only root can write (it holds the locks of the grading runs' users)",
                dir.display()
            ));
        }
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn students_take_consecutive_users_of_the_range() {
        let uids = Uids {
            first: FIRST_UID + 3 * RANGE,
            _lock: None,
        };
        assert_eq!(uids.student(0), FIRST_UID + 3 * RANGE);
        assert_eq!(uids.student(7), FIRST_UID + 3 * RANGE + 7);
        // Never into the next range.
        assert_eq!(uids.student(usize::MAX), FIRST_UID + 4 * RANGE - 1);
        // Every range is below 2^31 (tools print user ids as signed).
        assert!(u64::from(FIRST_UID) + u64::from(RANGES) * u64::from(RANGE) < 1 << 31);
    }

    #[test]
    fn a_class_larger_than_a_range_is_refused() {
        let error = Uids::reserve(RANGE as usize + 1).expect_err("too many");
        assert!(error.contains("at most"), "{error}");
    }
}
