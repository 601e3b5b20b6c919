//! What a compile sandbox shows of the host, found precisely: the libraries
//! the toolchain's programs load (`ldd`), the C compiler `rustc` links
//! with (`cc` on the sandbox's `PATH`) and its own folder, and the files one
//! link reads, from the linker's own dependency file for a trial link of
//! the grader's program (`trial_source`), made outside any sandbox with the
//! students' flags. Students' programs are linked statically, so running
//! one needs none of it.

use super::toolchain::Toolchain;
use crate::runner::sandbox::system::View;
use anyhow::{Context, Result, bail};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The grader's trial program: it uses every dependency a student's file
/// may use (the course's own, whatever they are), so the link reads what
/// every student's does. It prints [`TRIAL_SAYS`].
pub fn trial_source(toolchain: &Toolchain) -> String {
    let mut text = String::new();
    for (name, _) in &toolchain.externs {
        text.push_str(&format!("#[allow(unused_imports)]\nuse {name} as _;\n"));
    }
    text.push_str(&format!(
        "fn main() {{\n    println!(\"{TRIAL_SAYS}\");\n}}\n"
    ));
    text
}
pub const TRIAL_SAYS: &str = "trial ok";

/// The `PATH` inside a sandbox: the trial link outside uses it too, so both
/// find the same `cc`.
pub const SANDBOX_PATH: &str = "/usr/bin:/bin";

/// What a compile of `toolchain` needs of the host. `work` is a folder of
/// the grader's for the trial link.
pub fn compiler_view(toolchain: &Toolchain, work: &Path) -> Result<View> {
    let mut view = View::default();
    let host = rustc_host(toolchain)?;
    let rustlib_bin = toolchain
        .sysroot
        .join("lib/rustlib")
        .join(&host)
        .join("bin");
    let mut programs = vec![toolchain.sysroot.join("bin/rustc")];
    programs.extend(
        [
            rustlib_bin.join("rust-lld"),
            rustlib_bin.join("gcc-ld/ld.lld"),
        ]
        .into_iter()
        .filter(|p| p.is_file()),
    );
    for program in &programs {
        // The toolchain itself is shown at /toolchain.
        view.libraries_of(program, &toolchain.sysroot)
            .map_err(anyhow::Error::msg)?;
    }
    let cc = ["/usr/bin/cc", "/bin/cc"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .context("no C compiler at /usr/bin/cc: rustc links with it (Debian/Ubuntu: apt-get install gcc libc6-dev)")?;
    view.program(&cc).map_err(anyhow::Error::msg)?;
    let search = cc_says(&cc, &["-print-search-dirs"])?;
    if let Some(install) = search.lines().find_map(|l| l.strip_prefix("install:")) {
        view.folder(Path::new(install.trim()))
            .map_err(anyhow::Error::msg)?;
    }
    for tool in ["collect2", "ld"] {
        let named = cc_says(&cc, &[&format!("-print-prog-name={tool}")])?;
        let named = PathBuf::from(named.trim());
        let found = if named.is_absolute() {
            Some(named)
        } else {
            SANDBOX_PATH
                .split(':')
                .map(|dir| Path::new(dir).join(&named))
                .find(|p| p.is_file())
        };
        if let Some(path) = found.filter(|p| p.is_file()) {
            view.program(&path).map_err(anyhow::Error::msg)?;
        }
    }
    for input in link_inputs(toolchain, work)? {
        view.file(&input).map_err(anyhow::Error::msg)?;
    }
    Ok(view)
}

fn rustc_host(toolchain: &Toolchain) -> Result<String> {
    let version = run(
        &toolchain.sysroot.join("bin/rustc"),
        &["-vV"],
        Path::new("/"),
    )?;
    version
        .lines()
        .find_map(|l| l.strip_prefix("host:"))
        .map(|h| h.trim().to_string())
        .context("rustc -vV names no host")
}

fn cc_says(cc: &Path, args: &[&str]) -> Result<String> {
    run(cc, args, Path::new("/"))
}

fn run(program: &Path, args: &[&str], cwd: &Path) -> Result<String> {
    let output = Command::new(program)
        .args(args)
        .current_dir(cwd)
        .env_clear()
        .env("PATH", SANDBOX_PATH)
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("could not run {}", program.display()))?;
    if !output.status.success() {
        bail!(
            "{} {} failed: {}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Every file the linker read for the trial program, outside the
/// toolchain, the dependencies and the trial's own folder.
fn link_inputs(toolchain: &Toolchain, work: &Path) -> Result<Vec<PathBuf>> {
    let _ = fs::remove_dir_all(work);
    fs::create_dir_all(work).with_context(|| format!("cannot create {}", work.display()))?;
    let source = work.join("trial.rs");
    fs::write(&source, trial_source(toolchain))
        .with_context(|| format!("cannot write {}", source.display()))?;
    let deps_file = work.join("link.d");
    let mut args: Vec<String> = toolchain.flags.clone();
    args.extend(["--crate-type", "bin", "-L"].map(String::from));
    args.push(format!("dependency={}", toolchain.deps_dir.display()));
    for (name, file) in &toolchain.externs {
        args.push("--extern".into());
        args.push(format!(
            "{name}={}",
            toolchain.deps_dir.join(file).display()
        ));
    }
    args.push("-C".into());
    args.push(format!(
        "link-arg=-Wl,--dependency-file={}",
        deps_file.display()
    ));
    args.extend(["-o".into(), "trial".into(), "trial.rs".into()]);
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&toolchain.sysroot.join("bin/rustc"), &arg_refs, work).context(
        "the trial link of the grader's own program failed (its linker must write a dependency file: lld, or GNU ld 2.40 or later)",
    )?;
    let text = fs::read_to_string(&deps_file)
        .with_context(|| format!("the linker wrote no {}", deps_file.display()))?;
    let skip = [
        toolchain.sysroot.clone(),
        toolchain.deps_dir.clone(),
        work.to_path_buf(),
        std::env::temp_dir(),
    ];
    Ok(make_dependencies(&text)
        .into_iter()
        .filter(|p| p.is_absolute() && !skip.iter().any(|s| p.starts_with(s)))
        .collect())
}

/// The paths a make-style dependency file names (`target: a b \` ...), each
/// once, in order.
fn make_dependencies(text: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = Vec::new();
    let joined = text.replace("\\\n", " ");
    for line in joined.lines() {
        let Some((_, deps)) = line.split_once(": ").or_else(|| line.split_once(":\t")) else {
            continue;
        };
        let mut word = String::new();
        let mut chars = deps.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => {
                    word.push(' ');
                    chars.next();
                }
                ' ' | '\t' => {
                    if !word.is_empty() {
                        let path = PathBuf::from(std::mem::take(&mut word));
                        if !found.contains(&path) {
                            found.push(path);
                        }
                    }
                }
                c => word.push(c),
            }
        }
        if !word.is_empty() {
            let path = PathBuf::from(word);
            if !found.contains(&path) {
                found.push(path);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dependency_file_gives_each_input_once() {
        let text = "trial: /tmp/x/a.o /usr/lib/x86_64-linux-gnu/libc.a \\\n  /usr/lib/gcc/x86_64-linux-gnu/12/libgcc.a /my\\ dir/lib.a\n\n/usr/lib/x86_64-linux-gnu/libc.a:\n";
        assert_eq!(
            make_dependencies(text),
            [
                "/tmp/x/a.o",
                "/usr/lib/x86_64-linux-gnu/libc.a",
                "/usr/lib/gcc/x86_64-linux-gnu/12/libgcc.a",
                "/my dir/lib.a"
            ]
            .map(PathBuf::from)
        );
    }
}
