#!/usr/bin/env python3
"""The python-bidi peer for Scripts/bench: get_display() on every line of FILE (UBA only, as
python-bidi does no shaping); output to stdout."""
import sys

from bidi import get_display

with open(sys.argv[1], encoding="utf-8", errors="replace") as lines:
    out = sys.stdout
    for line in lines:
        out.write(get_display(line.rstrip("\n")))
        out.write("\n")
