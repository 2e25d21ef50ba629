#!/usr/bin/env python3
"""The bytes a step of the demo physically needs, next to what it sent: Curtain's own frames,
each against the one before, written in the shortest exact form.

  swift build -c release --product curtain-demo
  scripts/byte-floor.py [--binary PATH] [--runs 5] [--depth 256|truecolor|both] [--steps toast,typing,growth,tick]

The demo runs in scripts/ptyterm.py's pseudo-terminal at 80x24 (an xterm: it answers the
start-up questions, status requests and palette questions). Every chunk the program writes is
one frame (Curtain writes a frame in one write(2)); after each, the screen (pyte) is kept. The
floor of a frame is the fewest bytes that turn the screen before it into the screen after it:
each changed cell's character in UTF-8; the cursor moved to each run of changed cells by the
shortest of CUP, or a vertical move (VPA, CUU, CUD, LF) and a horizontal one (CHA, CUF, CUB,
CR, backspaces), or by writing the unchanged cells between when that is
shorter, from where the frame before left it; the graphic renditions changed with the shortest exact SGR — only the parts that
change, or a reset and what differs from the defaults; a colour as `38;5;n` where it is exactly
one of xterm's palette entries 16-255 (the harness's palette), else `38;2;r;g;b`; a run of
blanks erased (ECH) where that is shorter than writing it — and one reset
at the end when the frame leaves renditions set. No status requests, no questions.

Steps: `toast` (t), `typing` (one character, x), `growth` (Enter), `tick` (5 s idle: each
clock tick). Medians over the runs, the machine's load printed.
"""
import argparse, os, statistics, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from ptyterm import PALETTE_QUERY, PtyTerminal, xterm_palette  # noqa: E402

NAMES = ["black", "red", "green", "brown", "blue", "magenta", "cyan", "white"]
STANDARD = {xterm_palette(i): i for i in range(255, 15, -1)}


def color_parameter(color, selector):
    """The shortest SGR parameter for a pyte colour: `selector` 3 (foreground) or 4."""
    if color == "default":
        return f"{selector}9"
    if color in NAMES:
        return f"{selector}{NAMES.index(color)}"
    bright = color.removeprefix("bright")
    if bright in NAMES:
        return f"{9 if selector == '3' else 10}{NAMES.index(bright)}"
    rgb = tuple(int(color[i:i + 2], 16) for i in (0, 2, 4))
    if rgb in STANDARD:
        return f"{selector}8;5;{STANDARD[rgb]}"
    return f"{selector}8;2;{rgb[0]};{rgb[1]};{rgb[2]}"


FLAGS = [("bold", "1", "22"), ("italics", "3", "23"), ("underscore", "4", "24"), ("blink", "5", "25"),
         ("reverse", "7", "27"), ("strikethrough", "9", "29")]
DEFAULT = ("default", "default", False, False, False, False, False, False)


def rendition(cell):
    return (cell.fg, cell.bg, cell.bold, cell.italics, cell.underscore, cell.blink, cell.reverse, cell.strikethrough)


def sgr_cost(old, new):
    """Bytes of the shortest SGR from renditions `old` (None: unknown) to `new`; 0 if equal."""
    if old == new:
        return 0

    def parameters(start, target):
        out = []
        if start is None or start[0] != target[0]:
            out.append(color_parameter(target[0], "3"))
        if start is None or start[1] != target[1]:
            out.append(color_parameter(target[1], "4"))
        for index, (_, on, off) in enumerate(FLAGS):
            if start is None or start[index + 2] != target[index + 2]:
                out.append(on if target[index + 2] else off)
        return out

    def length(params):
        return 0 if not params else 2 + sum(len(p) + 1 for p in params)

    diff = length(parameters(old, new))
    reset_params = parameters(DEFAULT, new)
    reset = 3 if not reset_params else length(["0"] + reset_params)
    return min(diff, reset)


def cells(screen, columns, rows):
    return [[screen.buffer[y][x] for x in range(columns)] for y in range(rows)]


def floor_bytes(before, after, cursor=None, state=None):
    """The floor of the frame that turns `before` into `after` (grids of pyte cells), from the
    cursor position (row, column) and renditions the screen had before it (None: unknown)."""
    total = 0
    for y, (old_row, new_row) in enumerate(zip(before, after)):
        x = 0
        width = len(new_row)
        while x < width:
            old, new = old_row[x], new_row[x]
            if old.data == new.data and rendition(old) == rendition(new):
                x += 1
                continue
            if new.data == "" and x > 0:   # the second half of a wide character written before
                x += 1
                continue
            # Move there.
            if cursor != (y, x):
                moves = [len(f"\x1b[{y + 1};{x + 1}H") if x else len(f"\x1b[{y + 1}H")]
                if cursor is not None:
                    cy, cx = cursor
                    vertical = [0] if cy == y else [len(f"\x1b[{y + 1}d")] + (
                        [1] if y == cy + 1 else [len(f"\x1b[{y - cy}B")] if y > cy else [len(f"\x1b[{cy - y}A")])
                    horizontal = [0] if cx == x else [len(f"\x1b[{x + 1}G")] + ([1] if x == 0 else []) + (
                        [len(f"\x1b[{x - cx}C")] if x > cx else [cx - x, len(f"\x1b[{cx - x}D")])
                    if cy == y and x > cx:
                        gap = new_row[cx:x]
                        if all(rendition(c) == state for c in gap) and all(c.data for c in gap):
                            horizontal.append(sum(len(c.data.encode()) for c in gap))
                    moves.append(min(vertical) + min(horizontal))
                total += min(moves)
            total += sgr_cost(state, rendition(new))
            state = rendition(new)
            # A run of blanks can be erased (ECH, in the current background) instead of written;
            # the cursor stays where it is.
            blanks = 0
            while x + blanks < width and new_row[x + blanks].data == " " and rendition(new_row[x + blanks]) == state \
                    and (old_row[x + blanks].data, rendition(old_row[x + blanks])) != (" ", state):
                blanks += 1
            if blanks > len(f"\x1b[{blanks}X"):
                total += len(f"\x1b[{blanks}X")
                x += blanks
                cursor = (y, x - blanks)
                continue
            text = new.data or " "
            total += len(text.encode())
            wide = x + 1 < width and new_row[x + 1].data == ""
            x += 2 if wide else 1
            cursor = (y, x)
    if state is not None and state != DEFAULT:
        total += 3    # ESC [ m
    return total


class FrameRecorder:
    """Processes the program's output one chunk (one frame) at a time, keeping each screen."""

    def __init__(self, terminal):
        self.terminal = terminal
        self.frames = []   # (bytes of the chunk, frame content bytes, floor)

    def pump(self, seconds):
        terminal = self.terminal
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            with terminal.lock:
                chunk = terminal.queue.popleft() if terminal.queue else None
                if chunk is not None:
                    terminal.queued -= len(chunk)
            if chunk is None:
                time.sleep(0.002)
                continue
            before = cells(terminal.screen, terminal.columns, terminal.rows)
            cursor = terminal.screen.cursor
            start = ((cursor.y, cursor.x), rendition(cursor.attrs))
            terminal._process(chunk)
            terminal.consumed += len(chunk)
            after = cells(terminal.screen, terminal.columns, terminal.rows)
            content = len(chunk) - chunk.count(b"\x1b[5n") * 4 - sum(
                len(m.group(0)) for m in PALETTE_QUERY.finditer(chunk))
            self.frames.append((len(chunk), content, floor_bytes(before, after, *start)))


def measure(binary, truecolor, steps):
    env = {"COLORTERM": "truecolor" if truecolor else None}
    terminal = PtyTerminal([binary], env=env)
    recorder = FrameRecorder(terminal)
    results = {}
    try:
        recorder.pump(2.0)
        for step in steps:
            recorder.frames.clear()
            if step == "toast":
                terminal.send(b"t")
                recorder.pump(1.5)
            elif step == "typing":
                terminal.send(b"x")
                recorder.pump(0.6)
            elif step == "growth":
                terminal.send(b"\r")
                recorder.pump(0.8)
            elif step == "tick":
                recorder.pump(5.0)
            sent = sum(f[0] for f in recorder.frames)
            content = sum(f[1] for f in recorder.frames)
            floor = sum(f[2] for f in recorder.frames)
            results[step] = (sent, content, floor, len(recorder.frames))
    finally:
        terminal.close(b"\x03")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(HERE), ".build/release/curtain-demo"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--depth", choices=["256", "truecolor", "both"], default="both")
    parser.add_argument("--steps", default="toast,typing,growth,tick")
    args = parser.parse_args()
    steps = args.steps.split(",")
    depths = {"256": [False], "truecolor": [True], "both": [True, False]}[args.depth]
    print(f"load average {os.getloadavg()[0]:.2f}; {args.binary}; 80x24, medians of {args.runs} runs")
    for truecolor in depths:
        runs = [measure(args.binary, truecolor, steps) for _ in range(args.runs)]
        print(f"\n{'24-bit colour' if truecolor else '256 colours'}")
        print(f"{'step':8} {'frames':>6} {'sent B':>8} {'frames B':>9} {'floor B':>8} {'ratio':>6}")
        for step in steps:
            sent = statistics.median(r[step][0] for r in runs)
            content = statistics.median(r[step][1] for r in runs)
            floor = statistics.median(r[step][2] for r in runs)
            frames = statistics.median(r[step][3] for r in runs)
            print(f"{step:8} {frames:6.0f} {sent:8.0f} {content:9.0f} {floor:8.0f} {content / floor if floor else 0:6.2f}")
    print("\nsent: everything the program wrote in the step; frames: less status requests and palette questions;"
          "\nfloor: the same frames in the fewest bytes (see the top of this script); ratio: frames / floor")


if __name__ == "__main__":
    main()
