#!/bin/bash
# The writes one key costs: runs BINARY in tmux at 80x24 under `strace -f -y -e trace=write`,
# waits for it to settle, sends KEY, and prints the writes that reached the terminal (/dev/pts)
# after it, with their count (docs/PERFORMANCE.md, "One write per frame").
#
#   scripts/strace-frame.sh NAME BINARY KEY [ARGS...]
#   scripts/strace-frame.sh browser .build/debug/curtain-browser Down .
set -u
name=$1; bin=$(realpath "$2"); key=$3; shift 3
dir=${TMPDIR:-/tmp}/strace-frame; mkdir -p "$dir"
out=$dir/$name.strace
rm -f "$out"
tmux kill-session -t "strace-$name" 2>/dev/null
tmux new-session -d -s "strace-$name" -x 80 -y 24 \
    "TERM=xterm-256color strace -f -y -tt -e trace=write -s 2000 -o '$out' '$bin' $*"
sleep 3
mark=$(wc -l < "$out")
tmux send-keys -t "strace-$name" "$key"
sleep 1.5
tail -n +$((mark + 1)) "$out" | grep 'write(1</dev/pts' > "$dir/$name.after"
tmux send-keys -t "strace-$name" C-c; sleep 0.5; tmux kill-session -t "strace-$name" 2>/dev/null
echo "writes to the terminal after $key: $(grep -c 'write(1' "$dir/$name.after")"
cut -c1-220 "$dir/$name.after"
