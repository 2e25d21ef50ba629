#!/usr/bin/env bash
# Regenerates the README's animated pictures of the tour, docs/tour.svg and docs/tour.gif, drawn
# by curtain-demo itself from a headless run: the same frames every run (manual clock), so the
# files only change when the demo (or the fonts: DejaVu Sans Mono, Noto CJK, Noto Color Emoji) does.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8 LC_ALL=C.UTF-8

swift build --product curtain-demo
for picture in docs/tour.svg docs/tour.gif; do
    .build/debug/curtain-demo --headless --size 80x24 --script tour --record "$picture" --force >/dev/null
    size=$(wc -c <"$picture")
    if [ "$size" -gt 2000000 ]; then
        echo "make-readme-picture: $picture is $size bytes (limit 2 MB)" >&2
        exit 1
    fi
    echo "$picture: $size bytes"
done
