#!/usr/bin/env python3
"""curtain-demo and its Textual twin side by side in a pseudo-terminal at 80x24: per step of the
scenario in scripts/twin_scenario.py (toast, typing, growth, focus, modal, back), the bytes
until the screen settled, the time it took and the bytes per changed cell, medians of --runs runs.

  pip install textual==8.2.8 pyte
  swift build -c release --product curtain-demo && scripts/side-by-side.py [--runs 3] [--rate B/s] [--depth 256|truecolor|both] [--json]

Both programs run with TERM=xterm-256color; `truecolor` adds COLORTERM=truecolor, which both
take as 24-bit colour (Curtain through xterm-direct, whose SGRs are in the colon form the
screen here is taught to read). The default measures both depths, one table each.
"""
import argparse, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from twin_scenario import ROOT, check_binary, measure  # noqa: E402


def print_table(title, table):
    print(title)
    print(f"{'step':8} {'Curtain s':>10} {'Curtain B':>10} {'cells':>6} {'B/cell':>7} "
          f"{'Textual s':>10} {'Textual B':>10} {'cells':>6} {'B/cell':>7} {'bytes C/T':>10}")
    totals = {app: [0.0, 0] for app in table}
    for index, (name, *_r) in enumerate(table["curtain"]):
        c, t = table["curtain"][index], table["textual"][index]
        for app, row in (("curtain", c), ("textual", t)):
            totals[app][0] += row[1]
            totals[app][1] += row[3]
        ratio = c[3] / t[3] if t[3] else float("nan")
        per_cell = lambda row: f"{row[3] / row[4]:7.1f}" if row[4] else f"{'-':>7}"
        print(f"{name:8} {c[1]:10.2f} {c[3]:10d} {c[4]:6d} {per_cell(c)} "
              f"{t[1]:10.2f} {t[3]:10d} {t[4]:6d} {per_cell(t)} {ratio:10.2f}")
    (cs, cb), (ts, tb) = totals["curtain"], totals["textual"]
    print(f"{'all':8} {cs:10.2f} {cb:10d} {'':6} {'':7} {ts:10.2f} {tb:10d} {'':6} {'':7} {cb / tb:10.2f}   time C/T {cs / ts:.2f}")
    print("cells: cells the step changed (settled screen against the one before, the clock left out); "
          "B/cell: bytes sent per changed cell")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/curtain-demo"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=float, default=None, help="bytes a second the terminal shows (default: as fast as they come)")
    parser.add_argument("--depth", choices=["256", "truecolor", "both"], default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    check_binary(args.binary)
    depths = ["256", "truecolor"] if args.depth == "both" else [args.depth]
    results = {}
    for depth in depths:
        env = {"COLORTERM": "truecolor"} if depth == "truecolor" else {"COLORTERM": None}
        results[depth] = measure(args.binary, args.rate, args.runs, env=env)
    if args.json:
        print(json.dumps({"rate": args.rate, "runs": args.runs, "depths": results}))
        return
    for depth, table in results.items():
        print_table(f"80x24, {'24-bit colour' if depth == 'truecolor' else '256 colours'}, "
                    f"{'unthrottled' if args.rate is None else f'{args.rate:.0f} B/s'}, medians of {args.runs} runs "
                    "(s: key to settled screen; B: bytes the step sent)", table)
        print()


if __name__ == "__main__":
    main()
