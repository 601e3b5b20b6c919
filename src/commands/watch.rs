//! `learn watch`: re-check on every save, and move on when solved.

use super::check::{CheckArgs, run as check};
use super::{Ctx, Status};
use crate::check::Target;
use crate::content::text::tr;
use anyhow::{Context, Result};
use colored::Colorize;
use notify::{Config, PollWatcher, RecommendedWatcher, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// Editors save in bursts (write, rename, chmod): wait for the burst to end.
const SETTLE: Duration = Duration::from_millis(150);

pub fn run(ctx: &mut Ctx, timeout: f64) -> Result<Status> {
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
        let Some(exercise) = ctx.current_exercise() else {
            println!(
                "{}",
                tr(
                    lang,
                    "Every exercise is solved. Nothing left to watch!",
                    "所有练习都完成了，没有需要监视的了！"
                )
                .green()
                .bold()
            );
            return Ok(Status::Success);
        };
        let id = exercise.id.clone();
        let file = ctx.project.exercise_file(&exercise.file);
        let args = CheckArgs {
            id: Some(id.clone()),
            target: Target::Exercise,
            timeout,
            seed: None,
            json: false,
        };
        let status = check(ctx, &args)?;
        if status == Status::Success {
            if let Some(next) = ctx.current_exercise() {
                println!();
                print!("{}", super::next::exercise_brief(ctx, next)?);
            }
            continue;
        }
        println!(
            "{}",
            match lang {
                crate::content::Lang::En => format!(
                    "Watching {} · save to check again · Ctrl-C to stop",
                    ctx.shown_path(&file)
                ),
                crate::content::Lang::Zh => format!(
                    "正在监视 {} · 保存即重新检查 · Ctrl-C 退出",
                    ctx.shown_path(&file)
                ),
            }
            .dimmed()
        );
        wait_for_change(&rx, &file);
        println!("\n{}", "─".repeat(60).dimmed());
    }
}

fn wait_for_change(rx: &Receiver<notify::Result<notify::Event>>, file: &Path) {
    let touches = |event: &notify::Result<notify::Event>| {
        event
            .as_ref()
            .is_ok_and(|e| e.paths.iter().any(|p| same_file(p, file)))
    };
    while let Ok(event) = rx.recv() {
        if touches(&event) {
            while rx.recv_timeout(SETTLE).is_ok() {}
            return;
        }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| PathBuf::from(p));
    a.file_name() == b.file_name() && canonical(a) == canonical(b)
}
