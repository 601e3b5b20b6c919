#!/usr/bin/env python3
"""Writes mutants/report.md from cargo-mutants' outcomes, one folder per exercise.

Usage: report.py OUT_DIR MUTANTS_DIR

OUT_DIR/<exercise>/mutants.out/outcomes.json are read for the exercises run
this time; exercises not run keep their section of the previous report
(MUTANTS_DIR/report.md, between the `<!-- exercise: id -->` markers).
MUTANTS_DIR/survivors.toml explains survivors. Exit status 1 when an
exercise kills under 90% of its viable mutants or a survivor is unexplained.
"""

import json
import re
import sys
import tomllib
from pathlib import Path

THRESHOLD = 0.90


def mutant_name(outcome):
    """`file: description` without line numbers, stable across edits."""
    mutant = outcome["scenario"]["Mutant"]
    name = mutant.get("name") or ""
    # cargo-mutants names read `file:line:col: replace ... in fn`.
    name = re.sub(r"^[^:]+:\d+:\d+: ", "", name)
    return f"{mutant['file']}: {name}", mutant["span"]["start"]["line"]


def summarise(outcomes_path):
    data = json.loads(outcomes_path.read_text())
    counts = {"caught": 0, "missed": 0, "timeout": 0, "unviable": 0}
    survivors = []
    baseline_ok = True
    for outcome in data["outcomes"]:
        summary = outcome["summary"]
        if outcome["scenario"] == "Baseline":
            baseline_ok = summary == "Success"
            continue
        kind = {
            "CaughtMutant": "caught",
            "MissedMutant": "missed",
            "Timeout": "timeout",
            "Unviable": "unviable",
        }.get(summary)
        if kind is None:
            raise SystemExit(f"{outcomes_path}: unknown outcome {summary}")
        counts[kind] += 1
        if kind == "missed":
            survivors.append(mutant_name(outcome))
    return counts, sorted(survivors, key=lambda s: (s[1], s[0])), baseline_ok


def scope_line(scope):
    """What was mutated, from the scope.json mutants/scope.py wrote."""
    if scope["scope"] == "whole":
        return "Mutated: every function of the solution."
    functions = ", ".join(f"`{f}`" for f in scope["functions"])
    return (
        f"Mutated: the code the learner writes, {scope['mutants']} of the solution's "
        f"{scope['all_mutants']} mutants, in {len(scope['functions'])} functions: {functions}."
    )


def section(exercise, counts, survivors, baseline_ok, reasons, scope):
    viable = counts["caught"] + counts["missed"] + counts["timeout"]
    killed = counts["caught"] + counts["timeout"]
    rate = killed / viable if viable else 1.0
    problems = []
    if not baseline_ok:
        problems.append(f"{exercise}: the unmutated solution failed its check")
    if rate < THRESHOLD:
        problems.append(f"{exercise}: {rate:.1%} of viable mutants killed, under 90%")
    lines = [
        f"<!-- exercise: {exercise} -->",
        f"### {exercise}",
        "",
        f"{viable} viable mutants, {killed} killed ({rate:.1%}: {counts['caught']} failed "
        f"a scenario, {counts['timeout']} timed out), {counts['missed']} survived; "
        f"{counts['unviable']} did not compile.",
        "",
        scope_line(scope),
        "",
    ]
    if survivors:
        lines += ["| survivor (line) | why it is harmless |", "| --- | --- |"]
        for name, line in survivors:
            reason = reasons.get(name)
            if reason is None:
                problems.append(f"{exercise}: survivor not explained: {name}")
                reason = "**not explained**"
            cell = name.replace("|", "\\|")
            lines.append(f"| `{cell}` ({line}) | {reason} |")
        lines.append("")
    lines.append(f"<!-- end: {exercise} -->")
    return "\n".join(lines), problems, (viable, killed, counts["missed"], counts["unviable"])


def previous_sections(report):
    if not report.exists():
        return {}
    text = report.read_text()
    found = re.findall(
        r"(<!-- exercise: (\S+) -->.*?<!-- end: \2 -->)", text, flags=re.S
    )
    return {exercise: body for body, exercise in found}


def main():
    out_dir, mutants_dir = Path(sys.argv[1]), Path(sys.argv[2])
    reasons = {}
    for entry in tomllib.loads((mutants_dir / "survivors.toml").read_text()).get("survivor", []):
        reasons[entry["mutant"]] = entry["why"]
    report = mutants_dir / "report.md"
    sections = previous_sections(report)
    problems = []
    for outcomes in sorted(out_dir.glob("*/mutants.out/outcomes.json")):
        exercise = outcomes.parent.parent.name
        counts, survivors, baseline_ok = summarise(outcomes)
        scope = json.loads((outcomes.parent.parent / "scope.json").read_text())
        body, found, _ = section(exercise, counts, survivors, baseline_ok, reasons, scope)
        sections[exercise] = body
        problems += found
    order = sorted(
        sections,
        key=lambda e: next(
            (p.name for p in (mutants_dir.parent / "solutions").glob(f"*_{e}.rs")), e
        ),
    )
    header = [
        "# Mutation testing of the scenarios",
        "",
        "Written by `mutants/run` (see mutants/README.md): cargo-mutants edits a",
        "reference solution one small change at a time, and `learn check <id> --solution`",
        "(seeds 1 and 2) must fail each change that compiles. Timeouts count as killed",
        "(the checker's own time limit failed the program). Survivors are explained in",
        "`mutants/survivors.toml`; the rule is at least 90% killed per exercise.",
        "",
        "Mutated: \"whole solution\" is every function of the reference solution;",
        "\"learner's code\" is the functions the shipped exercise leaves as `todo!()` and",
        "helpers only the solution has (mutants/scope.toml sets it per lesson).",
        "",
        "| exercise | mutated | viable | killed | rate | survived | did not compile |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for exercise in order:
        m = re.search(
            r"(\d+) viable mutants, (\d+) killed \(([\d.]+%).*?(\d+) survived; (\d+) did not",
            sections[exercise],
            flags=re.S,
        )
        if "Mutated: the code the learner writes" in sections[exercise]:
            mutated = "learner's code"
        elif "Mutated: every function" in sections[exercise]:
            mutated = "whole solution"
        else:
            mutated = "not recorded"
        if m:
            header.append(
                f"| {exercise} | {mutated} | {m[1]} | {m[2]} | {m[3]} | {m[4]} | {m[5]} |"
            )
    text = "\n".join(header) + "\n\n" + "\n\n".join(sections[e] for e in order) + "\n"
    report.write_text(text)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"wrote {report}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
