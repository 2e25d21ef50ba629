#!/usr/bin/env python3
"""Measures large bracketed pastes into curtain-demo's toast, end to end in a pseudo-terminal.

  scripts/measure-paste.py [--binary PATH] [--sizes 1,10] [--kind lines|newlines|oneline]

For each size (in MB) it starts the demo at 80x24 (answering its terminal query, so frames
come in synchronized-output brackets and can be counted), opens a toast (t), and writes
ESC[200~ + payload + ESC[201~ into the terminal while reading what the demo draws. Prints:
  - handled: from the first byte of the paste to the end of the first frame that shows the
    paste's last line ("END-MARK"), and the frames drawn meanwhile;
  - CPU (user + system) the demo spent on it, peak RSS (VmHWM) and RSS after it;
  - a split move (Left) with the toast up: from the key to the end of its frame, median of 5;
  - RSS once the toast is dismissed (Esc) and a second passed;
  - Ctrl-C right behind another paste of the same size: from the end of the paste to exit.
The payload: `lines` (80-column lines), `newlines` (only "\\n"), `oneline` (no newline).
Issue 17 targets: 1 MB under 0.5 s, 10 MB under 5 s with RSS under 60 MB, released after the
toast is dismissed, a split move after a 10 MB toast under 20 ms.
"""
import argparse, fcntl, os, select, statistics, struct, subprocess, termios, time

QUERY = b"\x1b[?2026$p"
ANSWER = b"\x1b[?2026;2$y\x1b[?62;22c"
FRAME_END = b"\x1b[?2026l"


class Demo:
    def __init__(self, binary, columns=80, rows=24):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen([binary], stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        fcntl.fcntl(master, fcntl.F_SETFL, fcntl.fcntl(master, fcntl.F_GETFL) | os.O_NONBLOCK)
        self.output = b""
        self.answered = False

    def pump(self, pending=b"", timeout=0.05):
        """Reads what is there (answering the query) and writes what it can of `pending`;
        returns what is left to write."""
        writers = [self.master] if pending else []
        ready, writable, _ = select.select([self.master], writers, [], timeout)
        if ready:
            try:
                chunk = os.read(self.master, 1 << 16)
                self.output += chunk
            except (BlockingIOError, OSError):
                pass
            if not self.answered and QUERY in self.output:
                self.answered = True
                os.write(self.master, ANSWER)
        if writable and pending:
            try:
                written = os.write(self.master, pending[:1 << 16])
                pending = pending[written:]
            except BlockingIOError:
                pass
        return pending

    def until(self, predicate, timeout=120.0, pending=b""):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pending = self.pump(pending)
            if not pending and predicate(self.output):
                return time.monotonic()
        raise RuntimeError("timed out; last output: %r" % self.output[-300:])

    def log(self, message):
        if os.environ.get("MEASURE_PASTE_DEBUG"):
            print(f"  [{time.monotonic():.3f}] {message}", flush=True)

    def write_all(self, data):
        pending = data
        while pending:
            pending = self.pump(pending)

    def settle(self, quiet=0.3, limit=10.0):
        """Reads until nothing arrives for `quiet` seconds (under the clock's one tick a
        second), or for `limit` seconds at most."""
        last = len(self.output)
        still = started = time.monotonic()
        while time.monotonic() - still < quiet and time.monotonic() - started < limit:
            self.pump()
            if len(self.output) != last:
                last = len(self.output)
                still = time.monotonic()

    def status(self, field):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024  # MiB
        return float("nan")

    def cpu(self):
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def frames(self):
        return self.output.count(FRAME_END)

    def close(self):
        try:
            self.process.kill()
        except ProcessLookupError:
            pass
        self.process.wait()
        os.close(self.master)


def payload(megabytes, kind):
    size = int(megabytes * 1_000_000)
    if kind == "newlines":
        return b"\n" * (size - 9) + b"END-MARK"
    if kind == "oneline":
        return b"x" * (size - 9) + b" END-MARK"
    line = b"paste line 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ!\n"
    return line * ((size - 9) // len(line)) + b"END-MARK"


def measure(binary, megabytes, kind):
    demo = Demo(binary)
    try:
        demo.until(lambda out: b"Colours" in out and b"quit" in out, timeout=20)
        demo.settle()
        demo.write_all(b"t")
        demo.settle(0.5)
        rss_before = demo.status("VmRSS")
        data = b"\x1b[200~" + payload(megabytes, kind) + b"\x1b[201~"
        mark = len(demo.output)
        frames_before = demo.frames()
        cpu_before = demo.cpu()
        start = time.monotonic()
        done = demo.until(lambda out: b"END-MARK" in out[mark:] and FRAME_END in out[out.rfind(b"END-MARK"):],
                          pending=data, timeout=600)
        handled = done - start
        demo.log(f"handled {handled:.3f}")
        frames = demo.frames() - frames_before
        demo.settle(0.5)
        cpu = demo.cpu() - cpu_before
        peak, rss = demo.status("VmHWM"), demo.status("VmRSS")
        # Inside the toast the arrows move its caret: Tab gives another pane the focus (the
        # toast stays up), where the arrows move the splits and the toast re-fits its pane.
        demo.write_all(b"\t")
        demo.settle(0.3)
        moves = []
        for key in [b"\x1b[D", b"\x1b[C"] * 3:
            demo.settle(0.2)
            count = demo.frames()
            sent = time.monotonic()
            demo.write_all(key)
            end = demo.until(lambda out: out.count(FRAME_END) > count, timeout=60)
            moves.append((end - sent) * 1000)
        demo.log(f"moves {moves}")
        demo.settle(0.3)
        demo.write_all(b"\x1b[Z")    # Shift-Tab: back to the toast's pane, where Esc closes it
        demo.settle(0.3)
        demo.write_all(b"\x1b")
        demo.settle(0.5)
        demo.settle(0.9, limit=1.5)
        rss_dismissed = demo.status("VmRSS")
        demo.log(f"dismissed {rss_dismissed}")
        # Ctrl-C right behind a second paste of the same size.
        demo.write_all(b"t")
        demo.settle(0.5)
        pending = data + b"\x03"
        while pending:
            pending = demo.pump(pending)
        sent = time.monotonic()
        while demo.process.poll() is None and time.monotonic() - sent < 600:
            demo.pump()
        ctrl_c = time.monotonic() - sent
        print(f"{megabytes:g} MB {kind}: handled in {handled:.3f} s with {frames} frames meanwhile, "
              f"CPU {cpu:.2f} s, RSS {rss_before:.1f} -> peak {peak:.1f} / {rss:.1f} MiB, "
              f"split move median {statistics.median(moves):.1f} ms (max {max(moves):.1f}), "
              f"RSS after Esc {rss_dismissed:.1f} MiB, Ctrl-C behind a paste: exit {ctrl_c:.3f} s after it was written "
              f"(status {demo.process.returncode})")
    finally:
        demo.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/curtain-demo")
    parser.add_argument("--sizes", default="1,10")
    parser.add_argument("--kind", default="lines", choices=["lines", "newlines", "oneline"])
    args = parser.parse_args()
    for size in args.sizes.split(","):
        measure(args.binary, float(size), args.kind)


if __name__ == "__main__":
    main()
