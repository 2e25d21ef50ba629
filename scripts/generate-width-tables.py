#!/usr/bin/env python3
"""Generate Sources/CurtainLayout/Text/UnicodeWidthTables.swift from the Unicode Character Database.

Usage (from the package root):

    apt-get install -y unicode-data      # Unicode 15.0 files in /usr/share/unicode
    python3 scripts/generate-width-tables.py [--ucd /usr/share/unicode] [--no-glibc-check]

Inputs (all from the named Unicode version, never typed by hand):
  UnicodeData.txt            general categories (marks, format, controls, private use, unassigned)
  EastAsianWidth.txt         W and F are two cells; everything else (A included) one cell
  emoji/emoji-data.txt       Emoji_Presentation scalars are two cells
  PropList.txt               Variation_Selector (dropped from drawn text)
  LineBreak.txt              the few line-break classes the simplified UAX #14 wrapper uses

glibc check: ncurses advances its cursor by glibc's wcwidth(), so every scalar CurtainLayout
*draws* must have the same width there as in our table, or the screen misaligns. The script
asks the running glibc (C.UTF-8 locale) for every scalar's width and turns every drawn scalar
where the two disagree into the `replace` class (drawn as U+FFFD, one cell everywhere). The
disagreements are listed in the generated file's header. The Swift test suite repeats the
comparison against the glibc it runs on.
"""

import argparse
import ctypes
import os
import platform
import sys

MAX = 0x110000

# Scalar classes; keep in sync with `ScalarClass` in ScalarClass.swift.
NARROW, WIDE, COMBINING, SPACING_MARK, IGNORABLE, CONTROL, REPLACE = range(7)
CLASS_NAMES = ["narrow", "wide", "combining", "spacingMark", "ignorable", "control", "replace"]
CLASS_WIDTH = {NARROW: 1, WIDE: 2, COMBINING: 0, SPACING_MARK: 1}

# Line-break classes; keep in sync with `LineBreakClass` in LineBreakClass.swift.
LB_OTHER, LB_IDEOGRAPHIC, LB_CLOSING, LB_OPENING, LB_GLUE, LB_SPACE, LB_BREAK_AFTER = range(7)
LB_NAMES = ["other", "ideographic", "closing", "opening", "glue", "space", "breakAfter"]


def parse_ranges(path):
    """Yields (first, last, value) from a UCD file of `XXXX..YYYY ; value # comment` lines."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(";")]
            cps = fields[0]
            if ".." in cps:
                a, b = cps.split("..")
            else:
                a = b = cps
            yield int(a, 16), int(b, 16), fields[1]


def file_version(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline().strip()
    # "# EastAsianWidth-15.0.0.txt"
    return first.lstrip("# ").rsplit("-", 1)[-1].removesuffix(".txt")


def general_categories(ucd):
    gc = ["Cn"] * MAX
    pending_first = None
    with open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8") as f:
        for line in f:
            fields = line.split(";")
            cp = int(fields[0], 16)
            name, cat = fields[1], fields[2]
            if name.endswith(", First>"):
                pending_first = cp
                continue
            if name.endswith(", Last>"):
                for c in range(pending_first, cp + 1):
                    gc[c] = cat
                pending_first = None
                continue
            gc[cp] = cat
    return gc


def glibc_widths():
    libc = ctypes.CDLL("libc.so.6")
    libc.setlocale.restype = ctypes.c_char_p
    locale = libc.setlocale(6, b"C.UTF-8")  # LC_ALL == 6 on glibc
    if locale is None:
        sys.exit("C.UTF-8 locale unavailable; run with --no-glibc-check")
    libc.gnu_get_libc_version.restype = ctypes.c_char_p
    version = libc.gnu_get_libc_version().decode()
    wcwidth = libc.wcwidth
    return version, [wcwidth(c) if not (0xD800 <= c <= 0xDFFF) else -1 for c in range(MAX)]


def runs(values):
    """Run-length encoding of a full 0..<MAX array: (starts, values)."""
    starts, vals = [], []
    prev = None
    for cp, v in enumerate(values):
        if v != prev:
            starts.append(cp)
            vals.append(v)
            prev = v
    return starts, vals


def range_text(cps):
    """Compact `XXXX..YYYY` text for a sorted list of code points."""
    out = []
    i = 0
    while i < len(cps):
        j = i
        while j + 1 < len(cps) and cps[j + 1] == cps[j] + 1:
            j += 1
        out.append(f"{cps[i]:04X}" if i == j else f"{cps[i]:04X}..{cps[j]:04X}")
        i = j + 1
    return out


def swift_array(name, type_, values, fmt, doc):
    lines = [f"    /// {doc}", f"    static let {name}: [{type_}] = ["]
    per_line = 8 if type_ == "UInt32" else 24
    for i in range(0, len(values), per_line):
        lines.append("        " + ", ".join(fmt(v) for v in values[i:i + per_line]) + ",")
    lines.append("    ]")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ucd", default="/usr/share/unicode")
    parser.add_argument("--no-glibc-check", action="store_true")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--output", default=os.path.join(
        root, "Sources/CurtainLayout/Text/UnicodeWidthTables.swift"))
    args = parser.parse_args()
    ucd = args.ucd

    version = file_version(os.path.join(ucd, "EastAsianWidth.txt"))
    for other in ["LineBreak.txt", "PropList.txt"]:
        v = file_version(os.path.join(ucd, other))
        if v != version:
            sys.exit(f"{other} is Unicode {v}, EastAsianWidth.txt is {version}")

    gc = general_categories(ucd)
    eaw = ["N"] * MAX
    for a, b, v in parse_ranges(os.path.join(ucd, "EastAsianWidth.txt")):
        for c in range(a, b + 1):
            eaw[c] = v
    emoji_presentation = [False] * MAX
    for a, b, v in parse_ranges(os.path.join(ucd, "emoji", "emoji-data.txt")):
        if v == "Emoji_Presentation":
            for c in range(a, b + 1):
                emoji_presentation[c] = True
    variation_selector = [False] * MAX
    for a, b, v in parse_ranges(os.path.join(ucd, "PropList.txt")):
        if v == "Variation_Selector":
            for c in range(a, b + 1):
                variation_selector[c] = True
    lb = ["XX"] * MAX
    for a, b, v in parse_ranges(os.path.join(ucd, "LineBreak.txt")):
        for c in range(a, b + 1):
            lb[c] = v

    # --- scalar classes from Unicode alone -------------------------------------------------
    cls = [NARROW] * MAX
    for c in range(MAX):
        g = gc[c]
        if g == "Cc":
            cls[c] = CONTROL
        elif g in ("Cn", "Co", "Cs"):
            # Unassigned, private use, surrogates: no agreed width anywhere.
            cls[c] = REPLACE
        elif variation_selector[c] or g in ("Cf", "Zl", "Zp"):
            # Invisible format characters (ZWJ, ZWSP, bidi marks, tags, soft hyphen) and
            # variation selectors: never drawn, so their width cannot disagree with anything.
            cls[c] = IGNORABLE
        elif g in ("Mn", "Me") or 0x1160 <= c <= 0x11FF or 0xD7B0 <= c <= 0xD7FF:
            # Non-spacing marks and Hangul medial vowels / final consonants: they join the
            # previous scalar's cell.
            cls[c] = COMBINING
        elif g == "Mc":
            cls[c] = SPACING_MARK
        elif eaw[c] in ("W", "F") or (emoji_presentation[c] and not 0x1F1E6 <= c <= 0x1F1FF):
            # Regional indicators have Emoji_Presentation but East_Asian_Width N: a lone one is
            # one cell in glibc, and DisplayCluster never draws them (flags become U+2691).
            cls[c] = WIDE
    unicode_only = list(cls)

    # --- glibc agreement ---------------------------------------------------------------------
    disagreements = []
    drawn_format = []
    glibc_version = "not checked"
    if not args.no_glibc_check:
        glibc_version, gw = glibc_widths()
        for c in range(MAX):
            k = cls[c]
            if k in CLASS_WIDTH and gw[c] != CLASS_WIDTH[k]:
                disagreements.append((c, CLASS_NAMES[k], gw[c]))
                cls[c] = REPLACE
            elif k == IGNORABLE and gw[c] == 1:
                # Format characters glibc gives a cell: the prepended concatenation marks
                # (U+0600 ARABIC NUMBER SIGN, U+06DD END OF AYAH, …) are visible signs, and
                # terminals show U+00AD SOFT HYPHEN as a hyphen. Dropped, they would vanish;
                # drawn, they take the cell glibc (and so ncurses) gives them.
                drawn_format.append(c)
                cls[c] = NARROW

    # --- line-break classes ----------------------------------------------------------------
    lbc = [LB_OTHER] * MAX
    for c in range(MAX):
        v = lb[c]
        if v in ("ID", "H2", "H3", "EB", "EM"):
            lbc[c] = LB_IDEOGRAPHIC
        elif v in ("CL", "CP", "EX", "IS", "NS", "CJ"):
            lbc[c] = LB_CLOSING
        elif v == "OP":
            lbc[c] = LB_OPENING
        elif v in ("GL", "WJ"):
            lbc[c] = LB_GLUE
        elif v in ("SP", "ZW") or (v == "BA" and gc[c] == "Zs"):
            lbc[c] = LB_SPACE
        elif v in ("BA", "HY", "B2"):
            lbc[c] = LB_BREAK_AFTER
        elif v == "XX" and cls[c] == WIDE:
            lbc[c] = LB_IDEOGRAPHIC

    class_starts, class_values = runs(cls)
    lb_starts, lb_values = runs(lbc)

    # --- output ------------------------------------------------------------------------------
    counts = {name: cls.count(i) for i, name in enumerate(CLASS_NAMES)}
    by_reason = {}
    for c, name, g in disagreements:
        by_reason.setdefault((name, g), []).append(c)
    disagreement_lines = []
    for (name, g), cps in sorted(by_reason.items()):
        r = range_text(cps)
        shown = ", ".join(r[:12]) + (f", … ({len(r) - 12} more ranges)" if len(r) > 12 else "")
        disagreement_lines.append(
            f"//   Unicode says {name}, glibc wcwidth = {g}: {len(cps)} scalars: {shown}")
    if not disagreement_lines:
        disagreement_lines.append("//   none")
    if drawn_format:
        disagreement_lines.append(
            f"// Format characters glibc gives one cell, drawn as narrow: {', '.join(range_text(drawn_format))}")

    header = f"""\
// GENERATED FILE — DO NOT EDIT.
//
// Generated by scripts/generate-width-tables.py from the Unicode Character Database,
// Unicode {version} (Debian package `unicode-data`), checked against glibc {glibc_version} wcwidth()
// in the C.UTF-8 locale. Regenerate from the package root with:
//
//     apt-get install -y unicode-data && python3 scripts/generate-width-tables.py
//
// Scalar classes: {", ".join(f"{k} {v}" for k, v in counts.items())}.
// Scalars that Unicode {version} and glibc disagree on are drawn as U+FFFD (class `replace`):
{chr(10).join(disagreement_lines)}
"""
    body = f"""
/// Run-length tables of per-scalar properties, binary-searched by ``ScalarClass`` and
/// ``LineBreakClass``. Run `i` covers scalars `starts[i] ..< starts[i + 1]` (the last run
/// ends at U+10FFFF).
enum UnicodeWidthTables {{
    /// The Unicode version the tables were generated from.
    static let unicodeVersion = "{version}"
    /// The glibc whose `wcwidth` the drawn scalars were checked against.
    static let glibcVersion = "{glibc_version}"

{swift_array("scalarClassStarts", "UInt32", class_starts, lambda v: f"0x{v:05X}",
             "First scalar of each run of equal ``ScalarClass``.")}

{swift_array("scalarClassValues", "UInt8", class_values, str,
             "The ``ScalarClass`` raw value of each run (" + ", ".join(f"{i} {n}" for i, n in enumerate(CLASS_NAMES)) + ").")}

{swift_array("lineBreakStarts", "UInt32", lb_starts, lambda v: f"0x{v:05X}",
             "First scalar of each run of equal ``LineBreakClass``.")}

{swift_array("lineBreakValues", "UInt8", lb_values, str,
             "The ``LineBreakClass`` raw value of each run (" + ", ".join(f"{i} {n}" for i, n in enumerate(LB_NAMES)) + ").")}
}}
"""
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(header + body)
    print(f"wrote {args.output}: Unicode {version}, glibc {glibc_version}, "
          f"{len(class_starts)} class runs, {len(lb_starts)} line-break runs, "
          f"{len(disagreements)} glibc disagreements", file=sys.stderr)
    changed = sum(1 for a, b in zip(unicode_only, cls) if a != b)
    assert changed == len(disagreements) + len(drawn_format)


if __name__ == "__main__":
    main()
