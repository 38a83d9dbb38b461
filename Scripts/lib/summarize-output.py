#!/usr/bin/env python3
"""Shows a short account of a build or a test run and keeps the whole output in a log.

    COMMAND 2>&1 | Scripts/lib/summarize-output.py build|test LOG

Everything read is written to LOG. On the terminal:
  build  the build's first and last lines, every warning and error;
  test   a line per suite, every line a test printed (the conformance counts, the measurements), every
         failing test in full, and the runner's final "Test run with N tests ..." line, last.
Swift Testing announces every test and every parameterized case with its whole argument (some are
megabytes); those announcements, the passing tests and the known issues stay in the log.
"""
import re
import sys

mode, log_path = sys.argv[1], sys.argv[2]
EVENT = ("◇", "✔", "✘", "━", "↳", "⚠", "􀟈", "􀢄", "􀙟")
# A multi-line event ends with one of these; until then its lines are its own.
COMPLETE = re.compile(
    r"( started\.| passed after [0-9.]+ seconds\.| passed after [0-9.]+ seconds with \d+ known issues?\."
    r"| failed after [0-9.]+ seconds with \d+ issues?\.( \(including \d+ known issues?\))?| skipped\.?.*)$"
)
XCTEST = re.compile(r"^(Test Suite '.*' (started|passed|failed) at |\t Executed \d+ tests?, )")


def out(line):
    sys.stdout.write(line)
    sys.stdout.flush()


with open(log_path, "w", encoding="utf-8", errors="surrogateescape") as log:
    if mode == "build":
        first = True
        last = None
        for line in sys.stdin:
            log.write(line)
            if first or re.search(r"\b(error|warning):", line) or re.match(r"Build (of product .* )?complete", line):
                out(line)
            first = False
        sys.exit(0)

    final = []
    record_shown = False  # whether the current event's continuation lines are shown
    record_open = False  # whether the current event is still going on over more lines
    for line in sys.stdin:
        log.write(line)
        text = line.rstrip("\n")
        if text.startswith(EVENT):
            body = text[1:].lstrip()
            record_open = not COMPLETE.search(text) and " recorded " not in body
            if body.startswith("Test run with "):
                final.append(line)
                record_shown = False
                continue
            failed = text.startswith("✘") or (text.startswith("⚠") and "issue" in body)
            suite = body.startswith("Suite ") and (" passed after " in body or " failed after " in body)
            record_shown = failed or suite
            if " recorded " in body:
                # An issue's message goes on over the lines that follow, up to the next event.
                record_open = True
            if record_shown:
                out(line)
            continue
        if record_open:
            if record_shown:
                out(line)
            if COMPLETE.search(text):
                record_open = False
            continue
        if XCTEST.match(text):
            continue
        # A line a test printed itself.
        out(line)
    for line in final:
        out(line)
