//! The users a grading run's sandboxes run as, when `learn` runs as root:
//! one per student, from a range of the run's own. The process limit counts
//! a user's processes kernel-wide, so two runs whose students shared users
//! would share limits: a fork bomb in one class would leave a student of
//! another unable to start a thread. Runs in two containers on one kernel
//! see neither each other's `/run` nor each other's processes, so each
//! run's range starts at a random block of [`BLOCK`] users among the
//! [`BLOCKS`] above [`FIRST_UID`] (two runs of up to 1000 students each
//! share a block about once in 247000 pairs), and is taken only when
//! - no process this run can see has a user of the range (a crashed
//!   run's leftovers, another run of this container, an account), and
//! - it holds a lock on each of the range's blocks
//!   (`/run/learn-grade/uids-<block>.lock`), so two runs that share `/run`
//!   never share a user; the kernel drops a lock when its run ends,
//!   however it ends, so a crashed run never keeps its range.

use std::fs::{self, File, TryLockError};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The first user of the first block: far above any real account.
pub const FIRST_UID: u32 = 1_900_000_000;
/// Users per block.
pub const BLOCK: u32 = 1_000;
/// Blocks: every user stays below 2^31 (tools print user ids as signed).
pub const BLOCKS: u32 = 247_000;
/// The most submissions one run grades.
pub const MOST_STUDENTS: u32 = 100_000;
/// Random ranges tried before giving up.
const TRIES: usize = 64;

/// A range of users reserved for one run, until dropped.
#[derive(Debug)]
pub struct Uids {
    first: u32,
    /// Users in the range.
    len: u32,
    /// Held while the range is in use.
    _locks: Vec<File>,
}

impl Uids {
    /// Reserves a free range for `students` submissions, or explains why
    /// there is none.
    pub fn reserve(students: usize) -> Result<Uids, String> {
        let blocks = blocks_for(students)?;
        let dir = lock_folder()?;
        let mut random = random_source()?;
        let starts = std::iter::from_fn(|| {
            let mut bytes = [0u8; 4];
            random.read_exact(&mut bytes).ok()?;
            Some(u32::from_ne_bytes(bytes) % (BLOCKS - blocks + 1))
        });
        Uids::reserve_among(&dir, blocks, starts.take(TRIES))
    }

    /// The first range, among those starting at the blocks `starts`, that
    /// no process uses and whose lock files in `dir` this run could lock.
    fn reserve_among(
        dir: &Path,
        blocks: u32,
        starts: impl Iterator<Item = u32>,
    ) -> Result<Uids, String> {
        for start in starts {
            let first = FIRST_UID + start * BLOCK;
            let len = blocks * BLOCK;
            if users_in_use(first, len) {
                continue;
            }
            if let Some(locks) = lock_blocks(dir, start, blocks)? {
                return Ok(Uids {
                    first,
                    len,
                    _locks: locks,
                });
            }
        }
        Err(format!(
            "no free range of sandbox users after {TRIES} tries (each in use by a process or locked in {}); wait for other gradings to end",
            dir.display()
        ))
    }

    /// No reservation: `learn` is not root, so every sandbox has a user
    /// namespace of its own and the number is never used.
    pub fn unneeded() -> Uids {
        Uids {
            first: FIRST_UID,
            len: 1,
            _locks: Vec::new(),
        }
    }

    /// The user of submission `index` (which `reserve` allowed for).
    pub fn student(&self, index: usize) -> u32 {
        let last = self.len.saturating_sub(1);
        let offset = u32::try_from(index).unwrap_or(last).min(last);
        self.first + offset
    }
}

/// Blocks a run of `students` takes.
fn blocks_for(students: usize) -> Result<u32, String> {
    match u32::try_from(students) {
        Ok(n) if n <= MOST_STUDENTS => Ok(n.max(1).div_ceil(BLOCK)),
        _ => Err(format!(
            "one grading run takes at most {MOST_STUDENTS} submissions; grade the class in parts"
        )),
    }
}

/// The kernel's random numbers.
fn random_source() -> Result<File, String> {
    File::open("/dev/urandom").map_err(|e| format!("cannot open /dev/urandom: {e}"))
}

/// Locks on each block from `start` on, or None when one is held already.
fn lock_blocks(dir: &Path, start: u32, blocks: u32) -> Result<Option<Vec<File>>, String> {
    let mut locks = Vec::new();
    for block in start..start + blocks {
        let path = dir.join(format!("uids-{block}.lock"));
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        match file.try_lock() {
            Ok(()) => locks.push(file),
            Err(TryLockError::WouldBlock) => return Ok(None),
            Err(TryLockError::Error(e)) => {
                return Err(format!("cannot lock {}: {e}", path.display()));
            }
        }
    }
    Ok(Some(locks))
}

/// Whether a process this run can see has a user (real, effective, saved
/// or file system) from `first` on, `len` of them.
fn users_in_use(first: u32, len: u32) -> bool {
    let Ok(entries) = fs::read_dir("/proc") else {
        return false;
    };
    entries.flatten().any(|entry| {
        fs::read_to_string(entry.path().join("status"))
            .is_ok_and(|status| status_users(&status).any(|u| u >= first && u - first < len))
    })
}

/// The user ids on a `/proc/<pid>/status` line `Uid:`.
fn status_users(status: &str) -> impl Iterator<Item = u32> + '_ {
    status
        .lines()
        .filter_map(|line| line.strip_prefix("Uid:"))
        .flat_map(|ids| ids.split_whitespace().filter_map(|id| id.parse().ok()))
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
            first: FIRST_UID + 3 * BLOCK,
            len: BLOCK,
            _locks: Vec::new(),
        };
        assert_eq!(uids.student(0), FIRST_UID + 3 * BLOCK);
        assert_eq!(uids.student(7), FIRST_UID + 3 * BLOCK + 7);
        // Never into the next block.
        assert_eq!(uids.student(usize::MAX), FIRST_UID + 4 * BLOCK - 1);
        // Every user is below 2^31.
        assert!(u64::from(FIRST_UID) + u64::from(BLOCKS) * u64::from(BLOCK) < 1 << 31);
        assert_eq!(blocks_for(0), Ok(1));
        assert_eq!(blocks_for(1000), Ok(1));
        assert_eq!(blocks_for(1001), Ok(2));
        assert_eq!(blocks_for(100_000), Ok(100));
    }

    #[test]
    fn a_class_larger_than_a_range_is_refused() {
        let error = Uids::reserve(MOST_STUDENTS as usize + 1).expect_err("too many");
        assert!(error.contains("at most"), "{error}");
    }

    #[test]
    fn every_user_of_a_process_counts() {
        let status = "Name:\tx\nUid:\t0\t1900002001\t0\t0\nGid:\t0\t0\t0\t0\n";
        assert_eq!(
            status_users(status).collect::<Vec<_>>(),
            [0, 1_900_002_001, 0, 0]
        );
    }

    /// A process that already runs as a user of the first range tried (in
    /// another container it would hold that user's process limit) makes
    /// the run take the next; a range another run locked is skipped too.
    /// As root only: no one else can start a process as another user.
    #[test]
    #[allow(
        clippy::disallowed_macros,
        reason = "a test's note, not learn's output"
    )]
    fn a_range_in_use_or_locked_is_passed_over() {
        if !nix::unistd::geteuid().is_root() {
            eprintln!("not checked: needs root to run a process as another user");
            return;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        // A block no test or grading is likely to take, and the two after it.
        let start = 123_457;
        let busy = FIRST_UID + start * BLOCK + 17;
        let mut sleeper = std::process::Command::new("setpriv")
            .args([
                &format!("--reuid={busy}"),
                &format!("--regid={busy}"),
                "--clear-groups",
                "sleep",
                "30",
            ])
            .spawn()
            .expect("setpriv runs");
        std::thread::sleep(std::time::Duration::from_millis(300));
        let taken = Uids::reserve_among(dir.path(), 1, [start, start + 1].into_iter());
        let locked = Uids::reserve_among(dir.path(), 1, [start + 1, start + 2].into_iter());
        let _ = sleeper.kill();
        let _ = sleeper.wait();
        let taken = taken.expect("a free range");
        assert_eq!(taken.student(0), FIRST_UID + (start + 1) * BLOCK);
        let locked = locked.expect("a free range");
        assert_eq!(locked.student(0), FIRST_UID + (start + 2) * BLOCK);
        let none = Uids::reserve_among(dir.path(), 1, [start + 1].into_iter());
        assert!(none.is_err_and(|e| e.contains("no free range")));
    }
}
