//! `learn reset`: the exercise file as the course ships it, after a backup
//! and a question.
//!
//! The shipped copy lives beside the exercise's TOML file in the lesson, so
//! reset needs no git: it works in a subfolder of any repository and after
//! the learner has committed their own version.

use super::{Ctx, Status};
use anyhow::{Context, Result};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

pub fn run(ctx: &mut Ctx, id: Option<&str>, force: bool) -> Result<Status> {
    let lang = ctx.lang;
    let exercise = ctx.exercise_or_current(id)?;
    let pristine_path = ctx.project.root.join(exercise.shipped_file());
    let pristine = std::fs::read(&pristine_path)
        .with_context(|| format!("cannot read the shipped copy {}", pristine_path.display()))?;
    let path = ctx.project.exercise_file(&exercise.file);
    let shown = ctx.shown_path(&path);
    let key = crate::content::model::exercise_key(&exercise.id);
    let current = match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };

    if current.as_deref() == Some(pristine.as_slice()) {
        outln!("{} {shown}", crate::words::of(lang).nothing_to_reset())?;
        forget_solved(ctx, &key)?;
        return Ok(Status::Success);
    }

    if !force && !confirm(lang, &shown)? {
        outln!("{}", crate::words::of(lang).nothing_changed())?;
        return Ok(Status::Success);
    }

    let backup = match &current {
        Some(bytes) => Some(write_backup(&ctx.project.root, &exercise.file, bytes)?),
        None => None,
    };
    let temp = path.with_extension("rs.reset");
    std::fs::write(&temp, &pristine)
        .and_then(|()| std::fs::rename(&temp, &path))
        .with_context(|| format!("cannot write {}", path.display()))?;
    forget_solved(ctx, &key)?;

    outln!("{} {shown}", crate::words::of(lang).restored())?;
    if let Some(backup) = backup {
        outln!(
            "{} {}",
            crate::words::of(lang).backup_kept_in(),
            ctx.shown_path(&backup)
        )?;
    }
    Ok(Status::Success)
}

/// Asks on stderr and reads one line from stdin; only `y` or `yes` agrees,
/// so an empty line or a closed stdin (a script) changes nothing.
fn confirm(lang: crate::content::text::Lang, shown: &str) -> Result<bool> {
    err!(
        "{} {shown}? {} [y/N] ",
        crate::words::of(lang).replace_work_in(),
        crate::words::of(lang).backup_is_kept()
    );
    std::io::stderr().flush().ok();
    let mut answer = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut answer)
        .context("cannot read the answer from stdin")?;
    let answer = answer.trim().to_lowercase();
    Ok(answer == "y" || answer == "yes" || answer == "是")
}

/// Saves `bytes` as `.learn-backups/<stem>.<n>.rs`, `n` one past the
/// highest backup of that file, so no backup ever overwrites another.
fn write_backup(root: &Path, file: &str, bytes: &[u8]) -> Result<PathBuf> {
    let dir = root.join(".learn-backups");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let taken = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_prefix(&format!("{stem}."))?
                .strip_suffix(".rs")?
                .parse::<u32>()
                .ok()
        })
        .max()
        .unwrap_or(0);
    let backup = dir.join(format!("{stem}.{}.rs", taken + 1));
    std::fs::write(&backup, bytes)
        .with_context(|| format!("cannot write the backup {}", backup.display()))?;
    Ok(backup)
}

fn forget_solved(ctx: &mut Ctx, key: &str) -> Result<()> {
    ctx.progress = ctx.store.update(|p| {
        p.done.remove(key);
        p.clone()
    })?;
    Ok(())
}
