//! The stamp must never let a changed input through: each test changes one
//! thing a build reads and counts the cargo runs. Cargo is a small script
//! that "builds" by copying the source and logs each run.

use super::stamp::{self, FileState, Stamp};
use super::{BuildOutput, Built, build_with};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Writes the program and a dep-info file the way cargo does. Switches,
/// as files in the project: `fail` (a compile error), `warn` (a warning),
/// `edit-during-build` (the learner saves while cargo runs).
const FAKE_CARGO: &str = r#"#!/bin/sh
echo run >> "$PWD/cargo-runs.log"
bin=""; target=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift ;;
    --target-dir) target="$2"; shift ;;
  esac
  shift
done
if [ -f "$PWD/fail" ]; then echo "error[E0308]: mismatched types" >&2; exit 101; fi
mkdir -p "$target/debug"
deps="$PWD/exercises/$bin.rs $PWD/harness/src/lib.rs"
if [ -f "$PWD/exercises/helper.rs" ]; then deps="$deps $PWD/exercises/helper.rs"; fi
cat $deps > "$target/debug/$bin"
printf '%s: %s\n' "$target/debug/$bin" "$deps" > "$target/debug/$bin.d"
if [ -f "$PWD/warn" ]; then echo "warning: unused import" >&2; fi
if [ -f "$PWD/edit-during-build" ]; then echo "// saved mid-build" >> "$PWD/exercises/$bin.rs"; fi
exit 0
"#;

struct Course {
    _dir: tempfile::TempDir,
    root: PathBuf,
    cargo: PathBuf,
}

impl Course {
    fn new() -> Course {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().join("course");
        let files = [
            (
                "Cargo.toml",
                "[workspace]\nmembers = [\"harness\", \"exercises\"]\n",
            ),
            ("Cargo.lock", "version = 4\n"),
            (
                "exercises/Cargo.toml",
                "[package]\nname = \"learn-exercises\"\n\n[[bin]]\nname = \"demo\"\npath = \"demo.rs\"\n",
            ),
            ("exercises/demo.rs", "fn main() { println!(\"one\"); }\n"),
            ("harness/Cargo.toml", "[package]\nname = \"mcp-harness\"\n"),
            ("harness/src/lib.rs", "pub fn serve() {}\n"),
        ];
        for (name, text) in files {
            let path = root.join(name);
            fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            fs::write(path, text).expect("write");
        }
        let cargo = dir.path().join("fake-cargo");
        fs::write(&cargo, FAKE_CARGO).expect("write cargo");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        Course {
            _dir: dir,
            root,
            cargo,
        }
    }

    fn target(&self) -> PathBuf {
        self.root.join("target").join("exercises")
    }

    /// Builds `demo`; true if it was built (rather than failed).
    fn build(&self) -> bool {
        self.build_into(&self.target())
    }

    fn build_into(&self, target: &Path) -> bool {
        for _ in 0..100 {
            match build_with(
                self.cargo.as_os_str(),
                &self.root,
                target,
                "demo",
                BuildOutput::Captured,
            ) {
                Ok(built) => return matches!(built, Built::Program(_)),
                // A script just written can be briefly busy while another
                // test thread forks (ETXTBSY); the script did not run.
                Err(e) if format!("{e:?}").contains("busy") => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(e) => panic!("cargo did not start: {e:?}"),
            }
        }
        panic!("the fake cargo stayed busy")
    }

    fn cargo_runs(&self) -> usize {
        fs::read_to_string(self.root.join("cargo-runs.log")).map_or(0, |t| t.lines().count())
    }

    fn path(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    fn switch(&self, name: &str, on: bool) {
        if on {
            fs::write(self.path(name), "").expect("switch on");
        } else {
            let _ = fs::remove_file(self.path(name));
        }
    }

    /// Built once and then found fresh: the starting point of most tests.
    fn built_and_stamped(self) -> Course {
        assert!(self.build());
        assert!(self.build());
        assert_eq!(self.cargo_runs(), 1, "the second build must skip cargo");
        self
    }
}

fn set_modified(path: &Path, time: SystemTime) {
    fs::File::options()
        .write(true)
        .open(path)
        .expect("open")
        .set_modified(time)
        .expect("set mtime");
}

fn modified(path: &Path) -> SystemTime {
    fs::metadata(path).expect("stat").modified().expect("mtime")
}

#[cfg(unix)]
#[test]
fn nothing_changed_means_no_cargo() {
    let course = Course::new().built_and_stamped();
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 1);
}

#[cfg(unix)]
#[test]
fn every_input_change_runs_cargo_again() {
    let course = Course::new().built_and_stamped();
    let edits = [
        "exercises/demo.rs",
        "harness/src/lib.rs",
        "exercises/Cargo.toml",
        "harness/Cargo.toml",
        "Cargo.lock",
        "Cargo.toml",
    ];
    for (i, name) in edits.iter().enumerate() {
        let path = course.path(name);
        let mut text = fs::read_to_string(&path).expect("read");
        text.push_str("\n# edited\n");
        fs::write(&path, text).expect("write");
        assert!(course.build());
        assert_eq!(course.cargo_runs(), i + 2, "editing {name} must rebuild");
        assert!(course.build());
        assert_eq!(course.cargo_runs(), i + 2, "and then be fresh again");
    }
}

#[cfg(unix)]
#[test]
fn a_new_cargo_config_or_toolchain_file_runs_cargo_again() {
    let course = Course::new().built_and_stamped();
    fs::create_dir_all(course.path(".cargo")).expect("mkdir");
    fs::write(course.path(".cargo/config.toml"), "[build]\n").expect("write");
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 2);
    fs::write(course.path("rust-toolchain.toml"), "[toolchain]\n").expect("write");
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 3);
}

#[cfg(unix)]
#[test]
fn same_size_same_time_but_new_content_runs_cargo_again() {
    let course = Course::new().built_and_stamped();
    let path = course.path("exercises/demo.rs");
    let time = modified(&path);
    fs::write(&path, "fn main() { println!(\"two\"); }\n").expect("write");
    set_modified(&path, time);
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 2, "the content hash must catch it");
}

#[cfg(unix)]
#[test]
fn a_touched_file_runs_cargo_again_as_cargo_would() {
    let course = Course::new().built_and_stamped();
    let path = course.path("exercises/demo.rs");
    set_modified(&path, modified(&path) + Duration::from_secs(5));
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 2);
}

#[cfg(unix)]
#[test]
fn a_module_the_exercise_pulls_in_is_watched_too() {
    let course = Course::new();
    fs::write(course.path("exercises/helper.rs"), "pub fn h() {}\n").expect("write");
    // The first build learns of the module from cargo only afterwards, so
    // it is not stamped; the second is.
    assert!(course.build());
    assert!(course.build());
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 2);
    fs::write(course.path("exercises/helper.rs"), "pub fn h() { }\n").expect("write");
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 3);
}

#[cfg(unix)]
#[test]
fn a_missing_or_replaced_program_runs_cargo_again() {
    let course = Course::new().built_and_stamped();
    let program = course.target().join("debug").join("demo");
    fs::remove_file(&program).expect("remove");
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 2);
    fs::write(&program, "something else").expect("write");
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 3);
}

#[cfg(unix)]
#[test]
fn a_failed_build_is_never_stamped() {
    let course = Course::new().built_and_stamped();
    course.switch("fail", true);
    fs::write(
        course.path("exercises/demo.rs"),
        "fn main() { let x: u8 = \"\"; }\n",
    )
    .expect("write");
    assert!(!course.build());
    assert!(!course.build());
    assert_eq!(
        course.cargo_runs(),
        3,
        "each check of broken code asks cargo"
    );
    course.switch("fail", false);
    assert!(course.build());
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 4);
}

#[cfg(unix)]
#[test]
fn a_build_with_warnings_is_not_stamped_so_they_show_again() {
    let course = Course::new();
    course.switch("warn", true);
    assert!(course.build());
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 2);
}

#[cfg(unix)]
#[test]
fn a_save_during_the_build_is_not_stamped_as_built() {
    let course = Course::new();
    course.switch("edit-during-build", true);
    assert!(course.build());
    course.switch("edit-during-build", false);
    assert!(course.build());
    assert_eq!(
        course.cargo_runs(),
        2,
        "the program predates the save, so cargo must run again"
    );
    assert!(course.build());
    assert_eq!(course.cargo_runs(), 2);
}

#[cfg(unix)]
#[test]
fn a_shared_target_folder_never_lends_one_projects_stamp_to_another() {
    let first = Course::new().built_and_stamped();
    let second = Course::new();
    assert!(second.build_into(&first.target()));
    assert_eq!(
        second.cargo_runs(),
        1,
        "the stamp beside the program is the first project's"
    );
    assert!(first.build());
    assert_eq!(first.cargo_runs(), 2, "the program is the second's now");
}

#[test]
fn dep_info_lists_every_file_with_escaped_spaces() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().join("x.d");
    fs::write(
        &d,
        "/t/debug/x: /c/exercises/../solutions/a\\ b.rs /c/harness/src/lib.rs\n\n/c/harness/src/lib.rs:\n",
    )
    .expect("write");
    assert_eq!(
        stamp::dep_info_files(&d),
        [
            PathBuf::from("/c/solutions/a b.rs"),
            PathBuf::from("/c/harness/src/lib.rs")
        ]
    );
    assert!(stamp::dep_info_files(&dir.path().join("missing.d")).is_empty());
}

#[test]
fn the_manifest_names_each_bins_source() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(
        dir.path().join("Cargo.toml"),
        "[[bin]]\nname = \"a\"\npath = \"01_a.rs\"\n\n[[bin]]\nname = \"a-solution\"\npath = \"../solutions/01_a.rs\"\n",
    )
    .expect("write");
    assert_eq!(
        stamp::bin_source(dir.path(), "a-solution"),
        Some(
            dir.path()
                .parent()
                .expect("parent")
                .join("solutions/01_a.rs")
        )
    );
    assert_eq!(stamp::bin_source(dir.path(), "b"), None);
}

#[test]
fn cargo_settings_in_the_environment_are_part_of_the_stamp() {
    let none = |_: &str| None;
    let base = stamp::env_hash(none, std::iter::empty());
    let profile = stamp::env_hash(
        |name: &str| (name == "CARGO_PROFILE_DEV_OPT_LEVEL").then(|| "3".into()),
        std::iter::once("CARGO_PROFILE_DEV_OPT_LEVEL".into()),
    );
    let flags = stamp::env_hash(
        |name: &str| (name == "RUSTFLAGS").then(|| "-Cdebuginfo=0".into()),
        std::iter::empty(),
    );
    let unrelated = stamp::env_hash(none, std::iter::once("EDITOR".into()));
    assert_ne!(base, profile);
    assert_ne!(base, flags);
    assert_eq!(base, unrelated);
}

#[test]
fn a_damaged_stamp_vouches_for_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let program = dir.path().join("demo");
    fs::write(&program, "built").expect("write");
    let stamp = Stamp::new(dir.path(), "demo", &program);
    let path = dir.path().join("demo.learn-stamp");
    for text in [
        "",
        "learn-stamp 2\n",
        "learn-stamp 2\nroot /\nenv x\n",
        "learn-stamp 1\nenv 1\nprogram 1 1\nabsent /x\n",
        "garbage",
    ] {
        fs::write(&path, text).expect("write");
        assert!(stamp::read(&path).is_none(), "{text:?}");
        assert!(!stamp.is_fresh());
    }
    assert_eq!(
        stamp::file_state(&dir.path().join("missing")),
        FileState::Absent
    );
}

#[cfg(unix)]
#[test]
fn a_rustup_default_or_update_runs_cargo_again() {
    let course = Course::new();
    let rustup = course.path("rustup-home");
    fs::create_dir_all(rustup.join("update-hashes")).expect("mkdir");
    fs::write(
        rustup.join("settings.toml"),
        "default_toolchain = \"stable\"\n",
    )
    .expect("write");
    let channel = rustup
        .join("update-hashes")
        .join("stable-x86_64-unknown-linux-gnu");
    fs::write(&channel, "aaaa\n").expect("write");
    let program = course.target().join("debug").join("demo");
    let stamp = Stamp::new(&course.root, "demo", &program).with_rustup_home(&rustup);
    let build = |stamp: &Stamp| {
        let before = stamp.before_build();
        fs::create_dir_all(program.parent().expect("parent")).expect("mkdir");
        fs::write(&program, "built").expect("write program");
        assert!(
            stamp.after_build(&before),
            "an undisturbed build is stamped"
        );
        assert!(stamp.is_fresh());
    };
    assert_eq!(
        stamp::rustup_files(&rustup),
        [rustup.join("settings.toml"), channel.clone()]
    );
    build(&stamp);
    fs::write(
        rustup.join("settings.toml"),
        "default_toolchain = \"beta\"\n",
    )
    .expect("write");
    assert!(!stamp.is_fresh(), "`rustup default beta` must rebuild");
    build(&stamp);
    fs::write(&channel, "bbbb\n").expect("write");
    assert!(!stamp.is_fresh(), "`rustup update` must rebuild");
    build(&stamp);
    fs::remove_file(rustup.join("settings.toml")).expect("remove");
    assert!(!stamp.is_fresh(), "a removed settings file must rebuild");
}
