#!/usr/bin/env bash
# Drives a built curtain-demo in a real pty (tmux) and checks what a person would see:
#   1. the first frame is drawn, with colours (capture-pane -e shows SGR colour codes);
#   2. `t` shows a toast (a new box on screen);
#   3. typed text appears in it;
#   4. Ctrl-C exits with status 0, and the terminal comes back clean: tmux is off the
#      alternate screen (#{alternate_on} is 0), the shell's prompt is back, the demo's screen
#      is gone and `stty -g` is the same before and after.
# Any failed check prints the screen and exits 1 (2 for a usage error or missing tmux).
#
# Usage: scripts/drive-demo-tmux.sh [--truecolor-falls-back] [--timeout SECONDS] BINARY
#   --truecolor-falls-back   run it with COLORTERM=truecolor and check that the first frame is
#               drawn in 256 colours all the same (no 38;2/48;2 SGR): ncurses 6.0 has no direct colour
# The demo runs with TERM=xterm-256color and LANG=LC_ALL=C.UTF-8 in a 100x30 pane, in a shell
# started with `env -i`, on a tmux server of its own (socket nc-drive-PID), so nothing of the
# caller's tmux or environment leaks in.
set -euo pipefail

prog=drive-demo-tmux
truecolor_falls_back=false
timeout=20
while [ $# -gt 0 ]; do
    case "$1" in
        --truecolor-falls-back) truecolor_falls_back=true; shift ;;
        --timeout) timeout=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        -*) echo "$prog: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "$prog: usage: $0 [--truecolor-falls-back] [--timeout SECONDS] BINARY" >&2; exit 2; }
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[ -x "$binary" ] || { echo "$prog: no executable at $binary" >&2; exit 2; }
command -v tmux >/dev/null 2>&1 || { echo "$prog: tmux is not installed" >&2; exit 2; }

socket="nc-drive-$$"
session="nc-drive"
work=$(mktemp -d)
tmux_() { tmux -L "$socket" -f "$work/tmux.conf" "$@"; }
# The shell may still be writing as the server goes: removing its files must not fail the run.
cleanup() { tmux_ kill-server >/dev/null 2>&1 || true; rm -rf "$work" 2>/dev/null || true; }
trap cleanup EXIT

screen_text() { tmux_ capture-pane -p -t "$session"; }
screen_sgr() { tmux_ capture-pane -p -e -N -t "$session"; }
fail() {
    echo "$prog: FAIL: $*" >&2
    echo "---- screen ----" >&2
    screen_text >&2 || true
    echo "----------------" >&2
    exit 1
}
pass() { echo "$prog: ok: $*"; }
# wait_for DESCRIPTION COMMAND...: polls COMMAND every 0.2 s until it succeeds or $timeout passes.
wait_for() {
    local what=$1; shift
    local deadline=$((SECONDS + timeout))
    until "$@"; do
        [ $SECONDS -lt $deadline ] || fail "$what (waited ${timeout} s)"
        sleep 0.2
    done
}
# Top-left corners of every box on screen (the grid's panes, toasts).
corners() { screen_text | grep -o '[┌╭╔┏]' | wc -l; }

printf 'set -g status off\n' > "$work/tmux.conf"
env_line="env -i PATH=/usr/bin:/bin HOME=$work HISTFILE=/dev/null TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' bash --norc --noprofile"
tmux_ new-session -d -s "$session" -x 100 -y 30 "$env_line"
wait_for "the shell's prompt" eval 'screen_text | grep -q "^\$"'

run_env="TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8"
$truecolor_falls_back && run_env="COLORTERM=truecolor $run_env"
tmux_ send-keys -t "$session" -l "stty -g > '$work/before'; $run_env '$binary'; echo \"status:\$?\" > '$work/status'; stty -g > '$work/after'"
tmux_ send-keys -t "$session" Enter

# 1. The first frame, in colour: the four panes' titles, and SGR colour parameters
#    (30-37/90-97, 40-47/100-107, 38;5;N or 48;5;N) in what tmux holds for the pane.
wait_for "the first frame (pane titles Colours, Unicode, Clock, About)" eval \
    'screen_text | grep -q Colours && screen_text | grep -q Unicode && screen_text | grep -q Clock && screen_text | grep -q About'
[ "$(tmux_ display -p -t "$session" '#{alternate_on}')" = 1 ] || fail "the demo is not on the alternate screen"
colour_sgr=$'\e\\[([0-9;]*;)?(3[0-7]|9[0-7]|4[0-7]|10[0-7]|38;5;[0-9]+|48;5;[0-9]+)(;[0-9;]*)?m'
has_colour() { screen_sgr | grep -Eq "$colour_sgr"; }
wait_for "colours on the first frame (no SGR colour code in capture-pane -e)" has_colour
pass "first frame drawn with colours ($(screen_sgr | grep -Eo "$colour_sgr" | sort -u | wc -l) distinct colour codes)"
if $truecolor_falls_back; then
    rgb_sgr=$'\e\\[([0-9;]*;)?[34]8;2;'
    if screen_sgr | grep -Eq "$rgb_sgr"; then fail "COLORTERM=truecolor: 24-bit colours reached the screen"; fi
    screen_sgr | grep -Eq $'\e\\[([0-9;]*;)?[34]8;5;' || fail "COLORTERM=truecolor: no 256-colour SGR on the first frame"
    pass "COLORTERM=truecolor: drawn in 256 colours (no 24-bit SGR)"
fi

# 2. A toast: `t` puts one up in the focused pane, a box of its own.
before=$(corners)
tmux_ send-keys -t "$session" -l t
toast_up() { [ "$(corners)" -gt "$before" ]; }
wait_for "a toast after t (boxes on screen stayed at $before)" toast_up
pass "t showed a toast ($before boxes, then $(corners))"

# 3. Typed text appears in it.
typed="nc60 typed"
tmux_ send-keys -t "$session" -l "$typed"
wait_for "the typed text \"$typed\" on screen" eval 'screen_text | grep -q "$typed"'
pass "typed text appears"

# 4. Ctrl-C quits; the terminal is given back as it was.
tmux_ send-keys -t "$session" C-c
wait_for "the demo to exit after Ctrl-C" test -s "$work/after"
status=$(cat "$work/status")
[ "$status" = "status:0" ] || fail "Ctrl-C: exit $status, expected status:0"
[ "$(tmux_ display -p -t "$session" '#{alternate_on}')" = 0 ] || fail "still on the alternate screen after exit"
cmp -s "$work/before" "$work/after" || fail "terminal modes differ after exit (stty -g)"
wait_for "the shell's prompt back as the last line" eval 'screen_text | grep -v "^$" | tail -1 | grep -q "^\\$ *$"'
if screen_text | grep -q "Colours"; then fail "the demo's screen is still shown after exit"; fi
pass "Ctrl-C exited with status 0, alternate screen off, modes restored, prompt back"
echo "$prog: all checks passed"
