//! A sandbox for untrusted programs and compiles, made with bubblewrap
//! (`bwrap`): new PID, network, IPC and UTS namespaces (so `/proc` shows
//! only the sandbox's own processes, there is no network, and everything in
//! it dies with it), a root file system holding only what each sandbox needs
//! of the host (`system`: a compiler and the files a link reads; for a
//! student's program, linked statically, only the two tools below), private
//! `/tmp` and working folder, no environment but `PATH`, and resource limits
//! set with util-linux `prlimit` (memory, CPU time, processes, file size,
//! descriptors)
//! once the namespaces exist. When `learn` runs as root, the program also
//! runs as a user of its own (`setpriv`, one user per student, from a range
//! the run reserves: `uids`), which is what makes the process-count limit
//! bite and keeps the grader's files (owned by root, and not shown anyway)
//! out of reach.
//!
//! Every sandbox also runs under a seccomp filter (`seccomp`) that keeps it
//! from the kernel state no namespace separates (the keyring, vsock, locks
//! and watches on the files every sandbox shows).
//!
//! Nothing here is `unsafe`: the limits and the user change are made by the
//! two small programs, started before the untrusted one, and the filter is
//! handed to bubblewrap by `/bin/sh` (`exec bwrap --seccomp 3 ... 3<file`),
//! so each sandbox opens it afresh and no descriptor is shared. Descriptors
//! `learn grade` itself inherited are closed when it starts
//! (`close_inherited_descriptors`), so none reaches a sandbox.

mod probe;
pub mod seccomp;
pub mod system;
pub mod uids;

use probe::is_root;
pub use probe::{Tools, Unavailable, tools};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use system::{Folders, View};
use uids::Uids;

/// Resource limits for everything in one sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SandboxLimits {
    /// Address space per process (bytes).
    pub memory: u64,
    /// CPU seconds per process.
    pub cpu_seconds: u64,
    /// Processes and threads: of the student's user when `learn` runs as
    /// root (each student has one), else of the sandbox's user namespace.
    pub processes: u64,
    /// Largest file a process may write (bytes).
    pub file_size: u64,
    /// Descriptors a process may hold: what bounds the buffers of its
    /// pipes and sockets, memory the kernel holds for a program and no
    /// resident set shows.
    pub descriptors: u64,
}

impl SandboxLimits {
    /// For an exercise program: plenty for a small JSON loop, little for anything else.
    pub fn program(cpu_seconds: u64) -> SandboxLimits {
        SandboxLimits {
            memory: 512 << 20,
            cpu_seconds: cpu_seconds.max(1),
            processes: 32,
            file_size: 16 << 20,
            descriptors: 32,
        }
    }

    /// For one `rustc` run.
    pub fn compiler(cpu_seconds: u64) -> SandboxLimits {
        SandboxLimits {
            memory: 4 << 30,
            cpu_seconds: cpu_seconds.max(1),
            processes: 256,
            file_size: 256 << 20,
            descriptors: 4096,
        }
    }
}

/// One sandbox: what it sees and what it may use.
#[derive(Clone, Debug)]
pub struct Sandbox {
    /// Host path → path inside, read-only.
    pub read_only: Vec<(PathBuf, String)>,
    /// Host path → path inside, writable.
    pub writable: Vec<(PathBuf, String)>,
    /// The working folder inside (a private, size-capped, empty tmpfs
    /// unless it is one of the binds).
    pub cwd: String,
    pub limits: SandboxLimits,
    /// The user the program runs as, when `learn` runs as root.
    pub uid: u32,
    /// What of the host it shows besides its own binds.
    pub needs: Needs,
    /// What every sandbox of the run shares.
    pub confinement: Arc<Confinement>,
}

/// What a sandbox runs, and so what of the host it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// A student's program, linked statically: nothing but the tools that
    /// start it.
    Program,
    /// The compiler, the linker and the files a link reads.
    Compiler,
}

/// What every sandbox of one grading run shares: the seccomp filter, as a
/// file in the grader's own folder, the run's users, and what of the host a
/// compile shows.
#[derive(Debug)]
pub struct Confinement {
    filter: PathBuf,
    uids: Uids,
    compiler: View,
}

impl Confinement {
    /// Writes the filter into `dir` (the grader's `target/grade`, which one
    /// grading at a time uses), as root reserves a user for each of
    /// `students`, and shows compiles `compiler` (see `system`).
    pub fn new(dir: &Path, students: usize, compiler: View) -> Result<Confinement, String> {
        let filter = dir.join("seccomp.bpf");
        std::fs::write(&filter, seccomp::filter()?)
            .map_err(|e| format!("cannot write {}: {e}", filter.display()))?;
        let uids = if is_root() {
            Uids::reserve(students)?
        } else {
            Uids::unneeded()
        };
        // A compile also runs the tools every sandbox starts with.
        let mut all = tools().map_err(ToString::to_string)?.shown.clone();
        all.add(&compiler);
        Ok(Confinement {
            filter,
            uids,
            compiler: all,
        })
    }

    /// The user submission `index`'s sandboxes run as (when root).
    pub fn uid(&self, index: usize) -> u32 {
        self.uids.student(index)
    }

    /// What a compile sandbox shows and holds to, as text: part of the key
    /// of every program built in one.
    pub fn describe(&self) -> String {
        format!(
            "{}filter {:?}\n",
            self.compiler.describe(),
            seccomp::filter()
        )
    }

    /// The host folder or file a sandbox shows that holds `path`, if one
    /// does (`path` as the host resolves it).
    pub fn shows(&self, path: &Path) -> Option<PathBuf> {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.compiler.holding(&path).map(Path::to_path_buf)
    }
}

const TMPFS_BYTES: u64 = 16 << 20;

impl Sandbox {
    /// The command that runs `argv` (paths as seen inside) in this sandbox,
    /// started in `/` with an empty environment: bubblewrap's own process is
    /// the sandbox's pid 1, and its `/proc/1/environ` is readable inside.
    pub fn command(&self, argv: &[OsString]) -> Result<Command, String> {
        let tools = tools().map_err(ToString::to_string)?;
        Ok(empty_environment(&self.wrap(tools, argv, true)))
    }

    /// The command line; `filtered`: under the seccomp filter (every
    /// sandbox but the probe's).
    fn wrap(&self, tools: &Tools, argv: &[OsString], filtered: bool) -> Vec<OsString> {
        let mut out: Vec<OsString> = Vec::new();
        if filtered {
            // The shell opens the filter as descriptor 3 of bwrap, which
            // reads it, loads it and closes it before the program starts.
            out.extend(["/bin/sh".into(), "-c".into(), "exec \"$@\" 3<\"$0\"".into()]);
            out.push(self.confinement.filter.clone().into());
        }
        out.push(tools.bwrap.clone().into());
        if filtered {
            out.extend(["--seccomp".into(), "3".into()]);
        }
        let namespaces: &[&str] = match tools.setpriv {
            // Root: no user namespace, so `setpriv` can switch to the student's user.
            Some(_) => &[
                "--unshare-ipc",
                "--unshare-pid",
                "--unshare-net",
                "--unshare-uts",
                "--unshare-cgroup-try",
            ],
            None => &["--unshare-all"],
        };
        // The UTS namespace starts with the machine's host name: a name of
        // its own instead.
        for flag in namespaces.iter().chain(&[
            "--hostname",
            "sandbox",
            "--die-with-parent",
            "--new-session",
            "--clearenv",
            "--setenv",
            "PATH",
            "/usr/bin:/bin",
        ]) {
            out.push(flag.into());
        }
        let mut made = Folders::default();
        match self.needs {
            Needs::Program => tools.shown.args(&mut made, &mut out),
            Needs::Compiler => self.confinement.compiler.args(&mut made, &mut out),
        }
        self.own_binds(&mut made, &mut out);
        out.extend(["--chdir".into(), self.cwd.as_str().into(), "--".into()]);
        if let Some(setpriv) = &tools.setpriv {
            out.push(setpriv.clone().into());
            for arg in [
                format!("--reuid={}", self.uid),
                format!("--regid={}", self.uid),
                "--clear-groups".into(),
                "--inh-caps=-all".into(),
                "--bounding-set=-all".into(),
                "--no-new-privs".into(),
                "--".into(),
            ] {
                out.push(arg.into());
            }
        }
        // The limits are set inside, once the namespaces exist: set before,
        // the process limit would count the grading user's own processes
        // when bubblewrap makes its namespaces (as another user than root),
        // and every sandbox would fail to start.
        let l = self.limits;
        out.push(tools.prlimit.clone().into());
        for limit in [
            format!("--as={}", l.memory),
            format!("--cpu={}", l.cpu_seconds),
            format!("--nproc={}", l.processes),
            format!("--fsize={}", l.file_size),
            format!("--nofile={}", l.descriptors),
            "--core=0".into(),
            "--".into(),
        ] {
            out.push(limit.into());
        }
        out.extend(argv.iter().cloned());
        out
    }

    /// `/proc`, `/dev` (read-only: a file in its `shm` would be memory no
    /// limit counts), a private `/tmp` and working folder, and the
    /// sandbox's own binds.
    fn own_binds(&self, made: &mut Folders, out: &mut Vec<OsString>) {
        out.extend(
            ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev"].map(OsString::from),
        );
        let tmpfs = self.limits.file_size.max(TMPFS_BYTES);
        for dir in ["/tmp", self.cwd.as_str()] {
            if self.writable.iter().any(|(_, inside)| inside == dir) {
                continue;
            }
            made.parents_of(Path::new(dir), out);
            out.extend(
                [
                    "--perms",
                    "1777",
                    "--size",
                    &tmpfs.to_string(),
                    "--tmpfs",
                    dir,
                ]
                .map(OsString::from),
            );
            made.made(Path::new(dir));
        }
        let binds = self.read_only.iter().map(|b| ("--ro-bind", b));
        for (flag, (host, inside)) in binds.chain(self.writable.iter().map(|b| ("--bind", b))) {
            made.parents_of(Path::new(inside), out);
            out.extend([flag.into(), host.clone().into(), inside.into()]);
            made.made(Path::new(inside));
        }
    }
}

/// Closes every descriptor above 2 that this process holds, before it opens
/// any of its own: whatever started `learn grade` may have left one open
/// (`exec 7<>file`), and every sandbox, started by `Command`, would inherit
/// it, a channel between students outside every namespace. Only the
/// descriptors `Command` itself sets up (0-2, and the filter's 3) reach a
/// sandbox after this. Call it first thing, while no thread has opened
/// anything.
#[cfg(unix)]
pub fn close_inherited_descriptors() {
    let open: Vec<i32> = match std::fs::read_dir("/proc/self/fd") {
        Ok(entries) => entries
            .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
            .filter(|&fd| fd > 2)
            .collect(),
        // No `/proc` here: the lowest descriptors are the ones a caller passes.
        Err(_) => (3..1024).collect(),
    };
    for fd in open {
        // The folder's own descriptor is closed already (EBADF): nothing to do.
        let _ = nix::unistd::close(fd);
    }
}

#[cfg(not(unix))]
pub fn close_inherited_descriptors() {}

/// `argv` as a command with nothing of this process's environment, run in
/// `/` (the sandbox's own paths are absolute).
fn empty_environment(argv: &[OsString]) -> Command {
    let mut command = Command::new(&argv[0]);
    command.args(&argv[1..]).env_clear().current_dir("/");
    command
}

/// The line in which bubblewrap, `setpriv` or `prlimit` (which start
/// before the student's program) said they could not make the sandbox, when
/// the first line of `stderr` is one.
pub fn setup_failure(stderr: &str) -> Option<&str> {
    let line = stderr.lines().next()?.trim();
    ["bwrap: ", "setpriv: ", "prlimit: "]
        .iter()
        .any(|tool| line.starts_with(tool))
        .then_some(line)
}

/// What the grader can do about a sandbox that could not be made, from
/// what bubblewrap said.
pub fn advice(said: &str) -> &'static str {
    if said.contains("Resource temporarily unavailable") || said.contains("No space left") {
        "the grading user's process limit (`ulimit -u`) or the kernel's limit of user namespaces (`user.max_user_namespaces`) was reached: raise it, grade with fewer --jobs, or grade as root (docs/grading.md, The sandbox)"
    } else if said.contains("Operation not permitted") || said.contains("Permission denied") {
        "this machine or container does not let bubblewrap make namespaces. As root in a container, give it CAP_SYS_ADMIN and let it mount (Docker: `--cap-add SYS_ADMIN --security-opt seccomp=unconfined --security-opt apparmor=unconfined`, or `--privileged`); as another user, allow unprivileged user namespaces (`sysctl kernel.unprivileged_userns_clone=1`, on Ubuntu `sysctl kernel.apparmor_restrict_unprivileged_userns=0`) (docs/grading.md, The sandbox)"
    } else {
        "see docs/grading.md, The sandbox, for what bubblewrap needs"
    }
}

/// Makes `path` owned by the sandbox's user, so it can write there (root only;
/// elsewhere the sandbox runs as the grading user, who owns it already).
pub fn give_to(path: &Path, uid: u32) -> std::io::Result<()> {
    #[cfg(unix)]
    if is_root() {
        return std::os::unix::fs::chown(path, Some(uid), Some(uid));
    }
    let _ = (path, uid);
    Ok(())
}

/// Takes `path` back for the grading user (root only).
pub fn take_back(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    if is_root() {
        return std::os::unix::fs::chown(path, Some(0), Some(0));
    }
    let _ = path;
    Ok(())
}

/// Sandboxes started and not yet reaped.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// Counts one sandbox as running until dropped (after its process is reaped).
pub struct Running(());

impl Running {
    pub fn start() -> Running {
        RUNNING.fetch_add(1, Ordering::SeqCst);
        Running(())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Waits until every sandbox has been reaped; false if one is still there
/// after `wait`.
pub fn all_ended(wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    loop {
        if RUNNING.load(Ordering::SeqCst) == 0 {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sandbox_tools_own_failures_are_told_apart_from_a_program_s() {
        let line = "bwrap: Creating new namespace failed: Resource temporarily unavailable";
        assert_eq!(setup_failure(&format!("{line}\nmore")), Some(line));
        assert!(advice(line).contains("ulimit -u"));
        let denied = "bwrap: Creating new namespace failed: Operation not permitted";
        assert!(advice(denied).contains("CAP_SYS_ADMIN"));
        assert_eq!(
            setup_failure("prlimit: failed to set the NPROC resource limit"),
            Some("prlimit: failed to set the NPROC resource limit")
        );
        assert_eq!(setup_failure("thread 'main' panicked\nbwrap: "), None);
        assert_eq!(setup_failure(""), None);
    }
}
