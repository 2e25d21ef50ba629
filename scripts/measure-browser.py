#!/usr/bin/env python3
"""Measures curtain-browser on a large directory as a user starts it: in a pseudo-terminal at
80x24, no tmux in between (issue 23, item 12: first frame <= 150 ms and <= 30 MiB with
100 000 entries).

  scripts/measure-browser.py [--binary PATH] [--entries N] [--runs N]

Makes a directory of N empty files (and N/100 directories) under /tmp once, then for each run
prints nothing but keeps: the time from just before fork/exec to the first complete frame (the
help bar's "q quit", the last row drawn) and the peak resident memory (VmHWM) at that moment.
Prints the median and the worst of the runs, next to the same harness starting /bin/true.
"""
import argparse, importlib.util, os, statistics, sys, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("measure_demo", os.path.join(here, "measure-demo.py"))
measure = importlib.util.module_from_spec(spec)
spec.loader.exec_module(measure)

def directory_of(entries):
    path = f"/tmp/curtain-browser-{entries}"
    if not os.path.isdir(path) or len(os.listdir(path)) != entries + entries // 100:
        os.makedirs(path, exist_ok=True)
        for n in range(entries):
            open(os.path.join(path, f"file-{n:06d}.txt"), "w").close()
        for n in range(entries // 100):
            os.makedirs(os.path.join(path, f"dir-{n:04d}"), exist_ok=True)
    return path

# What an xterm with a black background answers to the session's start-up questions (mode
# 2026, OSC 10 and 11, DA1), so the first frame waits for no timeout.
ANSWERS = (b"\x1b[?2026;2$y\x1b]10;rgb:d0d0/d0d0/d0d0\x1b\\\x1b]11;rgb:0000/0000/0000\x1b\\"
           b"\x1b[?62;22c")

def run(argv):
    process, master, start = measure.spawn(argv)
    _, shown = measure.read_until(master, lambda output: b"q quit" in output, timeout=20.0, answer=ANSWERS)
    peak = measure.vm_hwm_kib(process.pid) if shown else 0
    os.write(master, b"q")
    process.wait(timeout=10)
    os.close(master)
    return (shown - start if shown else None), peak

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/curtain-browser")
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    path = directory_of(args.entries)
    floor = []
    for _ in range(args.runs):
        process, master, start = measure.spawn(["/bin/true"])
        process.wait()
        floor.append(time.monotonic() - start)
        os.close(master)
    times, peaks = [], []
    for _ in range(args.runs):
        seconds, peak = run([args.binary, path])
        if seconds is None:
            sys.exit("no first frame within 20 s")
        times.append(seconds)
        peaks.append(peak)
    print(f"{args.entries} entries ({path}), {args.runs} runs of {args.binary}")
    print(f"  first frame: median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms"
          f" (/bin/true: {statistics.median(floor) * 1000:.1f} ms)")
    print(f"  peak memory at the first frame: median {statistics.median(peaks) / 1024:.1f} MiB,"
          f" worst {max(peaks) / 1024:.1f} MiB")

if __name__ == "__main__":
    main()
