#!/usr/bin/env python3
"""The slow-link benchmark (issue 16): curtain-demo and its Textual twin in a pseudo-terminal at
80x24 whose output reaches the screen at 10 KB/s and at 2 KB/s, answering queries in stream
order as a terminal does; per key of the side-by-side scenario (scripts/twin_scenario.py), the
time from the key to the settled screen and the bytes shown until then, medians of --runs runs.

  pip install textual==8.2.8 pyte
  swift build -c release --product curtain-demo && scripts/slow-link.py [--runs 3] [--json]

--round-trip S delays every answer by S seconds (the link's latency, apart from its bandwidth;
--rates 0 for no throttle), --apps curtain leaves the Textual twin out, and --compare A,B runs
two Curtain binaries (before and after a change) interleaved, run by run, with the load printed.
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
    parser.add_argument("--round-trip", type=float, default=0.0, help="seconds each answer takes to come back")
    parser.add_argument("--apps", default="curtain,textual", help="comma-separated: curtain, textual")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--compare", help="two or more curtain-demo binaries, comma-separated: Curtain only, interleaved")
    args = parser.parse_args()
    if args.compare:
        return compare(args)
    check_binary(args.binary)
    results = {}
    for rate in [float(r) for r in args.rates.split(",")]:
        table = measure(args.binary, rate or None, args.runs, which=tuple(args.apps.split(",")),
                        round_trip=args.round_trip)
        results[rate] = table
        if not args.json:
            side_by_side.print_table(f"80x24 at {rate / 1000:g} KB/s (0: unthrottled), round trip {args.round_trip:g} s, "
                                     f"medians of {args.runs} runs "
                                     "(s: key to settled screen; B: bytes the step sent)", table)
            print()
    if args.json:
        print(json.dumps({"runs": args.runs, "rates": results}))


def compare(args):
    from twin_scenario import medians, run
    binaries = args.compare.split(",")
    for binary in binaries:
        check_binary(binary)
    for rate in [float(r) for r in args.rates.split(",")]:
        runs = {binary: [] for binary in binaries}
        for index in range(args.runs):
            for binary in binaries:
                print(f"run {index + 1}, {binary}, load {os.getloadavg()[0]:.2f}", file=sys.stderr)
                runs[binary].append(run([binary], b"\x03", rate or None, round_trip=args.round_trip))
        print(f"80x24 at {rate / 1000:g} KB/s (0: unthrottled), round trip {args.round_trip:g} s, "
              f"medians of {args.runs} interleaved runs; load after: {os.getloadavg()[0]:.2f}")
        print(f"{'step':8} " + " ".join(f"{'s':>7} {'B':>7}" for _ in binaries))
        tables = {binary: medians(runs[binary]) for binary in binaries}
        for index, (name, *_r) in enumerate(tables[binaries[0]]):
            print(f"{name:8} " + " ".join(f"{tables[b][index][1]:7.2f} {tables[b][index][3]:7d}" for b in binaries))
        print(f"{'all':8} " + " ".join(f"{sum(r[1] for r in tables[b]):7.2f} {sum(r[3] for r in tables[b]):7d}"
                                       for b in binaries))
        print("columns: " + ", ".join(binaries))
        print()


if __name__ == "__main__":
    main()
