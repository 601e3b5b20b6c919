//! Whether sandboxes can be made on this machine, found once: the tools
//! (bubblewrap, util-linux's `prlimit` and, as root, `setpriv`), what of the
//! host every sandbox shows so that those run, and a first sandbox to prove
//! it works. When it does not, why, in words that say what the grader can do.

use super::system::View;
use super::uids::{FIRST_UID, Uids};
use super::{Confinement, Needs, Sandbox, SandboxLimits};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, OnceLock};

/// What was found on this machine.
#[derive(Debug, Clone)]
pub struct Tools {
    pub(super) bwrap: PathBuf,
    pub(super) prlimit: PathBuf,
    /// Present when running as root: used to drop to the student's user.
    pub(super) setpriv: Option<PathBuf>,
    /// What of the host every sandbox shows: `prlimit`, `setpriv` and the
    /// libraries they load (a student's program is linked statically and
    /// needs nothing).
    pub(super) shown: View,
}

/// Why no sandbox can be made here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unavailable {
    NotLinux,
    /// A tool is not installed: which, and the package that has it.
    Missing {
        tool: &'static str,
        package: &'static str,
    },
    /// bubblewrap is installed, and failed to make a sandbox: what it said.
    Refused {
        said: String,
    },
    /// Anything else (a library the tools need cannot be found, say).
    Other(String),
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Unavailable::NotLinux => write!(f, "sandboxes need Linux (bubblewrap)"),
            Unavailable::Missing { tool, package } => {
                write!(
                    f,
                    "`{tool}` is not installed (Debian/Ubuntu: apt-get install {package})"
                )
            }
            Unavailable::Refused { said } => write!(
                f,
                "bubblewrap is installed but cannot make a sandbox here ({said}): {}",
                super::advice(said)
            ),
            Unavailable::Other(why) => write!(f, "{why}"),
        }
    }
}

/// Whether sandboxes can be made here, and if not, why not. Probed once.
pub fn tools() -> Result<&'static Tools, &'static Unavailable> {
    static TOOLS: OnceLock<Result<Tools, Unavailable>> = OnceLock::new();
    TOOLS.get_or_init(probe).as_ref()
}

fn find(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin"), PathBuf::from("/usr/sbin")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

pub(super) fn is_root() -> bool {
    #[cfg(unix)]
    {
        nix::unistd::geteuid().is_root()
    }
    #[cfg(not(unix))]
    false
}

fn probe() -> Result<Tools, Unavailable> {
    if !cfg!(target_os = "linux") {
        return Err(Unavailable::NotLinux);
    }
    let missing = |tool, package| Unavailable::Missing { tool, package };
    let bwrap = find("bwrap").ok_or(missing("bwrap", "bubblewrap"))?;
    let prlimit = find("prlimit").ok_or(missing("prlimit", "util-linux"))?;
    let setpriv = match is_root() {
        true => Some(find("setpriv").ok_or(missing("setpriv", "util-linux"))?),
        false => None,
    };
    let mut shown = View::default();
    for program in [Some(&prlimit), setpriv.as_ref()].into_iter().flatten() {
        shown.program(program).map_err(Unavailable::Other)?;
    }
    // The loader's list of where libraries are; nothing else of `/etc`.
    if Path::new("/etc/ld.so.cache").is_file() {
        shown
            .file(Path::new("/etc/ld.so.cache"))
            .map_err(Unavailable::Other)?;
    }
    let tools = Tools {
        bwrap,
        prlimit,
        setpriv,
        shown,
    };
    let check = Sandbox {
        read_only: Vec::new(),
        writable: Vec::new(),
        cwd: "/work".into(),
        limits: SandboxLimits::program(2),
        // Below every run's range: no run's student shares its limits.
        uid: FIRST_UID - 1,
        needs: Needs::Program,
        confinement: Arc::new(Confinement {
            filter: PathBuf::new(),
            uids: Uids::unneeded(),
            compiler: View::default(),
        }),
    };
    // `prlimit` alone prints the limits it runs under, and succeeds.
    let status =
        super::empty_environment(&check.wrap(&tools, &[tools.prlimit.clone().into()], false))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output();
    match status {
        Ok(out) if out.status.success() => Ok(tools),
        Ok(out) => Err(Unavailable::Refused {
            said: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        }),
        Err(e) => Err(Unavailable::Other(format!(
            "bubblewrap could not start: {e}"
        ))),
    }
}
