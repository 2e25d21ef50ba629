#!/usr/bin/env bash
# Real-terminal screenshots of curtain-demo in several terminal emulators under Xvfb, and a
# comparison of two such runs, to show that a change to the escape sequences Curtain sends
# leaves what terminals draw the same.
#
# Usage: scripts/terminal-screenshots.sh BINARY OUTDIR
#        scripts/terminal-screenshots.sh --compare DIR_A DIR_B [DIFFDIR]
#
# Shooting: for each terminal a fresh Xvfb (display :97 unless SHOT_DISPLAY says another
# number; 1200x800x24) and a fresh terminal window of 80x24 cells in DejaVu Sans Mono 11, with
# BINARY running in it. Once the demo has drawn (the window shows several colours and two
# captures 400 ms apart are the same), OUTDIR/<terminal>-start.png is taken; then the key `t`
# (a toast slides in over a dimmed pane), 1.5 s, and again until two captures in a row are the
# same: OUTDIR/<terminal>-toast.png. Then Esc, q, and the terminal must close by itself.
# Keys go through XTEST (xdotool) to the window, which is given the input focus first.
# Captures are `import -window WINDOWID`, written as PNG with no metadata (-strip).
# Next to the PNGs: <terminal>.env (TERM, COLORTERM and the program's exit status as the demo
# saw them) and <terminal>.log (what went wrong, if anything).
#
#   terminal         what runs                          TERM / COLORTERM the demo sees
#   xterm-truecolor  xterm -fa 'DejaVu Sans Mono'       xterm-256color / truecolor
#   xterm-256        xterm                              xterm-256color / (unset)
#   kitty            kitty --config NONE                xterm-kitty / truecolor (kitty's own)
#   alacritty        alacritty, private YAML config     alacritty / truecolor (alacritty's own)
#   st               st (Debian stterm)                 st-256color / truecolor (st draws 24-bit
#                                                        but does not set it: set here)
#   urxvt            urxvt                              rxvt-unicode-256color / (unset)
#   tmux             tmux inside xterm-truecolor        tmux-256color / truecolor; private config:
#                                                        status off, terminal-features xterm*:RGB
#   screen           GNU screen inside xterm-truecolor  screen-256color / truecolor (screen 4 has
#                                                        no 24-bit: Curtain stays at 256)
#
# SHOT_TERMINALS="xterm-256 kitty" limits a run to some terminals. Colours: xterm and urxvt
# get -bg black -fg white; kitty, alacritty and st keep their own (dark) defaults. Kitty and
# alacritty draw with OpenGL: Mesa's software renderer (LIBGL_ALWAYS_SOFTWARE=1,
# libgl1-mesa-dri). The environment of every terminal is built from nothing (env -i): PATH,
# HOME and XDG_CONFIG_HOME in a private directory, LANG=LC_ALL=C.UTF-8, DISPLAY.
#
# Comparing: for each PNG in DIR_A with the same name in DIR_B, ImageMagick `compare -metric
# AE` (pixels that differ at all) and the bounding box of those pixels (WxH+X+Y in pixels, and
# roughly in cells: image size / 80x24, so off by a cell at most where a terminal has padding).
# The demo's Clock pane (lower left: "Elapsed", mm:ss and a bar that grows each second, cells
# cols 1-38 x rows 13-17) shows time since start, so two runs of the same binary may differ
# there; the last column counts the differing pixels outside that region (0 = only the clock
# moved). Under tmux and screen a few pixels at glyph edges (CJK and emoji glyphs wider or
# taller than their cells, which xterm lets bleed into the next cell) can also differ between
# runs of the same binary: the multiplexer redraws in an order that depends on timing.
# With DIFFDIR, a mask of the differing pixels (white) goes there per pair.
#
# Packages (Debian): xvfb xterm kitty alacritty stterm rxvt-unicode xdotool imagemagick
# fonts-dejavu fonts-noto-cjk libgl1-mesa-dri tmux screen ncurses-term. Missing ones are named
# and the script exits 2; nothing is installed here.
# Exit status: 0 everything shot (or compared), 1 some shot failed, 2 usage or missing packages.
set -uo pipefail

prog=terminal-screenshots
usage() { sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "$prog: $*" >&2; exit 2; }
cell_cols=80
cell_rows=24

# --- Compare mode ----------------------------------------------------------------------------
compare_dirs() {
    local a=$1 b=$2 diffdir=${3:-}
    [ -d "$a" ] || die "no directory $a"
    [ -d "$b" ] || die "no directory $b"
    [ -x /usr/bin/compare ] || die "ImageMagick's compare is missing (apt-get install imagemagick)"
    [ -z "$diffdir" ] || mkdir -p "$diffdir" || die "cannot create $diffdir"
    local tmp
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/$prog-compare.XXXXXX")
    printf '%-16s %-6s %8s  %-18s %-22s %s\n' terminal shot 'diff px' 'bbox (px)' 'bbox (~cells)' 'px outside clock'
    local f name terminal shot status=0 n=0
    for f in "$a"/*.png; do
        [ -e "$f" ] || continue
        name=$(basename "$f" .png)
        terminal=${name%-*}
        shot=${name##*-}
        n=$((n + 1))
        if [ ! -e "$b/$name.png" ]; then
            printf '%-16s %-6s %8s  %s\n' "$terminal" "$shot" '-' "missing in $b"
            status=1
            continue
        fi
        local size_a size_b
        size_a=$(/usr/bin/identify -format '%wx%h' "$f")
        size_b=$(/usr/bin/identify -format '%wx%h' "$b/$name.png")
        if [ "$size_a" != "$size_b" ]; then
            printf '%-16s %-6s %8s  %s\n' "$terminal" "$shot" '-' "sizes differ: $size_a vs $size_b"
            status=1
            continue
        fi
        local ae
        # AE goes to stderr; exit 1 only means "different".
        ae=$(/usr/bin/compare -metric AE "$f" "$b/$name.png" null: 2>&1 >/dev/null)
        ae=${ae%% *}
        if ! [[ "$ae" =~ ^[0-9.e+]+$ ]]; then
            printf '%-16s %-6s %8s  %s\n' "$terminal" "$shot" '-' "compare failed: $ae"
            status=1
            continue
        fi
        ae=$(printf '%.0f' "$ae")
        if [ "$ae" -eq 0 ]; then
            printf '%-16s %-6s %8s  %-18s %-22s %s\n' "$terminal" "$shot" 0 '-' '-' 0
            continue
        fi
        # A black/white mask of the differing pixels; its trimmed size is the bounding box.
        /usr/bin/compare -fuzz 0 "$f" "$b/$name.png" -compose src \
            -highlight-color white -lowlight-color black "$tmp/mask.png" 2>/dev/null
        local bbox
        # -border 1 first, so a difference touching the edge still trims against black; then
        # the offsets are taken back by 1.
        bbox=$(/usr/bin/convert "$tmp/mask.png" -bordercolor black -border 1 -format '%@' info:)
        local w h x y
        if [[ "$bbox" =~ ^([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)$ ]]; then
            w=${BASH_REMATCH[1]} h=${BASH_REMATCH[2]} x=$((BASH_REMATCH[3] - 1)) y=$((BASH_REMATCH[4] - 1))
            bbox="${w}x${h}+${x}+${y}"
            local iw=${size_a%x*} ih=${size_a#*x}
            local c0 c1 r0 r1 cells
            c0=$((x * cell_cols / iw)) c1=$(((x + w - 1) * cell_cols / iw))
            r0=$((y * cell_rows / ih)) r1=$(((y + h - 1) * cell_rows / ih))
            cells="cols $c0-$c1, rows $r0-$r1"
        else
            cells='?'
        fi
        # The mask with the Clock pane's content (cells cols 1-38, rows 13-17) blacked out.
        local iw=${size_a%x*} ih=${size_a#*x} outside
        outside=$(/usr/bin/convert "$tmp/mask.png" -fill black -draw \
            "rectangle $((1 * iw / cell_cols)),$((13 * ih / cell_rows)) $((39 * iw / cell_cols)),$((18 * ih / cell_rows))" \
            -format '%[fx:round(mean*w*h)]' info:)
        printf '%-16s %-6s %8s  %-18s %-22s %s\n' "$terminal" "$shot" "$ae" "$bbox" "$cells" "$outside"
        [ -z "$diffdir" ] || cp "$tmp/mask.png" "$diffdir/$name-diff.png"
    done
    rm -rf "$tmp"
    [ "$n" -gt 0 ] || { echo "$prog: no PNG in $a" >&2; status=1; }
    return "$status"
}

case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    --compare)
        [ $# -eq 3 ] || [ $# -eq 4 ] || die "usage: $0 --compare DIR_A DIR_B [DIFFDIR]"
        compare_dirs "$2" "$3" "${4:-}"
        exit $? ;;
    -*) die "unknown option '$1'; see $0 --help" ;;
esac
[ $# -eq 2 ] || die "usage: $0 BINARY OUTDIR   (or --compare DIR_A DIR_B [DIFFDIR]; --help)"

binary=$1
outdir=$2
[ -f "$binary" ] && [ -x "$binary" ] || die "$binary is not an executable file"
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
mkdir -p "$outdir" || die "cannot create $outdir"
outdir=$(cd "$outdir" && pwd)

all_terminals="xterm-truecolor xterm-256 kitty alacritty st urxvt tmux screen"
terminals=${SHOT_TERMINALS:-$all_terminals}
for t in $terminals; do
    case " $all_terminals " in *" $t "*) ;; *) die "unknown terminal '$t' (one of: $all_terminals)" ;; esac
done
display_number=${SHOT_DISPLAY:-97}
[[ "$display_number" =~ ^[0-9]+$ ]] || die "SHOT_DISPLAY must be a display number, like 97"

# --- What must be installed --------------------------------------------------------------------
missing=()
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing+=("$2"); }
need_cmd Xvfb xvfb
need_cmd xdotool xdotool
[ -x /usr/bin/import ] && [ -x /usr/bin/convert ] || missing+=(imagemagick)
fc-list 'DejaVu Sans Mono' family 2>/dev/null | grep -q . || missing+=(fonts-dejavu)
infocmp xterm-direct >/dev/null 2>&1 || missing+=(ncurses-term)
for t in $terminals; do
    case "$t" in
        xterm-*) need_cmd xterm xterm ;;
        kitty) need_cmd kitty kitty; [ -e /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so ] || ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1 || missing+=(libgl1-mesa-dri) ;;
        alacritty) need_cmd alacritty alacritty; ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1 || missing+=(libgl1-mesa-dri) ;;
        st) need_cmd stterm stterm ;;
        urxvt) need_cmd urxvt rxvt-unicode ;;
        tmux) need_cmd xterm xterm; need_cmd tmux tmux ;;
        screen) need_cmd xterm xterm; need_cmd screen screen ;;
    esac
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "$prog: missing packages; install them with:" >&2
    echo "    apt-get install $(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++' | tr '\n' ' ')" >&2
    exit 2
fi
[ ! -e "/tmp/.X$display_number-lock" ] && [ ! -e "/tmp/.X11-unix/X$display_number" ] ||
    die "display :$display_number is in use (a lock or socket exists); choose another with SHOT_DISPLAY"

# --- Work directory, and clean-up on any exit ---------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/$prog.XXXXXX")
mkdir -p "$work/home" "$work/config"
xvfb_pid=""
term_pid=""
tmux_socket=""
stop_pid() {
    local pid=$1
    [ -n "$pid" ] || return 0
    kill "$pid" 2>/dev/null || return 0
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
        kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
        sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
cleanup() {
    stop_pid "$term_pid"
    [ -z "$tmux_socket" ] || tmux -L "$tmux_socket" kill-server 2>/dev/null || true
    stop_pid "$xvfb_pid"
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Inside the terminal: say the window, then run the demo (directly, or in tmux or screen).
cat >"$work/launch.sh" <<'EOF'
#!/bin/sh
# launch.sh MODE SHOTDIR BINARY
mode=$1 dir=$2 bin=$3 work=$(dirname "$0")
printf '%s\n' "${WINDOWID:-}" >"$dir/window.tmp" && mv "$dir/window.tmp" "$dir/window"
case "$mode" in
    direct) exec "$work/inner.sh" "$dir" "$bin" ;;
    tmux) exec tmux -L "$(cat "$dir/tmux-socket")" -f "$work/tmux.conf" new-session -s shot-demo \
              "'$work/inner.sh' '$dir' '$bin'" ;;
    screen) mkdir -p -m 700 "$dir/screens"
            SCREENDIR="$dir/screens" SYSSCREENRC=/dev/null exec screen -c "$work/screenrc" -S shot-demo \
              "$work/inner.sh" "$dir" "$bin" ;;
esac
EOF
# What the demo sees, then the demo; its exit status is kept.
cat >"$work/inner.sh" <<'EOF'
#!/bin/sh
dir=$1 bin=$2
{ echo "TERM=${TERM:-}"; echo "COLORTERM=${COLORTERM:-}"; } >"$dir/env"
"$bin" 2>"$dir/demo-stderr"
echo "exit=$?" >>"$dir/env"
EOF
chmod +x "$work/launch.sh" "$work/inner.sh"
cat >"$work/tmux.conf" <<'EOF'
set -g default-terminal tmux-256color
set -as terminal-features ',xterm*:RGB'
set -g status off
set -g escape-time 10
set -g exit-empty on
EOF
cat >"$work/screenrc" <<'EOF'
startup_message off
term screen-256color
defutf8 on
vbell off
EOF
cat >"$work/alacritty.yml" <<'EOF'
window:
  dimensions:
    columns: 80
    lines: 24
  padding:
    x: 0
    y: 0
  dynamic_padding: false
font:
  normal:
    family: DejaVu Sans Mono
  size: 11
cursor:
  blinking: Never
EOF

# --- Xvfb ---------------------------------------------------------------------------------------
start_xvfb() {
    Xvfb ":$display_number" -screen 0 1200x800x24 -nolisten tcp -dpi 96 >"$work/xvfb.log" 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [ -e "/tmp/.X11-unix/X$display_number" ] && xdpyinfo -display ":$display_number" >/dev/null 2>&1 && return 0
        kill -0 "$xvfb_pid" 2>/dev/null || { cat "$work/xvfb.log" >&2; return 1; }
        sleep 0.1
    done
    return 1
}
# xdpyinfo comes with x11-utils; without it, wait on the socket alone.
command -v xdpyinfo >/dev/null 2>&1 || xdpyinfo() { [ -e "/tmp/.X11-unix/X$display_number" ]; }

# --- Captures -------------------------------------------------------------------------------------
capture() { import -display ":$display_number" -window "$1" "ppm:$2" 2>>"$3/import.log"; }
# Capture every 400 ms until two in a row are the same (and, with min_colors, show that many
# colours); the last one is written to $out as PNG. Returns 1 on timeout (writing the last).
settle() {
    local window=$1 dir=$2 out=$3 timeout=$4 min_colors=$5
    local prev="" n=0 start=$SECONDS cur
    while :; do
        n=$((n + 1))
        cur="$dir/cap-$n.ppm"
        capture "$window" "$cur" "$dir" || { echo "import failed: $(tail -n 1 "$dir/import.log")"; return 1; }
        if [ -n "$prev" ] && cmp -s "$prev" "$cur"; then
            local colors
            colors=$(convert "$cur" -format '%k' info:)
            if [ "$colors" -ge "$min_colors" ]; then
                convert "$cur" -strip "png:$out"
                rm -f "$dir"/cap-*.ppm
                return 0
            fi
        fi
        [ -n "$prev" ] && rm -f "$prev"
        prev=$cur
        if [ $((SECONDS - start)) -ge "$timeout" ]; then
            convert "$cur" -strip "png:$out"
            echo "the screen did not settle within ${timeout} s ($n captures; the last one is kept)"
            return 1
        fi
        sleep 0.4
    done
}
keys() { xdotool key --clearmodifiers "$@"; }

# --- One terminal -----------------------------------------------------------------------------------
base_env=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="$work/home"
          XDG_CONFIG_HOME="$work/config" LANG=C.UTF-8 LC_ALL=C.UTF-8 DISPLAY=":$display_number"
          SHELL=/bin/sh USER="${USER:-root}" LIBGL_ALWAYS_SOFTWARE=1)
failures=0
shoot() {
    local name=$1
    local dir="$work/$name"
    mkdir -p "$dir"
    local log="$outdir/$name.log"
    : >"$log"
    rm -f "$outdir/$name-start.png" "$outdir/$name-toast.png" "$outdir/$name.env"
    local xterm_cmd=(xterm -u8 -tn xterm-256color -geometry 80x24 -fa 'DejaVu Sans Mono' -fs 11 -bg black -fg white +sb
                     -xrm 'XTerm*cursorBlink: false' -xrm 'XTerm*allowTitleOps: false' -title curtain)
    # extra: variables for the program inside the terminal (xterm drops COLORTERM from its own
    # environment, so they are set by `env` inside it).
    local cmd=() extra=() mode=direct
    case "$name" in
        xterm-truecolor) cmd=("${xterm_cmd[@]}" -e); extra=(COLORTERM=truecolor) ;;
        xterm-256) cmd=("${xterm_cmd[@]}" -e) ;;
        kitty) cmd=(kitty --config NONE -o 'font_family=DejaVu Sans Mono' -o font_size=11
                    -o initial_window_width=80c -o initial_window_height=24c -o remember_window_size=no
                    -o placement_strategy=top-left -o window_padding_width=0 -o cursor_blink_interval=0
                    -o enable_audio_bell=no -o allow_remote_control=no -o update_check_interval=0
                    -o confirm_os_window_close=0 --title curtain) ;;
        alacritty) cmd=(alacritty --config-file "$work/alacritty.yml" --title curtain -e) ;;
        st) cmd=(stterm -f 'DejaVu Sans Mono:size=11' -g 80x24 -t curtain -e); extra=(COLORTERM=truecolor) ;;
        urxvt) cmd=(urxvt -fn 'xft:DejaVu Sans Mono:size=11' -geometry 80x24 -bg black -fg white +sb
                    -title curtain -e) ;;
        tmux) cmd=("${xterm_cmd[@]}" -e); extra=(COLORTERM=truecolor); mode=tmux
              tmux_socket="shot-$name-$$"; echo "$tmux_socket" >"$dir/tmux-socket" ;;
        screen) cmd=("${xterm_cmd[@]}" -e); extra=(COLORTERM=truecolor); mode=screen ;;
    esac

    if ! start_xvfb; then
        echo "Xvfb :$display_number did not start: $(tail -n 3 "$work/xvfb.log" | tr '\n' ' ')" | tee -a "$log" >&2
        stop_pid "$xvfb_pid"; xvfb_pid=""
        failures=$((failures + 1))
        return
    fi
    export DISPLAY=":$display_number"
    (cd "$work/home" && exec env -i "${base_env[@]}" "${cmd[@]}" env "${extra[@]}" "$work/launch.sh" "$mode" "$dir" "$binary") \
        >"$dir/terminal.log" 2>&1 &
    term_pid=$!

    local result="" window="" start=$SECONDS
    while :; do
        if [ -s "$dir/window" ]; then window=$(cat "$dir/window"); break; fi
        kill -0 "$term_pid" 2>/dev/null || { result="the terminal exited: $(tail -n 5 "$dir/terminal.log" | tr '\n' ' ')"; break; }
        [ $((SECONDS - start)) -lt 30 ] || { result="no window within 30 s"; break; }
        sleep 0.1
    done
    [ -n "$result" ] || [ -n "$window" ] || result="the terminal set no WINDOWID"
    if [ -z "$result" ]; then
        # The window gets the keyboard: keys below go to it through XTEST.
        xdotool windowfocus --sync "$window" 2>>"$log" || xdotool windowfocus "$window" 2>>"$log"
        sleep 1
        local why
        if ! why=$(settle "$window" "$dir" "$outdir/$name-start.png" 30 8); then
            result="start: $why"
        else
            keys t
            sleep 1.5
            why=$(settle "$window" "$dir" "$outdir/$name-toast.png" 10 8) || result="toast: $why"
        fi
        keys Escape
        sleep 0.6
        keys q
        start=$SECONDS
        while kill -0 "$term_pid" 2>/dev/null && [ $((SECONDS - start)) -lt 10 ]; do sleep 0.1; done
        if kill -0 "$term_pid" 2>/dev/null; then
            result="${result:+$result; }the terminal did not close within 10 s of Esc q"
        fi
    fi
    stop_pid "$term_pid"; term_pid=""
    if [ -n "$tmux_socket" ]; then tmux -L "$tmux_socket" kill-server 2>/dev/null || true; tmux_socket=""; fi
    stop_pid "$xvfb_pid"; xvfb_pid=""
    [ -f "$dir/env" ] && cp "$dir/env" "$outdir/$name.env"
    [ -s "$dir/demo-stderr" ] && { echo "--- demo stderr:"; cat "$dir/demo-stderr"; } >>"$log"
    [ -s "$dir/terminal.log" ] && { echo "--- terminal output:"; cat "$dir/terminal.log"; } >>"$log"
    if [ -z "$result" ]; then
        echo "$name: ok ($(tr '\n' ' ' <"$outdir/$name.env" 2>/dev/null))"
    else
        echo "$result" >>"$log"
        echo "$prog: $name: $result (see $log)" >&2
        failures=$((failures + 1))
    fi
}

for t in $terminals; do shoot "$t"; done
ls "$outdir"/*.png 2>/dev/null
if [ "$failures" -gt 0 ]; then
    echo "$prog: $failures terminal(s) failed; see the .log files in $outdir" >&2
    exit 1
fi
