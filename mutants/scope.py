#!/usr/bin/env python3
"""Which mutants of one reference solution mutants/run tests.

Usage: scope.py REPO EXERCISE TREE TARGET_FILE SCOPE_JSON

Prints the arguments to add to `cargo mutants` (one per line, none for the
whole solution) and writes SCOPE_JSON, which report.py turns into the
section's "Mutated:" line.

The scope of each lesson is set in mutants/scope.toml:
- "whole": every function of the solution;
- "learner": the code the learner writes. A function of the solution is
  the learner's unless the shipped exercise
  (lessons/<lesson>/exercises/NN_<id>.rs) gives it with a body that has no
  `todo!(`; so the functions the shipped copy leaves as `todo!()` are
  mutated, and so are helpers only the solution has (the learner writes
  those too, or inlines them). Functions are as cargo-mutants names them
  (`Type::method` inside an `impl`), found by cargo-mutants itself: it
  lists the shipped copy's functions with their lines, and the solution's
  mutants with the function each is in. The selection is passed as one
  `--re` of the exact mutant names.
"""

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path


def rust_escape(text):
    """Escapes the regex crate's meta characters (Python's re.escape also
    escapes spaces, which the regex crate refuses outside verbose mode)."""
    return re.sub(r"([\\.+*?()|\[\]{}^$#&\-~])", r"\\\1", text)


def cargo_mutants_json(args, cwd):
    output = subprocess.run(
        ["cargo", "mutants", *args, "--json"],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output)


def given_functions(shipped):
    """Functions the shipped exercise gives whole: their body has no todo!()."""
    lines = shipped.read_text().splitlines()
    spans = {}
    for mutant in cargo_mutants_json(["--Zmutate-file", str(shipped)], shipped.parent):
        function = mutant.get("function")
        if function:
            span = function["span"]
            spans[function["function_name"]] = (span["start"]["line"], span["end"]["line"])
    return {
        name
        for name, (start, end) in spans.items()
        if not any("todo!(" in line for line in lines[start - 1 : end])
    }


def main():
    repo, exercise, tree, target_file, scope_json = sys.argv[1:6]
    repo = Path(repo)
    shipped = list(repo.glob(f"lessons/*/exercises/[0-9][0-9]_{exercise}.rs"))
    if len(shipped) != 1:
        raise SystemExit(f"{exercise}: expected one shipped exercise, found {shipped}")
    shipped = shipped[0]
    # The lesson's id (its folder's name starts with its place: 03-mcp-client).
    lesson = tomllib.loads((shipped.parent.parent / "lesson.toml").read_text())["id"]
    scopes = tomllib.loads((repo / "mutants/scope.toml").read_text())["lesson"]
    scope = scopes.get(lesson)
    if scope not in ("whole", "learner"):
        raise SystemExit(f"mutants/scope.toml: lesson {lesson} has no scope (whole or learner)")
    record = {"scope": scope}
    arguments = []
    if scope == "learner":
        given = given_functions(shipped)
        listed = cargo_mutants_json(
            ["--list", "--in-place", "--dir", tree, "--workspace", "--file", target_file], tree
        )
        chosen = [
            m for m in listed if m.get("function") and m["function"]["function_name"] not in given
        ]
        if not chosen:
            raise SystemExit(f"{exercise}: no mutant is in a function the learner writes")
        names = [m["name"] for m in chosen]
        arguments = ["--re", "^(?:" + "|".join(rust_escape(n) for n in names) + ")$"]
        record |= {
            "functions": sorted({m["function"]["function_name"] for m in chosen}),
            "mutants": len(chosen),
            "all_mutants": len(listed),
        }
    Path(scope_json).write_text(json.dumps(record, indent=1) + "\n")
    print("\n".join(arguments))


if __name__ == "__main__":
    main()
