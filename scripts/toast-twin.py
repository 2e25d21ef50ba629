#!/usr/bin/env python3
"""A toast appearing in 24-bit colour: curtain-demo against a Bubble Tea twin that draws the same
cells (scripts/bubbletea_twin), in a pseudo-terminal at 80x24 (scripts/ptyterm.py).

  GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/bubbletea-twin ./scripts/bubbletea_twin
  swift build -c release --product curtain-demo
  scripts/toast-twin.py --twin /tmp/bubbletea-twin [--binary PATH] [--runs 7] [--steps 4]

The demo runs first: its screen before and after `t` (settled) is dumped for the twin, which then
plays the same step (`t`: the toast slides up over 0.3 s, its pane dims in --steps steps). Prints
the bytes each program sent for the step (the demo's do not vary from run to run; the twin's
depend on which of its 60 Hz frames the renderer flushes, so the median of --runs) and whether
their settled screens differ (clock pane left out).
"""
import argparse, json, os, statistics, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from ptyterm import PtyTerminal  # noqa: E402

CLOCK = (1, 13, 39, 22)


def step(argv, env):
    """Settle, press t, settle: (bytes sent for the step, cells before, cells after)."""
    terminal = PtyTerminal(argv, env=env, mask=CLOCK)
    try:
        terminal.settle(None, quiet=1.0, limit=30)
        before = terminal.cells()
        produced = terminal.produced
        terminal.send(b"t")
        terminal.settle(None, quiet=1.0, limit=30)
        return terminal.produced - produced, before, terminal.cells()
    finally:
        terminal.close(b"\x03")


def dump(binary, path):
    terminal = PtyTerminal([binary], env={"COLORTERM": "truecolor"})
    try:
        def cells():
            return [[(c.data, c.fg, c.bg, c.bold) for c in (terminal.screen.buffer[y][x] for x in range(terminal.columns))]
                    for y in range(terminal.rows)]
        terminal.settle(None, quiet=1.0, limit=30)
        before = cells()
        terminal.send(b"t")
        terminal.settle(None, quiet=1.0, limit=30)
        json.dump({"before": before, "after": cells()}, open(path, "w"))
    finally:
        terminal.close(b"\x03")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(HERE), ".build/release/curtain-demo"))
    parser.add_argument("--twin", required=True, help="the built scripts/bubbletea_twin")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--steps", type=int, default=4, help="the twin's dim steps")
    args = parser.parse_args()
    for path in (args.binary, args.twin):
        if not os.access(path, os.X_OK):
            raise SystemExit(f"{path}: not built (see --help)")
    with tempfile.TemporaryDirectory() as directory:
        screens = os.path.join(directory, "screens.json")
        dump(args.binary, screens)
        curtain, _, shown = step([args.binary], {"COLORTERM": "truecolor"})
        env = {"COLORTERM": "truecolor", "TWIN_SCREENS": screens, "TWIN_STEPS": str(args.steps)}
        runs = [step([args.twin], env) for _ in range(args.runs)]
    twin = statistics.median(r[0] for r in runs)
    differing = sum(a != b for old, new in zip(shown, runs[0][2]) for a, b in zip(old, new))
    print(f"toast, 80x24, 24-bit colour: curtain-demo {curtain} B; Bubble Tea twin ({args.steps} dim steps) "
          f"median {twin:.0f} B of {sorted(r[0] for r in runs)}; curtain / twin {curtain / twin:.2f}")
    print(f"settled screens: {differing} cells differ (the clock pane left out)")


if __name__ == "__main__":
    main()
