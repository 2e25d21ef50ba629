#!/usr/bin/env bash
# Screenshots of curtain-demo in a real terminal emulator: xterm under Xvfb, Debian packages
# only, one PNG per state, background and colour setup.
#
# Usage: scripts/screenshot-demo.sh [options] [OUTPUT_DIR]
#
#   OUTPUT_DIR            where the PNGs go (created if needed; default: a new temp dir)
#   --binary PATH         the demo to run (default .build/debug/curtain-demo, which is built
#                         with `swift build --product curtain-demo` when it is absent)
#   --all                 every setup: 256 truecolor 8 nocolor langc
#   --setups LIST         comma-separated setups (default 256,truecolor):
#                           256        TERM=xterm-256color
#                           truecolor  TERM=xterm-256color COLORTERM=truecolor, as xterm users have it:
#                                      the demo draws with xterm-direct (needs ncurses-term)
#                           8          TERM=xterm
#                           nocolor    TERM=xterm-256color NO_COLOR=1
#                           langc      TERM=xterm-256color LANG=C LC_ALL=C (xterm itself stays UTF-8)
#   --backgrounds LIST    dark,light (default both): xterm -bg black -fg white / -bg white -fg black
#   --states LIST         comma-separated states (default grid,toast,modal,small):
#                           grid   the four panes, idle
#                           toast  a toast in the Colours pane with Latin, CJK and emoji typed
#                                  into it, over the dimmed pane
#                           modal  the full-screen modal over the toast (two dims)
#                           small  a 30x10 terminal: the "terminal too small" message
#   --geometry COLSxROWS  terminal size for every state but small (default 100x30)
#   --timeout SECONDS     how long xterm may take to show its window, and then how long the
#                         screen may take to settle once the state is due (default 30)
#   -h, --help            this text
#
# Files are named OUTPUT_DIR/<state>-<dark|light>-<setup>.png; each path is printed when written.
#
# How a state is reached: the demo plays a script (--script) that brings it to the state and
# then waits a minute, so the screen stays still. Once the script's own time has passed, the
# window is captured (ImageMagick `import -window`) every 300 ms until two captures in a row
# are identical; that capture is kept. A state that does not settle within --timeout is
# reported and skipped, and the script exits 1 at the end.
#
# The terminal: one Xvfb for the run, a fresh xterm (Debian's, XTerm(379) when written) per
# shot at a fixed size, DejaVu Sans Mono 11 (-fa/-fs); CJK and emoji come from fontconfig's
# fallback (Noto Sans CJK, Noto Color Emoji), two cells each; no scrollbar; resources only
# from the command line and xterm's app-defaults (never the user's). What the demo reads is
# set per setup: TERM, LANG/LC_ALL (C.UTF-8 unless langc), COLORTERM only for truecolor,
# NO_COLOR only for nocolor. The Clock pane shows real time, so two runs may differ there.
# xterm answers OSC 10/11 colour queries with its default resources (allowColorOps is on;
# allowWindowOps is not needed), so nothing is configured for them.
#
# Nothing is installed: missing packages are named and the script exits 2.
# Exit status: 0 all written, 1 some shot failed, 2 usage error or missing packages.
set -euo pipefail

prog=screenshot-demo
root=$(cd "$(dirname "$0")/.." && pwd)

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "$prog: $*" >&2; exit 2; }

binary=""
setups="256,truecolor"
backgrounds="dark,light"
states="grid,toast,modal,small"
geometry="100x30"
timeout=30
outdir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) [ $# -ge 2 ] || die "--binary needs a path"; binary=$2; shift 2 ;;
        --all) setups="256,truecolor,8,nocolor,langc"; shift ;;
        --setups) [ $# -ge 2 ] || die "--setups needs a list"; setups=$2; shift 2 ;;
        --backgrounds) [ $# -ge 2 ] || die "--backgrounds needs a list"; backgrounds=$2; shift 2 ;;
        --states) [ $# -ge 2 ] || die "--states needs a list"; states=$2; shift 2 ;;
        --geometry) [ $# -ge 2 ] || die "--geometry needs COLSxROWS"; geometry=$2; shift 2 ;;
        --timeout) [ $# -ge 2 ] || die "--timeout needs seconds"; timeout=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option '$1'; see $0 --help" ;;
        *) [ -z "$outdir" ] || die "only one output directory, got '$outdir' and '$1'"; outdir=$1; shift ;;
    esac
done
[[ "$geometry" =~ ^[0-9]+x[0-9]+$ ]] || die "invalid --geometry '$geometry' (expected COLSxROWS, like 100x30)"
[[ "$timeout" =~ ^[0-9]+$ ]] && [ "$timeout" -ge 1 ] || die "invalid --timeout '$timeout' (whole seconds, at least 1)"
IFS=, read -r -a setup_list <<<"$setups"
IFS=, read -r -a background_list <<<"$backgrounds"
IFS=, read -r -a state_list <<<"$states"
for s in "${setup_list[@]}"; do
    case "$s" in 256|truecolor|8|nocolor|langc) ;; *) die "unknown setup '$s' (256, truecolor, 8, nocolor, langc)" ;; esac
done
for b in "${background_list[@]}"; do
    case "$b" in dark|light) ;; *) die "unknown background '$b' (dark, light)" ;; esac
done
for s in "${state_list[@]}"; do
    case "$s" in grid|toast|modal|small) ;; *) die "unknown state '$s' (grid, toast, modal, small)" ;; esac
done

# --- What must be installed (never installed here) ---------------------------------------
missing=()
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing+=("$2"); }
need_cmd Xvfb xvfb
need_cmd xterm xterm
need_cmd import imagemagick
# /usr/bin/convert, not a stand-in that may shadow it on PATH.
[ -x /usr/bin/convert ] || missing+=(imagemagick)
need_cmd fc-list fontconfig
if command -v fc-list >/dev/null 2>&1; then
    fc-list 'DejaVu Sans Mono' family | grep -q . || missing+=(fonts-dejavu-core)
    fc-list ':lang=ja' family | grep -qi 'Noto Sans Mono CJK' || missing+=(fonts-noto-cjk)
    # Without a colour emoji font xterm draws the demo's emoji as empty boxes.
    fc-list 'Noto Color Emoji' family | grep -q . || missing+=(fonts-noto-color-emoji)
fi
for s in "${setup_list[@]}"; do
    if [ "$s" = truecolor ] && ! infocmp xterm-direct >/dev/null 2>&1; then missing+=(ncurses-term); fi
done
if [ ${#missing[@]} -gt 0 ]; then
    # Unique, in order.
    packages=$(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++' | tr '\n' ' ')
    echo "$prog: missing packages; install them with:" >&2
    echo "    apt-get install --no-install-recommends ${packages% }" >&2
    exit 2
fi
convert=/usr/bin/convert

# --- The demo ----------------------------------------------------------------------------
if [ -z "$binary" ]; then
    binary="$root/.build/debug/curtain-demo"
    if [ ! -x "$binary" ]; then
        echo "$prog: $binary is absent; building it" >&2
        (cd "$root" && swift build --product curtain-demo) >&2 || die "the build failed"
    fi
fi
[ -x "$binary" ] || die "$binary is not an executable file"
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

if [ -z "$outdir" ]; then
    outdir=$(mktemp -d "${TMPDIR:-/tmp}/curtain-shots.XXXXXX")
else
    mkdir -p "$outdir" || die "cannot create $outdir"
fi
outdir=$(cd "$outdir" && pwd)

# --- Clean-up: Xvfb, the current xterm and the work directory, on any exit ------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/screenshot-demo.XXXXXX")
xvfb_pid=""
xterm_pid=""
stop_pid() {
    local pid=$1
    [ -n "$pid" ] || return 0
    kill "$pid" 2>/dev/null || return 0
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
}
cleanup() {
    stop_pid "$xterm_pid"
    stop_pid "$xvfb_pid"
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- The virtual display -------------------------------------------------------------------
# -displayfd: Xvfb picks a free display number and writes it to fd 3.
Xvfb -displayfd 3 -screen 0 1600x1200x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
    [ -s "$work/display" ] && break
    kill -0 "$xvfb_pid" 2>/dev/null || { cat "$work/xvfb.log" >&2; die "Xvfb did not start"; }
    sleep 0.1
done
[ -s "$work/display" ] || die "Xvfb did not report a display within 10 s"
export DISPLAY=":$(tr -d '\n' <"$work/display")"
# xterm's resources come only from its app-defaults and the command line below, not from
# the user's ~/.Xdefaults or ~/XTerm.
export XENVIRONMENT=/dev/null XUSERFILESEARCHPATH=/dev/null XAPPLRESDIR=/dev/null

# --- The states, as demo scripts -------------------------------------------------------------
typing_speed=100
# The keys and waits that bring the demo to a state; a long wait is appended so it stays there.
state_script() {
    case "$1" in
        grid|small)
            printf '%s\n' "wait 1s" ;;
        toast)
            printf '%s\n' "wait 500ms" "key t" "wait 800ms" \
                "type Hello from Curtain! Café, naïve" "key Enter" \
                "type 日本語のテキスト 中文 한국어" "key Enter" \
                "type Emoji 🎉 🚀 ✨" "wait 1s" ;;
        modal)
            state_script toast
            printf '%s\n' "key Tab" "wait 500ms" "key m" "wait 1.5s" ;;
    esac
}
# Milliseconds the script takes to reach its state: its waits, plus one keystroke at the typing
# speed per key and per typed byte (bytes overcount characters; that only waits longer).
script_milliseconds() {
    LC_ALL=C awk -v cps="$typing_speed" '
        $1 == "wait" { d = $2; if (d ~ /ms$/) { sub(/ms$/, "", d); t += d } else { sub(/s$/, "", d); t += d * 1000 } }
        $1 == "key" { t += 1000 / cps }
        $1 == "type" { t += (length($0) - 5) * 1000 / cps }
        END { printf "%d\n", t }' "$1"
}

# --- One shot ------------------------------------------------------------------------------
failures=0
total=0
shoot() {
    local state=$1 background=$2 setup=$3
    local name="$state-$background-$setup"
    total=$((total + 1))
    local out="$outdir/$name.png"
    local dir="$work/$name"
    mkdir -p "$dir"

    local cols rows
    if [ "$state" = small ]; then cols=30 rows=10; else cols=${geometry%x*} rows=${geometry#*x}; fi
    { state_script "$state"; echo "wait 60s"; } >"$dir/script.txt"
    local ready_ms
    ready_ms=$(( $(script_milliseconds "$dir/script.txt") - 60000 + 800 ))

    local term=xterm-256color lang=C.UTF-8 extra=()
    case "$setup" in
        256) ;;
        truecolor) term=xterm-256color; extra=(COLORTERM=truecolor) ;;
        8) term=xterm ;;
        nocolor) extra=(NO_COLOR=1) ;;
        langc) lang=C ;;
    esac
    local bg=black fg=white
    [ "$background" = light ] && { bg=white; fg=black; }

    # Runs inside xterm: tells its window id, then becomes the demo in the setup's environment.
    cat >"$dir/run.sh" <<'EOF'
#!/bin/sh
printf '%s\n' "$WINDOWID" >"$SHOT_DIR/window.tmp" && mv "$SHOT_DIR/window.tmp" "$SHOT_DIR/window"
dir=$SHOT_DIR
unset SHOT_DIR
exec "$@" 2>"$dir/demo-stderr.txt"
EOF
    chmod +x "$dir/run.sh"

    SHOT_DIR="$dir" LANG=C.UTF-8 LC_ALL=C.UTF-8 xterm -u8 \
        -geometry "${cols}x${rows}" -fa 'DejaVu Sans Mono' -fs 11 \
        -bg "$bg" -fg "$fg" +sb -title "curtain-$name" \
        -xrm 'XTerm*cursorBlink: false' \
        -e "$dir/run.sh" env -u COLORTERM -u NO_COLOR -u COLORFGBG -u CURTAIN_REDUCE_MOTION -u CURTAIN_BACKGROUND \
            TERM="$term" LANG="$lang" LC_ALL="$lang" "${extra[@]}" \
            "$binary" --script "$dir/script.txt" --typing-speed "$typing_speed" \
        >"$dir/xterm.log" 2>&1 &
    xterm_pid=$!

    local start=$SECONDS window="" result=""
    while [ -z "$window" ]; do
        if [ -s "$dir/window" ]; then window=$(cat "$dir/window"); break; fi
        if ! kill -0 "$xterm_pid" 2>/dev/null; then result="xterm exited: $(tr '\n' ' ' <"$dir/xterm.log")"; break; fi
        if [ $((SECONDS - start)) -ge "$timeout" ]; then result="xterm showed no window within ${timeout} s"; break; fi
        sleep 0.1
    done

    if [ -z "$result" ]; then
        # The script's own time first: a still screen before it is a state not reached yet.
        sleep "$(awk -v ms="$ready_ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
        start=$SECONDS
        local previous="" n=0
        while :; do
            if ! kill -0 "$xterm_pid" 2>/dev/null; then
                result="the demo ended before its state was captured: $(tr '\n' ' ' <"$dir/demo-stderr.txt" 2>/dev/null)"
                break
            fi
            n=$((n + 1))
            # PPM: the pixels only, so equal screens give equal files (PNG would carry a date).
            if ! import -window "$window" "ppm:$dir/capture-$n.ppm" 2>>"$dir/import.log"; then
                result="import failed: $(tail -n 1 "$dir/import.log")"
                break
            fi
            if [ -n "$previous" ] && cmp -s "$previous" "$dir/capture-$n.ppm"; then
                "$convert" "$dir/capture-$n.ppm" -strip "png:$out"
                result=ok
                break
            fi
            [ -n "$previous" ] && rm -f "$previous"
            previous="$dir/capture-$n.ppm"
            if [ $((SECONDS - start)) -ge "$timeout" ]; then
                result="the screen did not settle within ${timeout} s ($n captures)"
                break
            fi
            sleep 0.3
        done
    fi

    stop_pid "$xterm_pid"
    xterm_pid=""
    if [ "$result" = ok ]; then
        echo "$out"
    else
        echo "$prog: $name: $result" >&2
        failures=$((failures + 1))
    fi
}

for state in "${state_list[@]}"; do
    for background in "${background_list[@]}"; do
        for setup in "${setup_list[@]}"; do
            shoot "$state" "$background" "$setup"
        done
    done
done

if [ "$failures" -gt 0 ]; then
    echo "$prog: $failures of $total screenshots failed; the others are in $outdir" >&2
    exit 1
fi
