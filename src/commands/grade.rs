//! `learn grade`: grade a class's submissions with this course (the grader's
//! lessons, harness and scenarios) and print or write the report.

mod request;

pub use request::{Format, GradeRequest};

use super::{Ctx, Status};
use crate::check::random_seed;
use crate::content::Lang;
use crate::grade::build::Isolation;
use crate::grade::hidden::add_hidden_scenarios;
use crate::grade::merge;
use crate::grade::model::{Gradebook, Timing};
use crate::grade::progress::Bar;
use crate::grade::report::Report;
use crate::grade::submission::{Submission, collect};
use crate::grade::{GradeOptions, grade_class};
use crate::render::grade::{csv, gradescope, html, json, junit, report, text, transcript};
use crate::runner::sandbox::{self, Unavailable};
use anyhow::{Context, Result, bail};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub fn run(ctx: &mut Ctx, args: GradeRequest) -> Result<Status> {
    let lang = ctx.lang;
    if args.clean {
        return clean(ctx, lang);
    }
    if args.merge {
        return merge(&args, lang);
    }
    // Every sandbox binds folders of the course by path; a relative one
    // (`--root course`) would name nothing there and fail every compile.
    ctx.project.root = std::fs::canonicalize(&ctx.project.root).with_context(|| {
        format!(
            "cannot find the course folder {}",
            ctx.project.root.display()
        )
    })?;
    let submissions = submissions_to_grade(&args)?;
    // Checked before grading, which can take long.
    let destinations = destinations(
        &args.formats,
        args.out.as_deref(),
        submissions.len(),
        "grades",
    )?;
    let mut hidden = BTreeSet::new();
    if let Some(dir) = &args.scenarios {
        hidden = add_hidden_scenarios(&mut ctx.course, dir)?;
        let added = hidden.len();
        errln!(
            "{}",
            crate::words::of(lang).hidden_added(added, &dir.display().to_string())
        );
    }
    // `--show` needs its one exercise graded, no other.
    let only: Vec<String> = match &args.show {
        Some((_, exercise)) => vec![exercise.clone()],
        None => args.exercises.clone(),
    };
    keep_only(ctx, &only)?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    errln!(
        "{}",
        crate::words::of(lang).grading(submissions.len(), seed, jobs)
    );
    let isolation = isolation(args.unsandboxed, lang)?;
    let options = GradeOptions {
        seed,
        jobs,
        timeout: args.timeout,
        build_limit: args.build_limit,
        memory_limit: args.memory_limit,
        quiz: args.quiz.clone(),
        unclear_reply: Box::new(move |unclear| crate::render::quiz::unclear(unclear, lang)),
        isolation,
        hidden_dir: args.scenarios.clone(),
        hidden,
        reveal_hidden: args.reveal_hidden,
        student_budget: args.student_budget,
        cache_limit: args.cache_limit,
    };
    let book = grade_class(
        &ctx.project,
        &ctx.course,
        &submissions,
        &options,
        &Bar::for_stderr(),
    )?;
    print_timing(book.timing, lang);
    if let Some((student, exercise)) = &args.show {
        return show(&book, student, exercise, args.out.as_deref(), lang);
    }
    let report = report::build(&book, lang);
    write_all(&report, &destinations, lang)?;
    Ok(if report.all_full_marks() {
        Status::Success
    } else {
        Status::Failed
    })
}

/// Leaves the course only the exercises named (by id or number), when any
/// are; a name that is no exercise is an error, before anything is graded.
fn keep_only(ctx: &mut Ctx, names: &[String]) -> Result<()> {
    if names.is_empty() {
        return Ok(());
    }
    let ids = names
        .iter()
        .map(|name| ctx.exercise(name).map(|e| e.id.clone()))
        .collect::<Result<BTreeSet<String>>>()?;
    for lesson in &mut ctx.course.lessons {
        lesson.exercises.retain(|e| ids.contains(&e.id));
    }
    Ok(())
}

/// The submissions named, only the one `--show` names when it does; and
/// `--quiz` checked to name a file inside each.
fn submissions_to_grade(args: &GradeRequest) -> Result<Vec<Submission>> {
    let mut submissions = collect(&args.submissions)?;
    if let Some((student, _)) = &args.show {
        // Only that student is graded.
        let names: Vec<String> = submissions.iter().map(|s| s.name.clone()).collect();
        submissions.retain(|s| &s.name == student);
        if submissions.is_empty() {
            bail!(
                "--show: no submission is named {student}; the names are: {}",
                names.join(", ")
            );
        }
    }
    if let Some(file) = &args.quiz
        && (file.is_absolute() || file.components().any(|c| c.as_os_str() == ".."))
    {
        bail!(
            "--quiz names the answers file inside each submission, e.g. `--quiz quiz-answers.toml`; {} is not such a path",
            file.display()
        );
    }
    Ok(submissions)
}

/// How long building and checking took, and any program whose sandbox
/// could not be made (the grader's setup, said loudly).
fn print_timing(t: Timing, lang: Lang) {
    let w = crate::words::of(lang);
    errln!(
        "{}",
        w.built_and_checked(t.programs, t.build_seconds, t.checked, t.check_seconds)
    );
    if t.sandbox_failures > 0 {
        errln!("{}", w.sandbox_failures(t.sandbox_failures));
    }
}

/// `--show STUDENT EXERCISE`: that exercise's full transcript.
fn show(
    book: &Gradebook,
    student: &str,
    exercise: &str,
    out: Option<&Path>,
    lang: Lang,
) -> Result<Status> {
    let graded = &book.submissions[0];
    let Some(found) = graded
        .exercises
        .iter()
        .find(|e| e.id == exercise || e.number.to_string() == exercise)
    else {
        bail!("--show: there is no exercise {exercise} (give its id or number)");
    };
    emit(out, &transcript::render(book, found, student, lang))?;
    Ok(if found.passed() {
        Status::Success
    } else {
        Status::Failed
    })
}

/// `--merge`: JSON reports in, one class report out, in any format.
fn merge(args: &GradeRequest, lang: Lang) -> Result<Status> {
    let mut reports = Vec::new();
    for path in &args.submissions {
        reports.push((path.clone(), merge::read(path)?));
    }
    let merged = merge::merge(reports)?;
    let destinations = destinations(
        &args.formats,
        args.out.as_deref(),
        merged.submissions.len(),
        "class",
    )?;
    write_all(&merged, &destinations, lang)?;
    Ok(if merged.all_full_marks() {
        Status::Success
    } else {
        Status::Failed
    })
}

/// Where a format's report goes.
enum Destination {
    Stdout,
    File(PathBuf),
    /// Gradescope's: one `<name>.json` per submission.
    Folder(PathBuf),
}

/// Each format (once, in the order given) with where it goes: stdout or
/// `--out` for one format; a file each in the `--out` folder for several.
fn destinations(
    formats: &[Format],
    out: Option<&Path>,
    submissions: usize,
    base: &str,
) -> Result<Vec<(Format, Destination)>> {
    let mut unique: Vec<Format> = Vec::new();
    for format in formats {
        if !unique.contains(format) {
            unique.push(*format);
        }
    }
    if let [format] = unique[..] {
        let destination = match (format, out) {
            (Format::Gradescope, None) if submissions > 1 => bail!(
                "Gradescope reads one student's results.json: grade one submission, or give --out <folder> to write one <name>.json per submission"
            ),
            (Format::Gradescope, Some(dir)) if submissions > 1 => {
                Destination::Folder(dir.to_path_buf())
            }
            (_, Some(file)) => Destination::File(file.to_path_buf()),
            (_, None) => Destination::Stdout,
        };
        return Ok(vec![(format, destination)]);
    }
    let Some(dir) = out else {
        bail!(
            "several formats are written as files into one folder: give --out <folder> (with one format, leave out --out to print it)"
        );
    };
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the folder {}", dir.display()))?;
    Ok(unique
        .into_iter()
        .map(|format| {
            let extension = match format {
                Format::Gradescope => {
                    return (format, Destination::Folder(dir.join("gradescope")));
                }
                Format::Text => "txt",
                Format::Json => "json",
                Format::Junit => "xml",
                Format::Csv => "csv",
                Format::Html => "html",
            };
            let file = dir.join(format!("{base}.{extension}"));
            (format, Destination::File(file))
        })
        .collect())
}

/// Renders the report in each format and writes it where it goes.
fn write_all(report: &Report, destinations: &[(Format, Destination)], lang: Lang) -> Result<()> {
    let mut unwritten: Option<anyhow::Error> = None;
    for (format, destination) in destinations {
        let text = match format {
            Format::Gradescope => {
                if let Destination::Folder(dir) = destination {
                    // The other formats are still written; the error ends
                    // the grading (exit 2) after them.
                    if let Err(error) = gradescope_files(report, dir, lang) {
                        unwritten.get_or_insert(error);
                    }
                    continue;
                }
                let Some(submission) = report.submissions.first() else {
                    bail!("there is no submission to write Gradescope's results for");
                };
                let results = gradescope::render(report, submission, lang);
                format!("{}\n", serde_json::to_string_pretty(&results)?)
            }
            Format::Text => text::render(report, lang),
            Format::Json => json::render(report)?,
            Format::Junit => junit::render(report),
            Format::Csv => csv::render(report, lang),
            Format::Html => html::render(report, lang),
        };
        match destination {
            Destination::Stdout => emit(None, &text)?,
            Destination::File(file) | Destination::Folder(file) => emit(Some(file), &text)?,
        }
    }
    unwritten.map_or(Ok(()), Err)
}

/// Gradescope's `results.json` of each submission, as `<name>.json` in `dir`.
fn gradescope_files(report: &Report, dir: &Path, lang: Lang) -> Result<()> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the folder {}", dir.display()))?;
    // One file that cannot be written (a full disk, a name in the way)
    // costs no later student theirs: every failure is told at the end.
    let mut failed = Vec::new();
    for submission in &report.submissions {
        let file = dir.join(format!("{}.json", file_name(&submission.name)));
        let results = gradescope::render(report, submission, lang);
        let written = serde_json::to_string_pretty(&results)
            .map_err(anyhow::Error::from)
            .and_then(|json| emit(Some(&file), &format!("{json}\n")));
        if let Err(error) = written {
            errln!("{error:#}");
            failed.push(file.display().to_string());
        }
    }
    if !failed.is_empty() {
        bail!(
            "{} of {} Gradescope files could not be written: {}",
            failed.len(),
            report.submissions.len(),
            failed.join(", ")
        );
    }
    errln!(
        "{} {}",
        crate::words::of(lang).gradescope_written(),
        dir.display()
    );
    Ok(())
}

/// `--clean`: frees what grading keeps under `target/grade`.
fn clean(ctx: &Ctx, lang: Lang) -> Result<Status> {
    let dir = ctx.project.root.join("target").join("grade");
    let _lock = crate::grade::integrity::lock(&dir)?;
    let mut freed = 0u64;
    for entry in std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .flatten()
    {
        if entry.file_name() == "grading.lock" {
            continue;
        }
        freed += size(&entry.path());
        let path = entry.path();
        let removed = if path.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        removed.with_context(|| format!("cannot delete {}", path.display()))?;
    }
    errln!(
        "{}",
        crate::words::of(lang).deleted(&dir.display().to_string(), freed >> 20)
    );
    Ok(Status::Success)
}

fn size(path: &Path) -> u64 {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => std::fs::read_dir(path)
            .map(|r| r.flatten().map(|e| size(&e.path())).sum())
            .unwrap_or(0),
        Ok(meta) => meta.len(),
        Err(_) => 0,
    }
}

fn emit(out: Option<&Path>, text: &str) -> Result<()> {
    match out {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
        }
        None => {
            out!("{text}")?;
            Ok(())
        }
    }
}

/// A submission name as a file name, one to one: ASCII letters, digits
/// and `-` stay, every other byte becomes `_` and two hex digits, so no two
/// names (`jo hn` and `jo_hn`, `Zoë` and `Zoé`) share a file. A long one
/// (each `é` takes six characters) keeps its start and ends with a hash of
/// the whole name, so it fits the 255 bytes a file name may have.
pub fn file_name(name: &str) -> String {
    /// Room for `.json` within 255 bytes, with a margin.
    const MAX: usize = 200;
    let mut out = String::new();
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || byte == b'-' {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("_{byte:02x}"));
        }
    }
    if out.len() > MAX {
        // `out` is ASCII, so any byte index is a character boundary. A
        // name's own `.` is escaped, so no name kept whole ends like this.
        let hash = crate::grade::hash::sha256_hex(name.as_bytes());
        out.truncate(MAX - 17);
        out.push('.');
        out.push_str(&hash[..16]);
    }
    out
}

/// Sandboxed when bubblewrap works here; otherwise only with `--unsandboxed`,
/// and loudly.
fn isolation(unsandboxed: bool, lang: Lang) -> Result<Isolation> {
    match (sandbox::tools(), unsandboxed) {
        (Ok(_), false) => Ok(Isolation::Sandboxed),
        (Err(why), false) => bail!(
            "{}: {why}\n{}",
            crate::words::of(lang).no_sandbox(),
            match why {
                // bubblewrap is there and the machine refused it: installing
                // it again would change nothing.
                Unavailable::Refused { .. } | Unavailable::Other(_) =>
                    crate::words::of(lang).grant_or_unsandboxed(),
                Unavailable::Missing { .. } | Unavailable::NotLinux =>
                    crate::words::of(lang).install_or_unsandboxed(),
            }
        ),
        (_, true) => {
            errln!("{}", crate::words::of(lang).unsandboxed_warning());
            Ok(Isolation::None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{file_name, gradescope_files};
    use crate::content::Lang;
    use crate::grade::report::{Report, SubmissionReport};

    fn student(name: &str) -> SubmissionReport {
        SubmissionReport {
            name: name.into(),
            commit: None,
            over_memory_limit: false,
            score: 0,
            max_score: 0,
            exercises: Vec::new(),
            quiz: None,
        }
    }

    /// Issue 36, item 9: one student's file that cannot be written (here a
    /// folder is in its place) loses no later student's file, and the
    /// grading still ends in an error that names it.
    #[test]
    fn a_file_that_cannot_be_written_loses_no_later_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("bob.json")).expect("in bob's way");
        let report = Report {
            seed: Some(1),
            seeds: None,
            scoring: String::new(),
            sandboxed: true,
            grader: Vec::new(),
            submissions: ["alice", "bob", "carol"].map(student).to_vec(),
        };
        let error = gradescope_files(&report, dir.path(), Lang::En).expect_err("bob's fails");
        assert!(format!("{error:#}").contains("bob.json"), "{error:#}");
        assert!(dir.path().join("alice.json").is_file());
        assert!(
            dir.path().join("carol.json").is_file(),
            "carol's file is written"
        );
    }

    #[test]
    fn file_names_never_collide() {
        let names = ["jo hn", "jo_hn", "Zoë", "Zoé", "a/b", "a_2fb", ".", ".."];
        let files: std::collections::BTreeSet<String> =
            names.iter().map(|n| file_name(n)).collect();
        assert_eq!(files.len(), names.len(), "{files:?}");
        assert_eq!(file_name("alice-2"), "alice-2");
        assert!(
            files
                .iter()
                .all(|f| !f.contains('/') && !f.starts_with('.'))
        );
    }

    /// Issue 36, item 9: 252 characters, or 86 × 'é' (6 characters each as
    /// `_c3_a9`), made a name the file system refused (255 bytes at most).
    #[test]
    fn long_names_fit_a_file_name_and_stay_apart() {
        let names = [
            "a".repeat(252),
            format!("{}b", "a".repeat(251)),
            "é".repeat(86),
            format!("{}è", "é".repeat(85)),
        ];
        let files: std::collections::BTreeSet<String> =
            names.iter().map(|n| file_name(n)).collect();
        assert_eq!(files.len(), names.len(), "{files:?}");
        for file in &files {
            assert!(format!("{file}.json").len() <= 255, "{file}");
        }
    }
}
