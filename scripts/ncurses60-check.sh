#!/usr/bin/env bash
# What ncurses 6.0 — the library macOS ships — means for Curtain, checked on this machine's
# ncurses (6.1 or later) without building 6.0 from source (issue 36, item 7):
#
#   1. Every ncurses entry point Curtain calls outside the version switch is declared by macOS's
#      6.0 header (scripts/ncurses60-entry-points.py, against Modules/CNcurses/macos-ncurses-6.0-names.txt).
#   2. The 6.0 side of Modules/CNcurses/version_switch.h, forced at build time
#      (-Xcc -DCURTAIN_NCURSES_AS_6_0=1): no extended pairs, no direct colour, at most 256 pairs.
#      Built into .build-ncurses60 with the system's curses.h read through a module map shaped
#      like the SDK's Darwin.ncurses module, so Swift reads it as a Mac does — a module of its
#      own, built without any macro shim.h could define, which never shows cchar_t (only the
#      CNcursesWide C target, with the macros on its command line, sees the wide API).
#   3. In that build: the version switch's own test (256 pairs, no direct colour, a pair past
#      255 refused), the colour and ncurses tests, the demo's end-to-end tests in tmux, and the
#      demo driven in tmux (scripts/drive-demo-tmux.sh: colours, a toast, typed text, Ctrl-C
#      and a clean terminal), once with COLORTERM=truecolor to see 24-bit fall back to 256.
#
# Usage: scripts/ncurses60-check.sh      Exit status: 0 when everything passed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

scripts/ncurses60-entry-points.py

# The header `#include <curses.h>` finds with pkg-config's flags, claimed by a module of its own
# as the SDK's module map claims its curses.h (`explicit module ncurses { header "ncurses.h" … }`).
header=$(echo '#include <curses.h>' | cc -E -H $(pkg-config --cflags ncursesw) -x c - 2>&1 >/dev/null \
    | sed -n 's/^\. //p' | head -1)
[ -f "$header" ] || { echo "ncurses60: cannot find the system's curses.h" >&2; exit 1; }
maps=$(mktemp -d)
trap 'rm -rf "$maps"' EXIT
cat > "$maps/module.modulemap" <<MODULEMAP
module DarwinNcursesStandIn [system] [extern_c] {
    header "$header"
    export *
}
MODULEMAP
echo "ncurses60: the 6.0 side forced, $header read as module DarwinNcursesStandIn"

scratch="$root/.build-ncurses60"
flags=(--scratch-path "$scratch" -Xcc -DCURTAIN_NCURSES_AS_6_0=1 -Xcc "-fmodule-map-file=$maps/module.modulemap")
swift build "${flags[@]}" --build-tests

find "$scratch" -name 'DarwinNcursesStandIn-*.pcm' | grep -q . \
    || { echo "ncurses60: Swift did not read curses.h as a module of its own (no DarwinNcursesStandIn .pcm)" >&2; exit 1; }
echo "ncurses60: Swift read curses.h as a module of its own (as on macOS)"

swift test "${flags[@]}" --skip-build --filter 'NcursesTests|ColorTests|DemoEndToEndTests'

demo="$scratch/debug/curtain-demo"
scripts/drive-demo-tmux.sh "$demo"
scripts/drive-demo-tmux.sh --truecolor-falls-back "$demo"
echo "ncurses60: passed"
