#!/usr/bin/env python3
"""Writes Sources/BidiLocalizationCore/Files/LocaleDirectionData.swift from Unicode CLDR.

Which locales are written right to left, the way ICU decides it (the language's likely script,
unless the locale names a script), without linking ICU's data into bidi-fix. Reads Debian's
unicode-cldr-core (apt-get install unicode-cldr-core):

  common/properties/scriptMetadata.txt         which scripts are right to left
  common/supplemental/likelySubtags.xml        each language's likely script, per region too
  common/supplemental/supplementalMetadata.xml deprecated and overlong language codes

Run by hand when CLDR moves; the output is committed. LocaleDirectionTests checks the result
against ICU's own uloc_isRightToLeft (Debian's ICU and its copy of CLDR).

  Scripts/lib/gen-locale-direction.py [CLDR_DIRECTORY]
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

cldr = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/cldr"
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
output = os.path.join(root, "Sources", "BidiLocalizationCore", "Files", "LocaleDirectionData.swift")

version = "unknown"
for line in open(os.path.join(cldr, "common", "dtd", "ldml.dtd"), encoding="utf-8"):
    found = re.search(r'cldrVersion CDATA #FIXED "([0-9.]+)"', line)
    if found:
        version = found.group(1)
        break

rtl_scripts = set()
for line in open(os.path.join(cldr, "common", "properties", "scriptMetadata.txt"), encoding="utf-8"):
    line = line.split("#", 1)[0].strip()
    if not line:
        continue
    fields = [field.strip() for field in line.split(";")]
    if fields[6] == "YES":
        rtl_scripts.add(fields[0])

# ISO 15924 codes for variant forms of a script, which scriptMetadata.txt leaves out: written in the
# direction of the script they are a form of. (Nastaliq is how Urdu and Punjabi are printed; Apple
# and Foundation call `ur-Aran` right to left, ICU 72's uloc_isRightToLeft does not.)
variants = {"Aran": "Arab", "Syre": "Syrc", "Syrj": "Syrc", "Syrn": "Syrc"}
rtl_scripts |= {variant for variant, base in variants.items() if base in rtl_scripts}

# from → script: "ar" → "Arab", "pa_PK" → "Arab", "und_IR" → "Arab".
likely = {}
for element in ET.parse(os.path.join(cldr, "common", "supplemental", "likelySubtags.xml")).iter("likelySubtag"):
    source, target = element.get("from"), element.get("to")
    likely[source] = target.split("_")[1]


def is_subtag_language(code):
    return re.fullmatch(r"[a-z]{2,3}", code) is not None


def language_direction(language):
    script = likely.get(language)
    return script is not None and script in rtl_scripts


rtl_languages = sorted(
    code for code, script in likely.items() if is_subtag_language(code) and script in rtl_scripts)

# A language and region whose likely script differs in direction from the language's own.
regional = {}
for code, script in likely.items():
    parts = code.split("_")
    if len(parts) != 2 or not is_subtag_language(parts[0]) or not re.fullmatch(r"[A-Z]{2}|[0-9]{3}", parts[1]):
        continue
    rtl = script in rtl_scripts
    if rtl != language_direction(parts[0]):
        regional[code] = rtl

# Deprecated and overlong codes that name another language: kept where the answer changes.
aliases = {}
metadata = ET.parse(os.path.join(cldr, "common", "supplemental", "supplementalMetadata.xml"))
for element in metadata.iter("languageAlias"):
    alias, replacement = element.get("type"), element.get("replacement")
    if not is_subtag_language(alias) or not replacement:
        continue
    parts = replacement.split("_")
    target = parts[0]
    if not is_subtag_language(target):
        continue
    explicit_script = next((part for part in parts[1:] if re.fullmatch(r"[A-Z][a-z]{3}", part)), None)
    region = next((part for part in parts[1:] if re.fullmatch(r"[A-Z]{2}|[0-9]{3}", part)), None)
    if explicit_script is not None:
        rtl = explicit_script in rtl_scripts
    elif region is not None and f"{target}_{region}" in regional:
        rtl = regional[f"{target}_{region}"]
    else:
        rtl = language_direction(target)
    if explicit_script is None and region is None:
        # The replacement's language decides, for its regions too (`iw_IL` as `he_IL`).
        if rtl != language_direction(alias) or any(key.startswith(target + "_") for key in regional):
            aliases[alias] = target
    elif rtl and not language_direction(alias):
        # A replacement with a script or region of its own (`prs` → `fa_AF`): its answer alone.
        rtl_languages.append(alias)
rtl_languages = sorted(set(rtl_languages))


def wrapped(pieces, indent="    "):
    """Swift literal elements, as many to a line as fit in 110 columns, each with its comma."""
    lines, line = [], indent
    for piece in pieces:
        piece += ", "
        if len(line) + len(piece) > 110:
            lines.append(line.rstrip())
            line = indent
        line += piece
    lines.append(line.rstrip())
    return "\n".join(lines)


swift = f"""// Generated by Scripts/lib/gen-locale-direction.py from Unicode CLDR {version} (Debian's
// unicode-cldr-core): scriptMetadata.txt, likelySubtags.xml and supplementalMetadata.xml.
// Unicode-DFS-2016 (LICENSES/Unicode-DFS-2016.txt). Do not edit: run the script again.

extension LocalizationLocale {{
  /// Scripts written right to left (scriptMetadata.txt), and the variant forms of them that ISO 15924
  /// codes (Nastaliq, `Aran`; three forms of Syriac).
  static let rightToLeftScripts: Set<String> = [
{wrapped(f'"{script}"' for script in sorted(rtl_scripts))}
  ]

  /// Languages whose likely script is written right to left (likelySubtags.xml).
  static let rightToLeftLanguages: Set<String> = [
{wrapped(f'"{language}"' for language in rtl_languages)}
  ]

  /// Languages that a region writes in a script of the other direction: Punjabi in Pakistan is
  /// written in Arabic script, Sindhi in India in Devanagari.
  static let regionalDirections: [String: Bool] = [
{wrapped(f'"{key}": {"true" if rtl else "false"}' for key, rtl in sorted(regional.items()))}
  ]

  /// Deprecated and overlong codes whose language decides: `iw` is `he`.
  static let languageAliases: [String: String] = [
{wrapped(f'"{alias}": "{language}"' for alias, language in sorted(aliases.items()))}
  ]
}}
"""
with open(output, "w", encoding="utf-8") as file:
    file.write(swift)
print(f"{output}: CLDR {version}, {len(rtl_scripts)} scripts, {len(rtl_languages)} languages, "
      f"{len(regional)} regional, {len(aliases)} aliases")
