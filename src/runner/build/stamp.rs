//! Skipping cargo when nothing it would read has changed.
//!
//! Even a build with nothing to do costs a cargo start, a workspace load and
//! a fingerprint walk (50-100 ms here), on every `learn check`. So after a
//! clean build we write a stamp next to the program: the length, modification
//! time and content hash of every file the build read, the program's own
//! length and time, and the settings cargo reads from the environment. The
//! next build is skipped only if all of them are still exactly so.
//!
//! The files are: the bin's sources as rustc reported them (cargo's `.d`
//! dep-info file: the exercise file, any module it pulls in, the harness),
//! the harness sources, every manifest, `Cargo.lock`, toolchain files,
//! cargo config files (a missing one is recorded as missing, so creating it
//! counts as a change), and rustup's `settings.toml` and `update-hashes/`,
//! which change with `rustup default`, `rustup override` and `rustup update`.
//!
//! A file edited while cargo runs must not be stamped as built: the state of
//! every file is taken before cargo starts and again after it succeeds, and
//! the stamp is written only if the two agree. Cargo's own check works the
//! same way (it compares sources with the time the build started).
//! Not covered: a toolchain chosen by `CARGO` or by a linked toolchain that
//! is rebuilt in place; the program built before is then run as it is.

use std::hash::Hasher;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::time::UNIX_EPOCH;

const FORMAT: &str = "learn-stamp 3";

/// Environment variables that change what cargo builds or how. (`CARGO`,
/// which cargo to start, is left out: it differs between `cargo run` and a
/// direct start, and, like `rustup default`, it chooses the toolchain.)
const ENV_EXACT: [&str; 10] = [
    "CARGO_HOME",
    "CARGO_INCREMENTAL",
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTFLAGS",
    "RUSTC",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "RUSTUP_TOOLCHAIN",
    "RUSTUP_HOME",
    "RUSTC_BOOTSTRAP",
];
const ENV_PREFIXES: [&str; 3] = ["CARGO_BUILD_", "CARGO_PROFILE_", "CARGO_TARGET_"];

/// What is known about one input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileState {
    Absent,
    Present { len: u64, modified: u128, hash: u64 },
}

/// The state of everything a build depends on, at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The project the program was built for: a target folder can be shared
    /// (tests link one into many copies of the course), and the stamp next to
    /// the program must not vouch for it to another project.
    pub root: PathBuf,
    /// A hash of the cargo settings in the environment.
    pub env: u64,
    /// Length and modification time of the built program, if it exists.
    pub program: Option<(u64, u128)>,
    pub files: Vec<(PathBuf, FileState)>,
}

/// Where one bin's stamp lives and which files its build reads.
pub struct Stamp {
    root: PathBuf,
    bin: String,
    program: PathBuf,
    path: PathBuf,
    dep_info: PathBuf,
    /// rustup's home, whose settings choose the toolchain; `None` without one.
    rustup_home: Option<PathBuf>,
}

impl Stamp {
    /// `program` is the path cargo writes the bin to.
    pub fn new(root: &Path, bin: &str, program: &Path) -> Stamp {
        let dir = program.parent().unwrap_or(Path::new("."));
        Stamp {
            root: std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf()),
            bin: bin.to_string(),
            program: program.to_path_buf(),
            path: dir.join(format!("{bin}.learn-stamp")),
            dep_info: dir.join(format!("{bin}.d")),
            rustup_home: rustup_home(),
        }
    }

    /// The same stamp with another rustup home (tests use a temporary one).
    #[cfg(test)]
    pub fn with_rustup_home(mut self, home: &Path) -> Stamp {
        self.rustup_home = Some(home.to_path_buf());
        self
    }

    /// Whether the program is known to be built from the files as they are now.
    pub fn is_fresh(&self) -> bool {
        let Some(stamped) = read(&self.path) else {
            return false;
        };
        let files: Vec<PathBuf> = stamped.files.iter().map(|(p, _)| p.clone()).collect();
        self.snapshot(&files) == stamped
    }

    /// Call right before cargo starts: drops the old stamp (a failed or
    /// interrupted build must leave none) and records every input's state.
    pub fn before_build(&self) -> Snapshot {
        let _ = std::fs::remove_file(&self.path);
        let mut files = self.fixed_inputs();
        files.extend(dep_info_files(&self.dep_info));
        self.snapshot(&dedup(files))
    }

    /// Call after cargo succeeded without a word (a build that warned must
    /// go through cargo again, so the warnings are shown again). Writes the
    /// stamp if no input changed while cargo ran; returns whether it did.
    pub fn after_build(&self, before: &Snapshot) -> bool {
        let mut files = self.fixed_inputs();
        files.extend(dep_info_files(&self.dep_info));
        let after = self.snapshot(&dedup(files));
        let unchanged = after.root == before.root
            && after.env == before.env
            && after.program.is_some()
            && after
                .files
                .iter()
                .all(|(path, state)| before.files.iter().any(|(p, s)| p == path && s == state));
        unchanged && write(&self.path, &after).is_ok()
    }

    fn snapshot(&self, files: &[PathBuf]) -> Snapshot {
        let program = std::fs::metadata(&self.program)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| (m.len(), modified_nanos(&m)));
        Snapshot {
            root: self.root.clone(),
            env: env_hash(
                |name| std::env::var_os(name),
                std::env::vars_os().map(|(k, _)| k),
            ),
            program,
            files: files
                .iter()
                .map(|path| (path.clone(), file_state(path)))
                .collect(),
        }
    }

    /// Inputs known without asking cargo: manifests, lock file, toolchain
    /// and config files, the harness sources, and the bin's own source.
    fn fixed_inputs(&self) -> Vec<PathBuf> {
        let root = &self.root;
        let mut files: Vec<PathBuf> = [
            "Cargo.toml",
            "Cargo.lock",
            "exercises/Cargo.toml",
            "harness/Cargo.toml",
            "rust-toolchain",
            "rust-toolchain.toml",
        ]
        .iter()
        .map(|name| root.join(name))
        .collect();
        for dir in root.ancestors() {
            files.push(dir.join(".cargo").join("config.toml"));
            files.push(dir.join(".cargo").join("config"));
        }
        if let Some(home) = cargo_home() {
            files.push(home.join("config.toml"));
            files.push(home.join("config"));
        }
        if let Some(home) = &self.rustup_home {
            files.extend(rustup_files(home));
        }
        rust_files(&root.join("harness").join("src"), &mut files);
        if let Some(source) = bin_source(&root.join("exercises"), &self.bin) {
            files.push(source);
        }
        files
    }
}

fn cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
}

fn rustup_home() -> Option<PathBuf> {
    std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".rustup")))
}

/// The rustup files that say which toolchain cargo runs, and which release
/// of it: the default and overrides (`settings.toml`), and one manifest hash
/// per installed channel (`update-hashes/`), rewritten by `rustup update`.
pub fn rustup_files(home: &Path) -> Vec<PathBuf> {
    let mut files = vec![home.join("settings.toml")];
    if let Ok(entries) = std::fs::read_dir(home.join("update-hashes")) {
        let mut hashes: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
        hashes.sort();
        files.extend(hashes.into_iter().filter(|p| p.is_file()));
    }
    files
}

/// Every `.rs` file under `dir`, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source file of bin `bin` in the exercises manifest, if it names one.
pub fn bin_source(package: &Path, bin: &str) -> Option<PathBuf> {
    let text = std::fs::read_to_string(package.join("Cargo.toml")).ok()?;
    let manifest: toml::Table = toml::from_str(&text).ok()?;
    let bins = manifest.get("bin")?.as_array()?;
    let path = bins
        .iter()
        .find(|b| b.get("name").and_then(|n| n.as_str()) == Some(bin))?
        .get("path")?
        .as_str()?;
    Some(normalized(&package.join(path)))
}

/// The files listed in a dep-info (`.d`) file, whose lines read
/// `target: dep dep ...` with spaces in names escaped as `\ `.
pub fn dep_info_files(path: &Path) -> Vec<PathBuf> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let mut files = Vec::new();
    for line in text.lines() {
        let Some((_, deps)) = line.split_once(": ") else {
            continue;
        };
        let mut current = String::new();
        let mut chars = deps.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => {
                    current.push(' ');
                    chars.next();
                }
                ' ' => {
                    if !current.is_empty() {
                        files.push(normalized(Path::new(&current)));
                        current.clear();
                    }
                }
                _ => current.push(c),
            }
        }
        if !current.is_empty() {
            files.push(normalized(Path::new(&current)));
        }
    }
    files
}

/// `a/b/../c` as `a/c`, without touching the disk (so `exercises/../solutions/x.rs`
/// from cargo and from the manifest name the same file).
fn normalized(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

fn dedup(files: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = std::collections::BTreeSet::new();
    files
        .into_iter()
        .filter(|f| seen.insert(f.clone()))
        .collect()
}

fn modified_nanos(metadata: &std::fs::Metadata) -> u128 {
    metadata
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

pub fn file_state(path: &Path) -> FileState {
    let Ok(metadata) = std::fs::metadata(path) else {
        return FileState::Absent;
    };
    let Ok(bytes) = std::fs::read(path) else {
        return FileState::Absent;
    };
    let mut hasher = std::hash::DefaultHasher::new();
    hasher.write(&bytes);
    FileState::Present {
        len: metadata.len(),
        modified: modified_nanos(&metadata),
        hash: hasher.finish(),
    }
}

/// A hash of every cargo setting in the environment (`get` reads one,
/// `names` lists all), so changing any of them is a change.
pub fn env_hash(
    get: impl Fn(&str) -> Option<std::ffi::OsString>,
    names: impl Iterator<Item = std::ffi::OsString>,
) -> u64 {
    let mut keys: Vec<String> = ENV_EXACT.iter().map(|s| s.to_string()).collect();
    keys.extend(
        names
            .filter_map(|n| n.into_string().ok())
            .filter(|n| ENV_PREFIXES.iter().any(|p| n.starts_with(p))),
    );
    keys.sort();
    keys.dedup();
    let mut hasher = std::hash::DefaultHasher::new();
    for key in keys {
        hasher.write(key.as_bytes());
        match get(&key) {
            Some(value) => {
                hasher.write_u8(1);
                hasher.write(value.as_encoded_bytes());
            }
            None => hasher.write_u8(0),
        }
    }
    hasher.finish()
}

fn write(path: &Path, snapshot: &Snapshot) -> std::io::Result<()> {
    let root = snapshot
        .root
        .to_str()
        .filter(|r| !r.contains('\n'))
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "unusual root"))?;
    let mut text = format!("{FORMAT}\nroot {root}\nenv {}\n", snapshot.env);
    if let Some((len, modified)) = snapshot.program {
        text.push_str(&format!("program {len} {modified}\n"));
    }
    for (file, state) in &snapshot.files {
        let name = file.to_str().filter(|n| !n.contains('\n')).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, "unusual file name")
        })?;
        match state {
            FileState::Absent => text.push_str(&format!("absent {name}\n")),
            FileState::Present {
                len,
                modified,
                hash,
            } => text.push_str(&format!("file {len} {modified} {hash} {name}\n")),
        }
    }
    // Written whole, then renamed into place: a reader never sees half a
    // stamp, and two writers never share a partial file.
    let partial = path.with_extension(format!("learn-stamp-{}", std::process::id()));
    let mut out = std::fs::File::create(&partial)?;
    out.write_all(text.as_bytes())?;
    drop(out);
    std::fs::rename(&partial, path)
}

pub fn read(path: &Path) -> Option<Snapshot> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    if lines.next()? != FORMAT {
        return None;
    }
    let root = PathBuf::from(lines.next()?.strip_prefix("root ")?);
    let env = lines.next()?.strip_prefix("env ")?.parse().ok()?;
    let mut snapshot = Snapshot {
        root,
        env,
        program: None,
        files: Vec::new(),
    };
    for line in lines {
        let (kind, rest) = line.split_once(' ')?;
        match kind {
            "program" => {
                let (len, modified) = rest.split_once(' ')?;
                snapshot.program = Some((len.parse().ok()?, modified.parse().ok()?));
            }
            "absent" => snapshot
                .files
                .push((PathBuf::from(rest), FileState::Absent)),
            "file" => {
                let mut parts = rest.splitn(4, ' ');
                let len = parts.next()?.parse().ok()?;
                let modified = parts.next()?.parse().ok()?;
                let hash = parts.next()?.parse().ok()?;
                let name = parts.next()?;
                snapshot.files.push((
                    PathBuf::from(name),
                    FileState::Present {
                        len,
                        modified,
                        hash,
                    },
                ));
            }
            _ => return None,
        }
    }
    // A stamp without the program, or with no files at all, vouches for nothing.
    (snapshot.program.is_some() && !snapshot.files.is_empty()).then_some(snapshot)
}
