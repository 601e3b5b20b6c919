//! Setting up the run's sandboxes, and proving them before any student's
//! file is compiled: what a compile shows of the host (`linker`), the
//! seccomp filter and the run's users (`runner::sandbox`); a refusal when
//! the course, a submission or the hidden scenarios lie inside something a
//! sandbox shows; then the grader's own trial program compiled and run in
//! sandboxes exactly as a student's would be.

use super::build::{self, BuildPlan};
use super::linker::{self, TRIAL_SAYS};
use super::submission::Submission;
use super::toolchain::Toolchain;
use crate::runner::sandbox::{Confinement, Needs, Sandbox, SandboxLimits};
use anyhow::{Context, Result, anyhow, bail};
use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;

/// The run's sandbox setup, refused when it would show students anything
/// of the grader's.
pub fn confine(
    root: &Path,
    toolchain: &Toolchain,
    grade_dir: &Path,
    submissions: &[Submission],
    hidden: Option<&Path>,
) -> Result<Arc<Confinement>> {
    let compiler = linker::compiler_view(toolchain, &grade_dir.join("trial"))
        .context("cannot tell what a compile needs of this machine")?;
    let confinement = Confinement::new(grade_dir, submissions.len(), compiler)
        .map_err(|e| anyhow!("cannot set up the sandboxes: {e}"))?;
    let mut guarded: Vec<(String, &Path)> = vec![("the course".into(), root)];
    for s in submissions {
        guarded.push((format!("the submission {}", s.name), &s.dir));
    }
    if let Some(hidden) = hidden {
        guarded.push(("the hidden scenarios".into(), hidden));
    }
    for (what, path) in guarded {
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let shown = confinement.shows(&real).or_else(|| {
            [&toolchain.sysroot, &toolchain.deps_dir]
                .into_iter()
                .map(|dir| std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone()))
                .find(|dir| real.starts_with(dir))
        });
        if let Some(shown) = shown {
            bail!(
                "cannot grade: {what} ({}) lies inside {}, which every compile sandbox shows to students' code; move it out of there",
                real.display(),
                shown.display()
            );
        }
    }
    Ok(Arc::new(confinement))
}

/// Compiles the trial program in a compile sandbox and runs it in a program
/// sandbox; an error says what failed, in the grader's terms.
pub fn prove(plan: &BuildPlan, confinement: &Arc<Confinement>) -> Result<()> {
    let program = build::compile_trial(plan).map_err(|why| {
        anyhow!(
            "the sandbox cannot compile the grader's own trial program, so no student was graded (this machine's compiler needs something the sandbox does not show; see docs/grading.md, The sandbox):\n{why}"
        )
    })?;
    let sandbox = Sandbox {
        read_only: vec![(program, "/program".into())],
        writable: Vec::new(),
        cwd: "/work".into(),
        limits: SandboxLimits::program(5),
        uid: confinement.uid(0),
        needs: Needs::Program,
        confinement: Arc::clone(confinement),
    };
    let output = sandbox
        .command(&["/program".into()])
        .map_err(anyhow::Error::msg)?
        .stdin(Stdio::null())
        .output()
        .context("could not start the trial program's sandbox")?;
    let _ = std::fs::remove_dir_all(plan.grade_dir.join("trial-build"));
    let said = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() || said.trim() != TRIAL_SAYS {
        bail!(
            "the grader's own trial program did not run in its sandbox ({}), so no student was graded:\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(())
}
