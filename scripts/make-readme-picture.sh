#!/usr/bin/env bash
# Regenerates docs/tour.svg, the README's animated picture of the tour, from a headless
# recording: the same frames every run (manual clock), rendered by termtosvg (pip install termtosvg).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v termtosvg >/dev/null 2>&1; then
    echo "make-readme-picture: termtosvg is missing: pip install termtosvg" >&2
    exit 1
fi
export LANG=C.UTF-8 LC_ALL=C.UTF-8

swift build --product curtain-demo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

.build/debug/curtain-demo --headless --size 80x24 --script tour --record "$work/tour.cast" --force >/dev/null
# The cast is asciicast v2; termtosvg draws each frame with SVG text and CSS animation.
termtosvg render "$work/tour.cast" "$work/tour.svg" --template window_frame >/dev/null

size=$(wc -c <"$work/tour.svg")
if [ "$size" -gt 2000000 ]; then
    echo "make-readme-picture: docs/tour.svg would be $size bytes (limit 2 MB)" >&2
    exit 1
fi
mv "$work/tour.svg" docs/tour.svg
echo "docs/tour.svg: $size bytes"
