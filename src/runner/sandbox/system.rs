//! What of the host a sandbox shows, read-only and at the host's own paths:
//! named files (a program and the libraries it loads, the files a link
//! reads) and named folders (a compiler's own), each with the symbolic
//! links that lead to it on the host, so that a path looked up inside
//! resolves as it does outside. Never a whole tree such as `/usr`, which
//! can hold the course, a class or hidden scenarios (`/usr/src` does in
//! common Rust container images).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    File,
    Folder,
    /// A symbolic link, recreated with its host target.
    Link(PathBuf),
}

/// Host paths a sandbox shows, by their real (link-free) path.
#[derive(Clone, Debug, Default)]
pub struct View {
    entries: BTreeMap<PathBuf, Entry>,
}

impl View {
    /// A file, as it is looked up inside (links on the way are kept).
    pub fn file(&mut self, lookup: &Path) -> Result<(), String> {
        self.expose(lookup, Entry::File, 0)
    }

    /// A folder and everything in it.
    pub fn folder(&mut self, lookup: &Path) -> Result<(), String> {
        self.expose(lookup, Entry::Folder, 0)
    }

    /// An executable and every shared library it loads (as `ldd` lists
    /// them, the dynamic loader included).
    pub fn program(&mut self, lookup: &Path) -> Result<(), String> {
        self.file(lookup)?;
        for library in libraries(lookup)? {
            self.file(&library)?;
        }
        Ok(())
    }

    /// The libraries `program` loads, except those under `except` (a
    /// folder the sandbox shows at another path); not the program itself.
    pub fn libraries_of(&mut self, program: &Path, except: &Path) -> Result<(), String> {
        for library in libraries(program)? {
            if !library.starts_with(except) {
                self.file(&library)?;
            }
        }
        Ok(())
    }

    /// Everything `other` shows too.
    pub fn add(&mut self, other: &View) {
        for (path, entry) in &other.entries {
            self.entries.insert(path.clone(), entry.clone());
        }
    }

    /// Every path it shows, and how: what a compile's output depends on.
    pub fn describe(&self) -> String {
        self.entries
            .iter()
            .map(|(path, entry)| format!("{} {entry:?}\n", path.display()))
            .collect()
    }

    /// The shown file or folder that holds `path` (a real path), if any.
    pub fn holding(&self, path: &Path) -> Option<&Path> {
        self.entries
            .iter()
            .filter(|(_, e)| matches!(e, Entry::File | Entry::Folder))
            .map(|(p, _)| p.as_path())
            .find(|shown| path.starts_with(shown))
    }

    /// bubblewrap's arguments that show all of it (`made` records the
    /// folders already made, so none is made twice).
    pub fn args(&self, made: &mut Folders, out: &mut Vec<OsString>) {
        let folders: Vec<&Path> = self
            .entries
            .iter()
            .filter(|(_, e)| **e == Entry::Folder)
            .map(|(p, _)| p.as_path())
            .collect();
        for (path, entry) in &self.entries {
            // Inside a shown folder already (and a read-only one at that).
            if folders.iter().any(|f| path != f && path.starts_with(f)) {
                continue;
            }
            made.parents_of(path, out);
            match entry {
                Entry::Link(target) => {
                    out.extend(["--symlink".into(), target.into(), path.into()]);
                }
                Entry::File | Entry::Folder => {
                    out.extend(["--ro-bind".into(), path.into(), path.into()]);
                }
            }
        }
    }

    /// Records `lookup` the way the host resolves it: each link met on the
    /// way, then the real path as `kind`.
    fn expose(&mut self, lookup: &Path, kind: Entry, depth: usize) -> Result<(), String> {
        if depth > 40 {
            return Err(format!(
                "{}: too many symbolic links on the way",
                lookup.display()
            ));
        }
        if !lookup.is_absolute() {
            return Err(format!("{} is not an absolute path", lookup.display()));
        }
        let components: Vec<Component> = lookup.components().collect();
        let mut at = PathBuf::from("/");
        for (i, component) in components.iter().enumerate() {
            match component {
                Component::RootDir | Component::CurDir | Component::Prefix(_) => continue,
                // `at` has no links in it, so its parent is the real one.
                Component::ParentDir => {
                    at.pop();
                    continue;
                }
                Component::Normal(name) => {
                    let next = at.join(name);
                    let meta = fs::symlink_metadata(&next)
                        .map_err(|e| format!("cannot read {}: {e}", next.display()))?;
                    if meta.file_type().is_symlink() {
                        let target = fs::read_link(&next)
                            .map_err(|e| format!("cannot read the link {}: {e}", next.display()))?;
                        let resolved = at.join(&target);
                        self.entries.insert(next, Entry::Link(target));
                        let rest: PathBuf = components[i + 1..].iter().collect();
                        return self.expose(&resolved.join(rest), kind, depth + 1);
                    }
                    at = next;
                }
            }
        }
        self.entries.insert(at, kind);
        Ok(())
    }
}

/// Folders made inside a sandbox, so each is made once and before what is
/// put in it. Folders bubblewrap makes on its own for a bind are private to
/// root; these are made readable by everyone.
#[derive(Default)]
pub struct Folders(Vec<PathBuf>);

impl Folders {
    /// Makes every missing folder above `path`.
    pub fn parents_of(&mut self, path: &Path, out: &mut Vec<OsString>) {
        let mut missing = Vec::new();
        let mut at = path.parent();
        while let Some(dir) = at {
            if dir == Path::new("/") || self.0.iter().any(|m| m == dir) {
                break;
            }
            missing.push(dir.to_path_buf());
            at = dir.parent();
        }
        for dir in missing.into_iter().rev() {
            out.extend([
                "--perms".into(),
                "0755".into(),
                "--dir".into(),
                dir.clone().into(),
            ]);
            self.0.push(dir);
        }
    }

    /// Counts `path` as made (a tmpfs, a bind).
    pub fn made(&mut self, path: &Path) {
        self.0.push(path.to_path_buf());
    }
}

/// The shared libraries `program` loads, as `ldd` lists them.
fn libraries(program: &Path) -> Result<Vec<PathBuf>, String> {
    let ldd = ["/usr/bin/ldd", "/bin/ldd"]
        .iter()
        .map(Path::new)
        .find(|p| p.is_file())
        .ok_or("`ldd` (the C library's) is not installed, so the sandbox cannot tell which libraries a program needs")?;
    let output = Command::new(ldd)
        .arg(program)
        .env_clear()
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("could not run ldd: {e}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        // A static program needs nothing.
        let said = format!("{text}{}", String::from_utf8_lossy(&output.stderr));
        if said.contains("not a dynamic executable") || said.contains("statically linked") {
            return Ok(Vec::new());
        }
        return Err(format!("ldd {}: {}", program.display(), said.trim()));
    }
    parse_ldd(&text).map_err(|missing| {
        format!(
            "{} needs {missing}, which the loader cannot find",
            program.display()
        )
    })
}

/// The paths in `ldd`'s output, or the first library it could not find.
fn parse_ldd(text: &str) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        let (name, place) = match line.split_once("=>") {
            Some((name, place)) => (name.trim(), place.trim()),
            None => (line, line),
        };
        if place.starts_with("not found") {
            return Err(name.to_string());
        }
        let path = place.split(" (").next().unwrap_or_default().trim();
        if path.starts_with('/') {
            found.push(PathBuf::from(path));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ldd_output_gives_every_library_and_the_loader() {
        let text = "\tlinux-vdso.so.1 (0x00007f73f14e1000)\n\tlibcap-ng.so.0 => /lib/x86_64-linux-gnu/libcap-ng.so.0 (0x00007f73f14b4000)\n\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f73f12d2000)\n\t/lib64/ld-linux-x86-64.so.2 (0x00007f73f14e3000)\n";
        assert_eq!(
            parse_ldd(text).unwrap(),
            [
                "/lib/x86_64-linux-gnu/libcap-ng.so.0",
                "/lib/x86_64-linux-gnu/libc.so.6",
                "/lib64/ld-linux-x86-64.so.2"
            ]
            .map(PathBuf::from)
        );
        assert_eq!(
            parse_ldd("\tlibgone.so.1 => not found\n"),
            Err("libgone.so.1".to_string())
        );
    }

    #[test]
    fn a_path_is_shown_with_the_links_that_lead_to_it() {
        let dir = std::env::temp_dir().join(format!("learn-view-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("real/lib")).unwrap();
        fs::write(dir.join("real/lib/libx.so"), "x").unwrap();
        std::os::unix::fs::symlink("real/lib", dir.join("lib")).unwrap();
        std::os::unix::fs::symlink("libx.so", dir.join("real/lib/libx.so.1")).unwrap();
        let real = fs::canonicalize(&dir).unwrap();
        let mut view = View::default();
        view.file(&real.join("lib/libx.so.1")).unwrap();
        assert_eq!(
            view.entries.get(&real.join("lib")),
            Some(&Entry::Link("real/lib".into()))
        );
        assert_eq!(
            view.entries.get(&real.join("real/lib/libx.so.1")),
            Some(&Entry::Link("libx.so".into()))
        );
        assert_eq!(
            view.entries.get(&real.join("real/lib/libx.so")),
            Some(&Entry::File)
        );
        assert_eq!(view.entries.len(), 3);
        assert_eq!(
            view.holding(&real.join("real/lib/libx.so")),
            Some(real.join("real/lib/libx.so").as_path())
        );
        assert_eq!(view.holding(&real.join("real")), None);
        // A folder shows what is in it, and a class inside it is refused.
        view.folder(&real.join("real")).unwrap();
        assert_eq!(
            view.holding(&real.join("real/class/alice")),
            Some(real.join("real").as_path())
        );
        let mut args = Vec::new();
        view.args(&mut Folders::default(), &mut args);
        let binds: Vec<_> = args.iter().filter(|a| *a == "--ro-bind").collect();
        assert_eq!(
            binds.len(),
            1,
            "the file inside the folder is not bound again: {args:?}"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
