//! `learn watch`: re-check on every save, and move on when solved, in
//! `learn next`'s order (it stops where a reading or a quiz comes first).

use super::check::CheckRequest;
use super::check::run as check;
use super::{Ctx, Status};
use crate::check::Target;
use crate::content::Step;
use anyhow::{Context, Result};
use colored::Colorize;
use notify::event::{EventKind, MetadataKind, ModifyKind};
use notify::{Config, PollWatcher, RecommendedWatcher, RecursiveMode, Watcher};
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Editors save in bursts (write, rename, chmod): a save is over once no
/// event has come for this long.
const SETTLE: Duration = Duration::from_millis(300);

type Events = Receiver<notify::Result<notify::Event>>;

pub fn run(ctx: &mut Ctx, timeout: Duration) -> Result<Status> {
    let (tx, rx) = mpsc::channel();
    let folder = ctx.project.root.join("exercises");
    // Native file events where the system has them; polling where it does not
    // (some network and container file systems).
    let native = RecommendedWatcher::new(tx.clone(), Config::default()).and_then(|mut watcher| {
        watcher
            .watch(&folder, RecursiveMode::NonRecursive)
            .map(|()| watcher)
    });
    let _watcher: Box<dyn Watcher> = match native {
        Ok(watcher) => Box::new(watcher),
        Err(_) => {
            let mut watcher = PollWatcher::new(
                tx,
                Config::default().with_poll_interval(Duration::from_millis(500)),
            )
            .context("cannot watch the exercises folder")?;
            watcher
                .watch(&folder, RecursiveMode::NonRecursive)
                .context("cannot watch the exercises folder")?;
            Box::new(watcher)
        }
    };
    let lang = ctx.lang;
    loop {
        let exercise = match ctx.next_step() {
            Some((_, Step::Exercise(id))) => ctx.exercise(id)?,
            Some(_) => {
                // A reading or a quiz comes first: watching cannot do those.
                outln!("{}", super::next::after_solve(ctx))?;
                return Ok(Status::Success);
            }
            None => {
                outln!(
                    "{}",
                    crate::words::of(lang).all_done_watching().green().bold()
                )?;
                return Ok(Status::Success);
            }
        };
        let id = exercise.id.clone();
        let file = ctx.project.exercise_file(&exercise.file);
        let args = CheckRequest {
            id: Some(id.clone()),
            target: Target::Exercise,
            seed: None,
            timeout,
            json: false,
            full: false,
        };
        let status = check(ctx, &args, true)?;
        if status == Status::Success {
            if let Some((_, Step::Exercise(next))) = ctx.next_step() {
                let next = ctx.exercise(next)?;
                outln!()?;
                out!("{}", super::next::exercise_brief(ctx, next)?)?;
            }
            continue;
        }
        outln!(
            "{}",
            crate::words::of(lang)
                .watching(&ctx.shown_path(&file))
                .dimmed()
        )?;
        wait_for_save(&rx, &file);
        outln!("\n{}", "─".repeat(60).dimmed())?;
    }
}

/// Blocks until `file` is saved, then until the save's burst of events is over.
fn wait_for_save(rx: &Events, file: &Path) {
    let saves =
        |event: &notify::Result<notify::Event>| event.as_ref().is_ok_and(|e| is_save(e, file));
    while let Ok(event) = rx.recv() {
        if saves(&event) {
            let mut quiet_since = Instant::now();
            while quiet_since.elapsed() < SETTLE {
                match rx.recv_timeout(SETTLE - quiet_since.elapsed()) {
                    Ok(event) if saves(&event) => quiet_since = Instant::now(),
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
            return;
        }
    }
}

/// Whether an event changed the contents of `file`: a write, a create or a
/// rename onto it (how many editors save). Opening, reading and closing
/// without writing are not saves, nor is anything under a `target` folder.
fn is_save(event: &notify::Event, file: &Path) -> bool {
    let changes = match event.kind {
        EventKind::Create(_) => true,
        EventKind::Modify(kind) => matches!(
            kind,
            ModifyKind::Data(_)
                | ModifyKind::Name(_)
                | ModifyKind::Any
                // How a polling watcher sees a write.
                | ModifyKind::Metadata(MetadataKind::WriteTime)
        ),
        EventKind::Access(_) | EventKind::Remove(_) | EventKind::Any | EventKind::Other => false,
    };
    changes
        && event
            .paths
            .iter()
            .any(|p| !in_target(p) && same_file(p, file))
}

fn in_target(path: &Path) -> bool {
    path.components()
        .any(|c| c == Component::Normal("target".as_ref()))
}

fn same_file(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| PathBuf::from(p));
    a.file_name() == b.file_name() && canonical(a) == canonical(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{AccessKind, AccessMode, CreateKind, DataChange, RenameMode};

    fn event(kind: EventKind, path: &str) -> notify::Event {
        notify::Event::new(kind).add_path(PathBuf::from(path))
    }

    #[test]
    fn only_writes_creates_and_renames_of_the_file_are_saves() {
        let file = Path::new("/course/exercises/02_id-echo.rs");
        let saves = [
            EventKind::Modify(ModifyKind::Data(DataChange::Content)),
            EventKind::Modify(ModifyKind::Name(RenameMode::To)),
            EventKind::Create(CreateKind::File),
            EventKind::Modify(ModifyKind::Metadata(MetadataKind::WriteTime)),
        ];
        for kind in saves {
            assert!(
                is_save(&event(kind, "/course/exercises/02_id-echo.rs"), file),
                "{kind:?}"
            );
            assert!(
                !is_save(&event(kind, "/course/exercises/Cargo.toml"), file),
                "{kind:?}"
            );
            assert!(
                !is_save(&event(kind, "/course/target/exercises/02_id-echo.rs"), file),
                "{kind:?}"
            );
        }
        let not_saves = [
            EventKind::Access(AccessKind::Open(AccessMode::Any)),
            EventKind::Access(AccessKind::Close(AccessMode::Read)),
            EventKind::Access(AccessKind::Close(AccessMode::Write)),
            EventKind::Modify(ModifyKind::Metadata(MetadataKind::AccessTime)),
            EventKind::Remove(notify::event::RemoveKind::File),
        ];
        for kind in not_saves {
            assert!(
                !is_save(&event(kind, "/course/exercises/02_id-echo.rs"), file),
                "{kind:?}"
            );
        }
    }
}
