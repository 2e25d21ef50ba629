#!/usr/bin/env python3
"""The slow-link benchmark (issue 16): curtain-demo and its Textual twin in a pseudo-terminal at
80x24 whose output reaches the screen at 10 KB/s and at 2 KB/s, answering queries in stream
order as a terminal does; per key of the side-by-side scenario (scripts/twin_scenario.py), the
time from the key to the settled screen and the bytes shown until then, medians of --runs runs.

  pip install textual==8.2.8 pyte
  swift build -c release --product curtain-demo && scripts/slow-link.py [--runs 3] [--json]
"""
import argparse, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from twin_scenario import ROOT, check_binary, measure  # noqa: E402
import importlib.util  # noqa: E402

spec = importlib.util.spec_from_file_location("side_by_side", os.path.join(HERE, "side-by-side.py"))
side_by_side = importlib.util.module_from_spec(spec)
spec.loader.exec_module(side_by_side)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/curtain-demo"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rates", default="10000,2000", help="bytes a second, comma-separated")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    check_binary(args.binary)
    results = {}
    for rate in [float(r) for r in args.rates.split(",")]:
        table = measure(args.binary, rate, args.runs)
        results[rate] = table
        if not args.json:
            side_by_side.print_table(f"80x24 at {rate / 1000:g} KB/s, medians of {args.runs} runs "
                                     "(s: key to settled screen; B: bytes the step sent)", table)
            print()
    if args.json:
        print(json.dumps({"runs": args.runs, "rates": results}))


if __name__ == "__main__":
    main()
