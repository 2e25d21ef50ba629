#!/usr/bin/env bash
# Compiles every Swift snippet of README.md that imports a Curtain module, each as its own
# target of a scratch package that depends on this checkout, so the README can never show
# code that does not build. A snippet with `@main` becomes an executable, one that imports
# Testing a test target, any other a library. The README's smallest program (the snippet
# marked `// readme: run`) is then run in tmux: `t` must show its toast, the toast must go
# away by itself, `q` must end it with status 0. The "running other programs" one
# (`// readme: procs`) must show its command's colours and exit status; Ctrl-C ends it.
#
# Usage: scripts/check-readme-snippets.sh [scratch-dir]   (called by .ci/run)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${1:-$(mktemp -d /tmp/curtain-readme.XXXXXX)}
rm -rf "$scratch/Sources" "$scratch/Tests" "$scratch/upload.txt" "$scratch/procs.txt"
mkdir -p "$scratch"

python3 - "$repo/README.md" "$scratch" "$repo" <<'PY'
import os, re, sys
readme, scratch, repo = sys.argv[1:4]
sys.dont_write_bytecode = True   # no __pycache__ in the checkout
sys.path.insert(0, os.path.join(repo, "scripts"))
from snippet_package import curtain_imports, kind_of, write_package, write_sample
text = open(readme, encoding="utf-8").read()
blocks = re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M)
targets = []
runnable = []
for index, code in enumerate(blocks, 1):
    imports = curtain_imports(code)
    if not any(i.startswith("Curtain") for i in imports):
        continue
    name = f"Snippet{index}"
    kind = kind_of(code, imports)
    write_sample(scratch, name, kind, code)
    targets.append((name, kind, [i for i in imports if i.startswith("Curtain")]))
    if "// readme: run" in code and kind == "executable":
        runnable.append(name)
    if "// readme: upload" in code:
        open(os.path.join(scratch, "upload.txt"), "w").write(name)
    if "// readme: procs" in code:
        open(os.path.join(scratch, "procs.txt"), "w").write(name)
if not targets:
    sys.exit("check-readme-snippets: README.md has no Swift snippet that imports Curtain")
write_package(scratch, repo, "ReadmeSnippets", targets)
open(os.path.join(scratch, "runnable.txt"), "w").write("\n".join(runnable))
print(f"check-readme-snippets: {len(targets)} snippets: " + ", ".join(f"{n} ({k})" for n, k, _ in targets))
PY

cd "$scratch"
if ! swift build --build-tests > build.log 2>&1; then
    grep -v "prohibited flag" build.log | tail -n 30 >&2
    echo "check-readme-snippets: a README snippet does not compile (the scratch package is $scratch)" >&2
    exit 1
fi

runnable=$(cat runnable.txt)
[ -n "$runnable" ] || { echo "check-readme-snippets: no snippet is marked '// readme: run'" >&2; exit 1; }
command -v tmux >/dev/null || { echo "check-readme-snippets: tmux is needed to run the smallest program" >&2; exit 1; }
binary="$scratch/.build/debug/$runnable"
socket="curtain-readme-$$"
status_file="$scratch/status"
rm -f "$status_file"
tmux -L "$socket" new-session -d -s readme -x 60 -y 12 "env TERM=xterm-256color LANG=C.UTF-8 '$binary'; echo \$? > '$status_file'; sleep 5"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
screen() { tmux -L "$socket" capture-pane -p -t readme; }
wait_for() {  # wait_for TEXT present|absent
    for _ in $(seq 1 60); do
        if screen | grep -q -- "$1"; then [ "$2" = present ] && return 0; else [ "$2" = absent ] && return 0; fi
        sleep 0.1
    done
    echo "check-readme-snippets: the smallest program never showed '$1' $2; its screen:" >&2
    screen >&2
    exit 1
}
wait_for "q quits" present
tmux -L "$socket" send-keys -t readme t
wait_for "Hello from Curtain" present
sleep 2.5
wait_for "Hello from Curtain" absent
tmux -L "$socket" send-keys -t readme q
for _ in $(seq 1 50); do [ -s "$status_file" ] && break; sleep 0.1; done
[ "$(cat "$status_file" 2>/dev/null)" = 0 ] || { echo "check-readme-snippets: the smallest program did not exit 0 after q" >&2; exit 1; }
# The "work that takes time" program: its task's banner must appear with no key pressed after u.
upload=$(cat upload.txt 2>/dev/null || true)
[ -n "$upload" ] || { echo "check-readme-snippets: no snippet is marked '// readme: upload'" >&2; exit 1; }
rm -f "$status_file"
tmux -L "$socket" kill-session -t readme 2>/dev/null || true
tmux -L "$socket" new-session -d -s readme -x 60 -y 12 "env TERM=xterm-256color LANG=C.UTF-8 '$scratch/.build/debug/$upload'; echo \$? > '$status_file'; sleep 5"
wait_for "u uploads" present
tmux -L "$socket" send-keys -t readme u
wait_for "Uploading report.pdf" present
wait_for "report.pdf is on the server" present
tmux -L "$socket" send-keys -t readme q
for _ in $(seq 1 50); do [ -s "$status_file" ] && break; sleep 0.1; done
[ "$(cat "$status_file" 2>/dev/null)" = 0 ] || { echo "check-readme-snippets: the upload program did not exit 0 after q" >&2; exit 1; }
# The "running other programs" program: the command's output, then its exit status.
procs=$(cat procs.txt 2>/dev/null || true)
[ -n "$procs" ] || { echo "check-readme-snippets: no snippet is marked '// readme: procs'" >&2; exit 1; }
rm -f "$status_file"
tmux -L "$socket" kill-session -t readme 2>/dev/null || true
tmux -L "$socket" new-session -d -s readme -x 60 -y 12 "env TERM=xterm-256color LANG=C.UTF-8 '$scratch/.build/debug/$procs'; echo \$? > '$status_file'; sleep 5"
wait_for "— exited 0" present
tmux -L "$socket" capture-pane -p -e -t readme | grep -q $'\e\\[[0-9;]*m[a-z]' || { echo "check-readme-snippets: ls showed no colour" >&2; exit 1; }
tmux -L "$socket" send-keys -t readme C-c
for _ in $(seq 1 50); do [ -s "$status_file" ] && break; sleep 0.1; done
[ "$(cat "$status_file" 2>/dev/null)" = 0 ] || { echo "check-readme-snippets: the procs program did not exit 0 after Ctrl-C" >&2; exit 1; }
echo "check-readme-snippets: every snippet compiles; the smallest program shows its toast, dismisses it after 2 s and quits with status 0; the upload program's task shows its banner; the procs program shows its command's colours and exit status"
