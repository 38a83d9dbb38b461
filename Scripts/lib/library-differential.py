#!/usr/bin/env python3
"""Compares what two builds of bidi-fix write, each on its own libfribidi, on the same corpora.

    library-differential.py OLD-BIN OLD-DATA NEW-BIN NEW-DATA NEW-LIBDIR CORPUS...

OLD-BIN runs on the system's libfribidi, NEW-BIN with LD_LIBRARY_PATH=NEW-LIBDIR. OLD-DATA and
NEW-DATA are what Tests/Fixtures/fribidi/character-data.c wrote with each library: the code points
whose lines differ there are the characters whose Unicode data differs between the two. Each
corpus is split into the lines that hold such a character and the lines that do not; `isolate` and
`display` (no wrap, width 40, width 80) must write the same bytes for the second part with either
library, and for the first part the lines that differ are counted. Prints one line per command and
exits 1 when any output differs where no such character explains it.
"""
import os
import subprocess
import sys

COMMANDS = [
    ("isolate", ["isolate"]),
    ("display --no-wrap", ["display", "--terminal", "none", "--no-wrap"]),
    ("display --width 40", ["display", "--terminal", "none", "--width", "40"]),
    ("display --width 80", ["display", "--terminal", "none", "--width", "80"]),
]


def differing_code_points(old_path, new_path):
    with open(old_path, encoding="ascii") as old, open(new_path, encoding="ascii") as new:
        old_lines, new_lines = old.read().split("\n")[2:], new.read().split("\n")[2:]
    return {code_point for code_point, (a, b) in enumerate(zip(old_lines, new_lines)) if a != b}


def run(binary, arguments, data, library):
    environment = dict(os.environ)
    environment.pop("LD_LIBRARY_PATH", None)
    if library:
        environment["LD_LIBRARY_PATH"] = library
    return subprocess.run([binary, *arguments], input=data, stdout=subprocess.PIPE, check=True, env=environment).stdout


def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    old_binary, old_data, new_binary, new_data, library = sys.argv[1:6]
    corpora = sys.argv[6:]
    changed = differing_code_points(old_data, new_data)
    parts = {}
    for corpus in corpora:
        with open(corpus, "rb") as file:
            lines = file.read().splitlines(keepends=True)
        holding, others = [], []
        for line in lines:
            has = any(ord(c) in changed for c in line.decode("utf-8", "replace"))
            (holding if has else others).append(line)
        parts[os.path.basename(corpus)] = (b"".join(others), len(others), b"".join(holding), len(holding))
    failed = False
    for name, arguments in COMMANDS:
        reports = []
        for corpus, (others, other_count, holding, holding_count) in parts.items():
            old_out, new_out = run(old_binary, arguments, others, None), run(new_binary, arguments, others, library)
            if old_out != new_out:
                failed = True
                first = next(i for i, (a, b) in enumerate(zip(old_out.splitlines(), new_out.splitlines())) if a != b)
                reports.append(f"{corpus}: DIFFERS without such characters (output line {first + 1})")
                continue
            report = f"{corpus} {other_count} lines identical"
            if holding_count:
                old_out, new_out = run(old_binary, arguments, holding, None), run(new_binary, arguments, holding, library)
                if arguments[-1] in ("isolate", "--no-wrap"):
                    differ = sum(a != b for a, b in zip(old_out.splitlines(), new_out.splitlines()))
                    report += f", {holding_count} with such characters: {differ} differ"
                else:
                    report += f", {holding_count} with such characters: {'identical' if old_out == new_out else 'differ'}"
            reports.append(report)
        print(f"1.0.8 vs 1.0.16, {name}: " + "; ".join(reports))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
