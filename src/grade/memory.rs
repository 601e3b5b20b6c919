//! A memory cap per student (`--memory-limit`), over compiles and programs
//! alike. The sandbox limits each process's address space; this limits
//! what all of one student's processes hold at once. When `learn grade`
//! runs as root, every sandbox of a student runs as that student's own
//! user (`Confinement::uid`), so ten times a second the resident memory
//! of each such user's processes is summed from `/proc`; a student over
//! the cap has every process stopped (SIGKILL), and the report says so.
//! Run as another user, the sandboxes run as the grader and nothing here
//! can tell students apart: the cap is not enforced (grade as root).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

const EVERY: Duration = Duration::from_millis(100);

/// The watcher, until `stop`.
pub struct Watch {
    stop: Arc<AtomicBool>,
    over: Arc<Mutex<BTreeSet<usize>>>,
    thread: Option<JoinHandle<()>>,
}

/// Watches the students whose sandbox users `users` maps (user id to
/// student), `cap` bytes each.
pub fn watch(users: HashMap<u32, usize>, cap: u64) -> Watch {
    let stop = Arc::new(AtomicBool::new(false));
    let over = Arc::new(Mutex::new(BTreeSet::new()));
    let thread = {
        let (stop, over) = (Arc::clone(&stop), Arc::clone(&over));
        thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                for student in enforce(&users, cap) {
                    if let Ok(mut over) = over.lock() {
                        over.insert(student);
                    }
                }
                thread::sleep(EVERY);
            }
        })
    };
    Watch {
        stop,
        over,
        thread: Some(thread),
    }
}

impl Watch {
    /// Stops watching; the students whose processes were stopped.
    pub fn stop(mut self) -> BTreeSet<usize> {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        self.over.lock().map(|o| o.clone()).unwrap_or_default()
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// One look: kills every process of each student over `cap`; who they were.
fn enforce(users: &HashMap<u32, usize>, cap: u64) -> Vec<usize> {
    let mut held: BTreeMap<usize, (u64, Vec<i32>)> = BTreeMap::new();
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(status) = fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let Some((uid, bytes)) = user_and_memory(&status) else {
            continue;
        };
        if let Some(&student) = users.get(&uid) {
            let slot = held.entry(student).or_default();
            slot.0 += bytes;
            slot.1.push(pid);
        }
    }
    let mut stopped = Vec::new();
    for (student, (bytes, pids)) in held {
        if bytes > cap {
            for pid in pids {
                kill(pid);
            }
            stopped.push(student);
        }
    }
    stopped
}

/// The real user id and the resident memory (bytes) in a `/proc/<pid>/status`.
fn user_and_memory(status: &str) -> Option<(u32, u64)> {
    let mut uid = None;
    let mut rss = 0;
    for line in status.lines() {
        if let Some(rest) = line.strip_prefix("Uid:") {
            uid = rest.split_whitespace().next()?.parse().ok();
        } else if let Some(rest) = line.strip_prefix("VmRSS:") {
            let kib: u64 = rest.split_whitespace().next()?.parse().ok()?;
            rss = kib * 1024;
        }
    }
    Some((uid?, rss))
}

fn kill(pid: i32) {
    #[cfg(unix)]
    {
        use nix::sys::signal::{Signal, kill};
        use nix::unistd::Pid;
        let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = pid;
}

#[cfg(test)]
mod tests {
    use super::user_and_memory;

    #[test]
    fn reads_the_real_user_and_the_resident_set() {
        let status = "Name:\tprogram\nUid:\t1900000003\t1900000003\t1900000003\t1900000003\nVmPeak:\t  9000 kB\nVmRSS:\t    2048 kB\n";
        assert_eq!(user_and_memory(status), Some((1_900_000_003, 2 << 20)));
        // A kernel thread has no VmRSS: nothing held.
        assert_eq!(user_and_memory("Uid:\t0\t0\t0\t0\n"), Some((0, 0)));
        assert_eq!(user_and_memory("Name:\tx\n"), None);
    }
}
