#!/usr/bin/env python3
"""Writes large translation files for Scripts/bench-strings by repeating the entries of the real
app translations in Tests/Fixtures/localization/real under new keys, until each file reaches the
size asked for. Keys get a " #N" suffix so every entry stays unique, as each format requires.

usage: gen-translations.py MEGABYTES OUTPUT-FOLDER
"""
import json
import os
import plistlib
import re
import sys

real = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Fixtures", "localization", "real")
megabytes, out = float(sys.argv[1]), sys.argv[2]
target = int(megabytes * 1_000_000)


def copies(unit_size):
    return max(1, target // max(1, unit_size))


def strings():
    lines = open(os.path.join(real, "wireguard-apple/fa.lproj/Localizable.strings"), encoding="utf-8").read().splitlines()
    entries = [line for line in lines if re.match(r'^"', line)]
    unit = "\n".join(entries) + "\n"
    os.makedirs(os.path.join(out, "fa.lproj"), exist_ok=True)
    with open(os.path.join(out, "fa.lproj", "Localizable.strings"), "w", encoding="utf-8") as f:
        for n in range(copies(len(unit.encode()))):
            f.write(re.sub(r'^"((?:[^"\\]|\\.)*)"', lambda m: f'"{m.group(1)} #{n}"', unit, flags=re.M))


def stringsdict():
    with open(os.path.join(real, "wikipedia-ios/ar.lproj/Localizable.stringsdict"), "rb") as f:
        entries = plistlib.load(f)
    unit = len(plistlib.dumps(entries))
    result = {}
    for n in range(copies(unit)):
        for key, value in entries.items():
            result[f"{key} #{n}"] = value
    os.makedirs(os.path.join(out, "ar.lproj"), exist_ok=True)
    with open(os.path.join(out, "ar.lproj", "Localizable.stringsdict"), "wb") as f:
        plistlib.dump(result, f)


def catalog():
    with open(os.path.join(real, "xcodes/Localizable.xcstrings"), encoding="utf-8") as f:
        document = json.load(f)
    unit = len(json.dumps(document["strings"], ensure_ascii=False, indent=2).encode())
    strings = {}
    for n in range(copies(unit)):
        for key, value in document["strings"].items():
            strings[f"{key} #{n}"] = value
    document["strings"] = strings
    with open(os.path.join(out, "Localizable.xcstrings"), "w", encoding="utf-8") as f:
        # Xcode's layout: two spaces, " : " between key and value.
        json.dump(document, f, ensure_ascii=False, indent=2, separators=(",", " : "))


def android():
    text = open(os.path.join(real, "thunderbird-android/res/values-ar/strings.xml"), encoding="utf-8").read()
    head, rest = text.split("<resources", 1)
    opening, body = rest.split(">", 1)
    body, _ = body.rsplit("</resources>", 1)
    os.makedirs(os.path.join(out, "values-ar"), exist_ok=True)
    with open(os.path.join(out, "values-ar", "strings.xml"), "w", encoding="utf-8") as f:
        f.write(head + "<resources" + opening + ">")
        for n in range(copies(len(body.encode()))):
            f.write(re.sub(r'(<(?:string|plurals|string-array) name=")([^"]*)"', lambda m: f'{m.group(1)}{m.group(2)}_{n}"', body))
        f.write("</resources>\n")


def gettext():
    text = open(os.path.join(real, "xz/po/ar.po"), encoding="utf-8").read()
    blocks = text.split("\n\n")
    header, entries = blocks[0], [b for b in blocks[1:] if "msgid" in b]
    unit = len("\n\n".join(entries).encode())
    with open(os.path.join(out, "ar.po"), "w", encoding="utf-8") as f:
        f.write(header + "\n")
        for n in range(copies(unit)):
            for entry in entries:
                # A context of its own makes each copy a different message.
                if "\nmsgctxt " in "\n" + entry:
                    entry = re.sub(r'^msgctxt "', f'msgctxt "#{n} ', entry, flags=re.M)
                else:
                    entry = re.sub(r'^(#~ )?msgid "', lambda m: f'{m.group(1) or ""}msgctxt "#{n}"\n{m.group(1) or ""}msgid "', entry, count=1, flags=re.M)
                f.write("\n" + entry.rstrip("\n") + "\n")


for make in (strings, stringsdict, catalog, android, gettext):
    make()
