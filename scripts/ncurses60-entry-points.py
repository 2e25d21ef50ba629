#!/usr/bin/env python3
"""Checks that every ncurses function Curtain calls outside the version switch is declared by
macOS's ncurses 6.0 header (Modules/CNcurses/macos-ncurses-6.0-names.txt).

What counts as "called": in the C shims (Modules/CNcurses/shim.h through CNcursesWide's wide.c,
preprocessed with the 6.0 side of version_switch.h forced, so only the calls a 6.0 build makes
remain), and in the Swift files that import CNcurses, every identifier followed by "(" that this
machine's ncurses headers (curses.h, term.h) declare as a function or variable. Each must be in
the 6.0 list; the script names any that is not, with where it is used, and exits 1.

Usage: scripts/ncurses60-entry-points.py [--show]   (--show: also list every name checked)
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
names_file = root / "Modules/CNcurses/macos-ncurses-6.0-names.txt"
known = {line.strip() for line in names_file.read_text().splitlines()
         if line.strip() and not line.startswith("#")}


def cflags():
    try:
        return subprocess.run(["pkg-config", "--cflags", "ncursesw"], check=True,
                              capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"ncurses60-entry-points: pkg-config ncursesw failed: {error}")


def preprocess(source, extra):
    command = ["cc", "-E", *cflags(), "-I", str(root / "Modules/CNcurses"),
               "-I", str(root / "Modules/CNcursesWide/include"), *extra, str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"ncurses60-entry-points: {' '.join(command)} failed:\n{result.stderr}")
    return result.stdout


def names_declared(header_lines):
    probe = root / ".build-entry-points.c"
    probe.write_text("".join(f"#include <{header}>\n" for header in header_lines))
    try:
        text = preprocess(probe, ["-DNCURSES_WIDECHAR=1", "-D_XOPEN_SOURCE_EXTENDED=1"])
    finally:
        probe.unlink()
    names = set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text))
    names |= set(re.findall(r"\bextern\b[^;(]*?\b([A-Za-z_]\w*)\s*(?:\[\s*\])?\s*;", text))
    return names


def declared_by_this_ncurses():
    """Names this machine's curses.h and term.h declare, less the C library's they include
    (wcwidth, printf) and C's keywords: what an `ident(` in our code may be an ncurses call."""
    libc = names_declared(["stdio.h", "stdlib.h", "stdarg.h", "stddef.h", "stdint.h", "wchar.h",
                           "wctype.h", "string.h", "termios.h", "unistd.h", "sys/ioctl.h"])
    keywords = {"sizeof", "if", "for", "while", "switch", "return", "defined", "__attribute__",
                "__typeof__", "_Alignof", "__extension__"}
    return names_declared(["curses.h", "term.h"]) - libc - keywords


def own_lines(preprocessed, wanted):
    """The lines of the preprocessed text that came from the files in `wanted` (by line marker)."""
    current, kept = None, []
    for line in preprocessed.splitlines():
        marker = re.match(r'#\s*\d+\s+"([^"]+)"', line)
        if marker:
            current = pathlib.Path(marker.group(1)).name
            continue
        if current in wanted:
            kept.append((current, line))
    return kept


def main():
    show = "--show" in sys.argv[1:]
    ncurses = declared_by_this_ncurses()
    used = {}
    forced = ["-DCURTAIN_NCURSES_AS_6_0=1", "-DNCURSES_WIDECHAR=1", "-D_XOPEN_SOURCE_EXTENDED=1"]
    wide = root / "Modules/CNcursesWide/wide.c"
    shim_probe = root / ".build-entry-points-shim.c"
    shim_probe.write_text('#include "shim.h"\n')
    try:
        pieces = own_lines(preprocess(wide, forced), {"wide.c"})
        pieces += own_lines(preprocess(shim_probe, ["-DCURTAIN_NCURSES_AS_6_0=1"]), {"shim.h"})
    finally:
        shim_probe.unlink()
    for where, line in pieces:
        for name in re.findall(r"\b([A-Za-z_]\w*)\s*\(", line):
            if name in ncurses:
                used.setdefault(name, set()).add(where)
    for swift in sorted((root / "Sources").rglob("*.swift")):
        text = swift.read_text()
        if not re.search(r"^\s*(?:internal\s+|@_implementationOnly\s+)?import\s+CNcurses", text, re.M):
            continue
        for name in re.findall(r"\b([A-Za-z_]\w*)\s*\(", text):
            if name in ncurses and not name.startswith("curtain_"):
                used.setdefault(name, set()).add(str(swift.relative_to(root)))
    missing = {name: places for name, places in used.items() if name not in known}
    if show:
        for name in sorted(used):
            print(f"{name}: {', '.join(sorted(used[name]))}")
    if missing:
        for name in sorted(missing):
            print(f"ncurses60-entry-points: {name} is not declared by macOS's ncurses 6.0 header "
                  f"(used in {', '.join(sorted(missing[name]))})", file=sys.stderr)
        return 1
    print(f"ncurses60-entry-points: all {len(used)} ncurses entry points Curtain calls outside the "
          f"version switch are declared by macOS's ncurses 6.0 header")
    return 0


if __name__ == "__main__":
    sys.exit(main())
