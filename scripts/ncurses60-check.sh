#!/usr/bin/env bash
# Builds CurtainTerminal and curtain-demo against ncurses 6.0 (the library macOS ships: ABI 5,
# one libncurses with the wide functions and tinfo; issue 28) and drives the demo in tmux
# against it (scripts/drive-demo-tmux.sh).
#
# ncurses 6.0 comes from ../shared/vendor/ncurses-6.0.tar.gz (beside the repository; its
# README.md gives the configure line used here) and is built into a private prefix in a temp
# dir; nothing is installed on the system. Curtain is built with its own scratch path
# (.build-ncurses60) so the normal build is untouched.
#
# How the build finds it: CNcurses includes <curses.h> and links no library itself; SwiftPM
# takes the include path and the library from pkg-config's ncursesw (Package.swift). This
# ncurses installs ncurses.pc (Cflags: include and include/ncurses; Libs: -lncurses), so an
# ncursesw.pc alias of it is written to a directory put first on PKG_CONFIG_PATH.
#
# As on macOS, where the SDK's <curses.h> is a Clang module of its own (Darwin.ncurses), a module
# map is put beside this ncurses' headers: Swift then reads curses.h as that module, built
# without the macros Curtain's shim could define, so a use of the wide-character API from Swift
# (shim.h) fails here as it would on a Mac; only the CNcursesWide target, compiled with the
# macros on its command line, may see it. The script checks that both happened.
#
# Usage: scripts/ncurses60-check.sh [--keep]   (--keep: leave the temp dir, and say where)
# Exit status: 0 everything passed, non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

keep=false
[ "${1:-}" = "--keep" ] && keep=true
tarball="$root/../shared/vendor/ncurses-6.0.tar.gz"
sha256=946a58686e2ed8a9aeb556039f8f4cdd140ddd9d0954e18ae106c7434c3deac7
[ -f "$tarball" ] || { echo "ncurses60: $tarball is missing" >&2; exit 1; }
echo "$sha256  $tarball" | sha256sum -c --quiet - || { echo "ncurses60: $tarball: wrong checksum" >&2; exit 1; }

tmp=$(mktemp -d)
if $keep; then echo "ncurses60: working in $tmp (kept)"; else trap 'rm -rf "$tmp"' EXIT; fi
prefix="$tmp/ncurses60"

echo "ncurses60: building ncurses 6.0 into $prefix"
tar xzf "$tarball" -C "$tmp"
(
    cd "$tmp/ncurses-6.0"
    ./configure --prefix="$prefix" --with-abi-version=5 --enable-widec \
        --disable-lib-suffixes --without-ada --without-cxx --without-cxx-binding --without-tests \
        --without-manpages --with-shared --without-debug --enable-pc-files \
        --with-pkg-config-libdir="$prefix/lib/pkgconfig" \
        --with-terminfo-dirs=/etc/terminfo:/lib/terminfo:/usr/share/terminfo
    make -j2
    make install
) > "$tmp/ncurses-build.log" 2>&1 || { tail -40 "$tmp/ncurses-build.log" >&2; echo "ncurses60: the ncurses 6.0 build failed" >&2; exit 1; }
grep -q '^#define NCURSES_VERSION_MINOR 0$' "$prefix/include/ncurses/curses.h" \
    || { echo "ncurses60: $prefix/include/ncurses/curses.h is not ncurses 6.0" >&2; exit 1; }

# The alias: the same file under the name Package.swift asks for.
mkdir -p "$tmp/pkgconfig"
sed 's/^Name: ncurses$/Name: ncursesw/' "$prefix/lib/pkgconfig/ncurses.pc" > "$tmp/pkgconfig/ncursesw.pc"
export PKG_CONFIG_PATH="$tmp/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
# The stand-in for the SDK's module (its usr/include/module.modulemap: `explicit module ncurses
# { header "ncurses.h" ... }`, ncurses.h being curses.h under another name, as here).
cat > "$prefix/include/ncurses/module.modulemap" <<'MODULEMAP'
module DarwinNcursesStandIn [system] [extern_c] {
    header "ncurses.h"
    export *
    explicit module dll {
        header "ncurses_dll.h"
        export *
    }
    explicit module unctrl {
        textual header "unctrl.h"
    }
}
MODULEMAP
echo "ncurses60: pkg-config ncursesw now says: $(pkg-config --cflags --libs ncursesw)"

scratch="$root/.build-ncurses60"
echo "ncurses60: swift build --scratch-path .build-ncurses60 (CurtainTerminal, curtain-demo)"
swift build --scratch-path "$scratch" --target CurtainTerminal
swift build --scratch-path "$scratch" --product curtain-demo
demo="$scratch/debug/curtain-demo"

# Swift read curses.h through the stand-in module, and the wide half through this ncurses' header.
find "$scratch" -name 'DarwinNcursesStandIn-*.pcm' | grep -q . \
    || { echo "ncurses60: Swift did not read curses.h as a module of its own (no DarwinNcursesStandIn .pcm)" >&2; exit 1; }
grep -q "$prefix/include/ncurses/curses.h" "$scratch/debug/CNcursesWide.build/wide.c.d" \
    || { echo "ncurses60: CNcursesWide was not compiled against $prefix/include/ncurses/curses.h" >&2; exit 1; }
echo "ncurses60: Swift read curses.h as a module (as on macOS); CNcursesWide compiled against ncurses 6.0's header"

# The demo must load the private libncurses.so.5 and no other ncurses.
linked=$(LD_LIBRARY_PATH="$prefix/lib" ldd "$demo" | grep -E 'ncurses|tinfo' || true)
echo "ncurses60: the demo's ncurses: $linked"
echo "$linked" | grep -q "$prefix/lib/libncurses.so.5" || { echo "ncurses60: the demo does not load $prefix/lib/libncurses.so.5" >&2; exit 1; }
[ "$(echo "$linked" | wc -l)" -eq 1 ] || { echo "ncurses60: the demo loads more than one ncurses library" >&2; exit 1; }

scripts/drive-demo-tmux.sh --lib "$prefix/lib" "$demo"
scripts/drive-demo-tmux.sh --lib "$prefix/lib" --truecolor-falls-back "$demo"
echo "ncurses60: passed"
