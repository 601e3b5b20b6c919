//! A sandbox for untrusted programs and compiles, made with bubblewrap
//! (`bwrap`): new PID, network, IPC and UTS namespaces (so `/proc` shows
//! only the sandbox's own processes, there is no network, and everything in
//! it dies with it), a root file system holding only the system's `/usr`
//! (read-only) and what each sandbox binds in, private `/tmp` and working
//! folder, no environment but `PATH`, and resource limits set with util-linux
//! `prlimit` (memory, CPU time, processes, file size). When `learn` runs as
//! root, the program also runs as its own unprivileged user (`setpriv`, one
//! user per student), which is what makes the process-count limit bite and
//! keeps the grader's files (owned by root, and not bound anyway) out of
//! reach.
//!
//! Every sandbox also runs under a seccomp filter (`seccomp`) that keeps it
//! from the kernel state no namespace separates (the keyring, vsock).
//!
//! Nothing here is `unsafe`: the limits and the user change are made by the
//! two small programs, started before the untrusted one, and the filter is
//! handed to bubblewrap by `/bin/sh` (`exec bwrap --seccomp 3 ... 3<file`),
//! so each sandbox opens it afresh and no descriptor is shared.

pub mod seccomp;
pub mod uids;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use uids::Uids;

/// Resource limits for everything in one sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SandboxLimits {
    /// Address space per process (bytes).
    pub memory: u64,
    /// CPU seconds per process.
    pub cpu_seconds: u64,
    /// Processes and threads of the sandbox's user (enforced when `learn`
    /// runs as root, where each student has a user of their own).
    pub processes: u64,
    /// Largest file a process may write (bytes).
    pub file_size: u64,
}

impl SandboxLimits {
    /// For an exercise program: plenty for a small JSON loop, little for anything else.
    pub fn program(cpu_seconds: u64) -> SandboxLimits {
        SandboxLimits {
            memory: 512 << 20,
            cpu_seconds: cpu_seconds.max(1),
            processes: 32,
            file_size: 16 << 20,
        }
    }

    /// For one `rustc` run.
    pub fn compiler(cpu_seconds: u64) -> SandboxLimits {
        SandboxLimits {
            memory: 4 << 30,
            cpu_seconds: cpu_seconds.max(1),
            processes: 256,
            file_size: 256 << 20,
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
    /// What every sandbox of the run shares.
    pub confinement: Arc<Confinement>,
}

/// What every sandbox of one grading run shares: the seccomp filter, as a
/// file in the grader's own folder, and the run's users.
#[derive(Debug)]
pub struct Confinement {
    filter: PathBuf,
    uids: Uids,
}

impl Confinement {
    /// Writes the filter into `dir` (the grader's `target/grade`, which one
    /// grading at a time uses) and, as root, reserves a user for each of
    /// `students`.
    pub fn new(dir: &Path, students: usize) -> Result<Confinement, String> {
        let filter = dir.join("seccomp.bpf");
        std::fs::write(&filter, seccomp::filter()?)
            .map_err(|e| format!("cannot write {}: {e}", filter.display()))?;
        let uids = if is_root() {
            Uids::reserve(students)?
        } else {
            Uids::unneeded()
        };
        Ok(Confinement { filter, uids })
    }

    /// The user submission `index`'s sandboxes run as (when root).
    pub fn uid(&self, index: usize) -> u32 {
        self.uids.student(index)
    }
}

const TMPFS_BYTES: u64 = 16 << 20;

/// What was found on this machine.
#[derive(Debug, Clone)]
pub struct Tools {
    /// Started first, to clear the environment: bubblewrap's own process
    /// is the sandbox's pid 1, and its `/proc/1/environ` is readable inside.
    env: PathBuf,
    bwrap: PathBuf,
    prlimit: PathBuf,
    /// Present when running as root: used to drop to the student's user.
    setpriv: Option<PathBuf>,
    /// The host's top-level folders other than `/usr` that programs need
    /// (`/bin`, `/lib`, ...): symbolic links into `/usr` on merged systems.
    system: Vec<System>,
}

#[derive(Debug, Clone)]
enum System {
    Link(String, PathBuf),
    Folder(String),
}

/// Whether sandboxes can be made here, and if not, why not. Probed once.
pub fn tools() -> Result<&'static Tools, &'static str> {
    static TOOLS: OnceLock<Result<Tools, String>> = OnceLock::new();
    TOOLS.get_or_init(probe).as_ref().map_err(String::as_str)
}

fn find(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin"), PathBuf::from("/usr/sbin")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

fn is_root() -> bool {
    #[cfg(unix)]
    {
        nix::unistd::geteuid().is_root()
    }
    #[cfg(not(unix))]
    false
}

fn probe() -> Result<Tools, String> {
    if !cfg!(target_os = "linux") {
        return Err("sandboxes need Linux (bubblewrap)".into());
    }
    let bwrap = find("bwrap").ok_or(
        "bubblewrap (`bwrap`) is not installed (Debian/Ubuntu: apt-get install bubblewrap)",
    )?;
    let prlimit = find("prlimit").ok_or("`prlimit` (util-linux) is not installed")?;
    let env = find("env").ok_or("`env` (coreutils) is not installed")?;
    if !prlimit.starts_with("/usr") && !prlimit.starts_with("/bin") {
        return Err("`prlimit` must be under /usr or /bin to run inside the sandbox".into());
    }
    let setpriv = if is_root() {
        let found = find("setpriv").ok_or("`setpriv` (util-linux) is not installed")?;
        if !found.starts_with("/usr") && !found.starts_with("/bin") {
            return Err("`setpriv` must be under /usr or /bin to run inside the sandbox".into());
        }
        Some(found)
    } else {
        None
    };
    let mut system = Vec::new();
    for top in ["bin", "sbin", "lib", "lib32", "lib64", "libx32"] {
        let host = Path::new("/").join(top);
        match std::fs::symlink_metadata(&host) {
            Ok(meta) if meta.file_type().is_symlink() => {
                if let Ok(target) = std::fs::read_link(&host) {
                    system.push(System::Link(format!("/{top}"), target));
                }
            }
            Ok(meta) if meta.is_dir() => system.push(System::Folder(format!("/{top}"))),
            _ => {}
        }
    }
    // Where Debian's `cc` and friends point, and the loader's cache: never
    // the rest of `/etc`.
    for file in ["/etc/alternatives", "/etc/ld.so.cache"] {
        if Path::new(file).exists() {
            system.push(System::Folder(file.to_string()));
        }
    }
    let tools = Tools {
        env,
        bwrap,
        prlimit,
        setpriv,
        system,
    };
    let sh = Path::new("/bin/sh");
    let check = Sandbox {
        read_only: Vec::new(),
        writable: Vec::new(),
        cwd: "/work".into(),
        limits: SandboxLimits::program(2),
        // Below every run's range: no run's student shares its limits.
        uid: uids::FIRST_UID - 1,
        confinement: Arc::new(Confinement {
            filter: PathBuf::new(),
            uids: Uids::unneeded(),
        }),
    };
    let argv = check.wrap(&tools, &[sh.into(), "-c".into(), "exit 0".into()], false);
    let status = Command::new(&argv[0])
        .args(&argv[1..])
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    match status {
        Ok(out) if out.status.success() => Ok(tools),
        Ok(out) => Err(format!(
            "bubblewrap is installed but cannot make a sandbox here: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(e) => Err(format!("bubblewrap could not start: {e}")),
    }
}

impl Sandbox {
    /// The command line that runs `argv` (paths as seen inside) in this sandbox.
    pub fn command_line(&self, argv: &[OsString]) -> Result<Vec<OsString>, String> {
        let tools = tools()?;
        Ok(self.wrap(tools, argv, true))
    }

    /// The command line; `filtered`: under the seccomp filter (every
    /// sandbox but the probe's).
    fn wrap(&self, tools: &Tools, argv: &[OsString], filtered: bool) -> Vec<OsString> {
        let mut out: Vec<OsString> = vec![tools.env.clone().into(), "-i".into()];
        let mut push = |s: &str| out.push(s.into());
        if filtered {
            // The shell opens the filter as descriptor 3 of bwrap, which
            // reads it, loads it and closes it before the program starts.
            push("/bin/sh");
            push("-c");
            push("exec \"$@\" 3<\"$0\"");
            out.push(self.confinement.filter.clone().into());
        }
        let mut push = |s: &str| out.push(s.into());
        push(&tools.bwrap.to_string_lossy());
        if filtered {
            push("--seccomp");
            push("3");
        }
        if tools.setpriv.is_some() {
            // Root: no user namespace, so `setpriv` can switch to the student's user.
            for ns in [
                "--unshare-ipc",
                "--unshare-pid",
                "--unshare-net",
                "--unshare-uts",
            ] {
                push(ns);
            }
            push("--unshare-cgroup-try");
        } else {
            push("--unshare-all");
        }
        for flag in ["--die-with-parent", "--new-session", "--clearenv"] {
            push(flag);
        }
        push("--setenv");
        push("PATH");
        push("/usr/bin:/bin");
        push("--ro-bind");
        push("/usr");
        push("/usr");
        // Folders bwrap makes for a bind are private to root unless made first.
        let mut made: Vec<String> = vec!["/usr".into()];
        let mut parents = |inside: &str, out: &mut Vec<OsString>| {
            let mut at = Path::new(inside).parent();
            let mut missing = Vec::new();
            while let Some(dir) = at {
                let dir_text = dir.to_string_lossy().into_owned();
                if dir_text == "/" || made.contains(&dir_text) {
                    break;
                }
                missing.push(dir_text);
                at = dir.parent();
            }
            for dir in missing.into_iter().rev() {
                out.extend([
                    "--perms".into(),
                    "0755".into(),
                    "--dir".into(),
                    dir.clone().into(),
                ]);
                made.push(dir);
            }
        };
        for item in &tools.system {
            if let System::Folder(at) = item {
                parents(at, &mut out);
            }
            let mut push = |s: &str| out.push(s.into());
            match item {
                System::Link(at, target) => {
                    push("--symlink");
                    push(&target.to_string_lossy());
                    push(at);
                }
                System::Folder(at) => {
                    push("--ro-bind");
                    push(at);
                    push(at);
                }
            }
        }
        let mut push = |s: &str| out.push(s.into());
        push("--proc");
        push("/proc");
        push("--dev");
        push("/dev");
        let tmpfs = self.limits.file_size.max(TMPFS_BYTES);
        for dir in ["/tmp", self.cwd.as_str()] {
            if self.writable.iter().any(|(_, inside)| inside == dir) {
                continue;
            }
            push("--perms");
            push("1777");
            push("--size");
            push(&tmpfs.to_string());
            push("--tmpfs");
            push(dir);
        }
        for (host, inside) in &self.read_only {
            parents(inside, &mut out);
            out.push("--ro-bind".into());
            out.push(host.as_os_str().to_owned());
            out.push(inside.into());
        }
        for (host, inside) in &self.writable {
            parents(inside, &mut out);
            out.push("--bind".into());
            out.push(host.as_os_str().to_owned());
            out.push(inside.into());
        }
        out.push("--chdir".into());
        out.push(self.cwd.as_str().into());
        out.push("--".into());
        if let Some(setpriv) = &tools.setpriv {
            out.push(setpriv.as_os_str().to_owned());
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
            "--core=0".into(),
            "--".into(),
        ] {
            out.push(limit.into());
        }
        out.extend(argv.iter().cloned());
        out
    }
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
