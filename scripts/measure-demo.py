#!/usr/bin/env python3
"""Measures curtain-demo as a user runs it: in a pseudo-terminal, no tmux in between.

  scripts/measure-demo.py [--binary PATH] [--runs N] [--floor]

Prints, for the interactive demo at 80x24:
  - start to first frame: from just before fork/exec to the moment the first complete frame
    (the help bar's "quit" after the "Colours" pane title) has been written to the terminal,
    median and 90th percentile over N runs, with the start-up questions answered at once and
    answered 2 ms after they arrived (as a terminal across a pty or a local link does: the
    program then has to wait for the answer), next to the same harness starting /bin/true
    (the floor: fork, exec and the pty);
  - peak resident memory (VmHWM from /proc) after the tour-like session below;
  - CPU time (user + system, clock ticks from /proc/PID/stat) over 10 s idle and over 10 s
    with a toast up, and the bytes written, idle also per window of 5 s.
Wall-clock figures are noisy on a shared machine: compare them with the /bin/true floor.
"""
import argparse, fcntl, os, select, statistics, struct, subprocess, termios, time

def spawn(argv, columns=80, rows=24):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    start = time.monotonic()
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                               start_new_session=True, close_fds=True)
    os.close(slave)
    return process, master, start

QUERY_PARTS = (b"\x1b[?2026$p", b"\x1b[c")
# What xterm answers: it knows mode 2026 (reset) and is a VT220-class terminal.
ANSWER = b"\x1b[?2026;2$y\x1b[?62;22c"
# Device status requests (one at start, one after every frame: issue 16) and their answer.
STATUS = b"\x1b[5n"
STATUS_ANSWER = b"\x1b[0n"

def read_until(master, predicate, timeout=10.0, answer=ANSWER, answer_delay=0.0):
    """Reads the pty until predicate(output) holds; returns (output, time it first held).
    Answers the session's start-up questions with `answer` as a terminal would (so it does not
    wait for a timeout), `answer_delay` seconds after they arrived (a terminal's round trip),
    and every status request."""
    output = b""
    answered = False
    asked = None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        wait = 0.05 if asked is None or answered else max(0.0, asked + answer_delay - time.monotonic())
        ready, _, _ = select.select([master], [], [], wait)
        if asked is not None and not answered and time.monotonic() >= asked + answer_delay:
            answered = True
            os.write(master, STATUS_ANSWER * output.count(STATUS) + answer)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            # The start-up questions: the mode 2026 query and the device attributes request,
            # with the OSC 10/11 colour questions between them since c687891 (left
            # unanswered, as many terminals do; the device attributes answer ends the wait).
            if asked is None and all(part in output for part in QUERY_PARTS):
                asked = time.monotonic()
                if answer_delay <= 0:
                    answered = True
                    os.write(master, STATUS_ANSWER * output.count(STATUS) + answer)
            elif answered:
                os.write(master, STATUS_ANSWER * chunk.count(STATUS))
            if predicate(output):
                return output, time.monotonic()
    return output, None

def drain(master, seconds, arrivals=None):
    """Reads for `seconds`, answering status requests as a terminal does; returns the bytes read.
    `arrivals`, a list, gets (time, bytes) of each read."""
    end = time.monotonic() + seconds
    total = 0
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], max(0, end - time.monotonic()))
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            total += len(chunk)
            if arrivals is not None:
                arrivals.append((time.monotonic(), len(chunk)))
            if chunk.count(STATUS):
                os.write(master, STATUS_ANSWER * chunk.count(STATUS))
    return total

def windows(arrivals, start, end, length=5.0):
    """Bytes in each half-open window [t, t + length) that starts at an arrival (or at `start`)
    and ends by `end`: (mean over windows starting every 10 ms, max). The max starts at an
    arrival; a window holds one tick more than `length` seconds of ticks only when its edges
    catch two ticks' different wake-up delays."""
    def within(t):
        return sum(n for when, n in arrivals if t <= when < t + length)
    starts = [start + i * 0.01 for i in range(int((end - length - start) / 0.01) + 1)]
    mean = statistics.mean(within(t) for t in starts) if starts else 0
    highest = max([within(when) for when, _ in arrivals if when + length <= end] + [0])
    return mean, highest

def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime (fields 14 and 15)

def vm_hwm_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0

def first_frame(binary, answer_delay=0.0):
    process, master, start = spawn([binary])
    _, at = read_until(master, lambda out: b"Colours" in out and out.rfind(b"quit") > out.find(b"Colours"),
                       answer_delay=answer_delay)
    os.write(master, b"q")
    process.wait(timeout=10)
    os.close(master)
    if at is None:
        raise SystemExit("the demo never drew its first frame")
    return (at - start) * 1000

def first_frame_and_cpu(argv, answer_delay=0.0):
    """`first_frame` for any program drawing the demo's first frame, with the CPU (user +
    system, from wait4) of its start and `q`."""
    process, master, start = spawn(argv)
    _, at = read_until(master, lambda out: b"Colours" in out and out.rfind(b"quit") > out.find(b"Colours"),
                       answer_delay=answer_delay)
    os.write(master, b"q")
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    os.close(master)
    if at is None:
        raise SystemExit(f"{argv[0]} never drew its first frame")
    return (at - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000

def demo_first_frame_text(binary):
    """The demo's first frame as text, one row a line (pyte reads the bytes as a terminal)."""
    import pyte
    process, master, _ = spawn([binary])
    output, _ = read_until(master, lambda out: b"Colours" in out and out.rfind(b"quit") > out.find(b"Colours"))
    os.write(master, b"q")
    process.wait(timeout=10)
    os.close(master)
    screen = pyte.Screen(80, 24)
    pyte.ByteStream(screen).feed(output)
    return "\n".join(row.rstrip() for row in screen.display) + "\n"

def measure_floor(args):
    """The first full frame against its floor: scripts/first-frame-floor.c, static on ncursesw,
    drawing the demo's first frame's text; interleaved runs, both answered at once (the floor
    asks nothing)."""
    import tempfile
    folder = tempfile.mkdtemp(prefix="curtain-floor-")
    floor_binary = os.path.join(folder, "first-frame-floor")
    flags = subprocess.run(["pkg-config", "--cflags", "ncursesw"], capture_output=True, text=True).stdout.split()
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run(["cc", "-O2", "-static", "-o", floor_binary, os.path.join(here, "first-frame-floor.c"), *flags,
                    "-lncursesw", "-ltinfo"], check=True, stderr=subprocess.DEVNULL)
    text = os.path.join(folder, "frame.txt")
    open(text, "w", encoding="utf-8").write(demo_first_frame_text(args.binary))
    demo, floor_runs = [], []
    for _ in range(args.runs):
        demo.append(first_frame_and_cpu([args.binary]))
        floor_runs.append(first_frame_and_cpu([floor_binary, text]))
    median = lambda runs, i: statistics.median(run[i] for run in runs)
    print(f"load average {os.getloadavg()[0]:.2f}; {args.runs} interleaved runs each, 80x24, answered at once")
    print(f"first full frame   demo {median(demo, 0):6.1f} ms   floor {median(floor_runs, 0):6.1f} ms   "
          f"ratio {median(demo, 0) / median(floor_runs, 0):.2f}x (target <= 1.3x)")
    print(f"CPU, start and q   demo {median(demo, 1):6.1f} ms   floor {median(floor_runs, 1):6.1f} ms   "
          f"ratio {median(demo, 1) / median(floor_runs, 1):.2f}x (target <= 2x)")

def floor():
    process, master, start = spawn(["/bin/true"])
    process.wait(timeout=10)
    end = time.monotonic()
    os.close(master)
    return (end - start) * 1000

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/curtain-demo")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--floor", action="store_true",
                        help="only the first full frame and its CPU against scripts/first-frame-floor.c "
                             "(static ncursesw, the same text), interleaved; needs cc and pyte")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        raise SystemExit(f"{args.binary}: not built; run `swift build -c release --product curtain-demo` first")
    if args.floor:
        return measure_floor(args)

    starts = sorted(first_frame(args.binary) for _ in range(args.runs))
    late = sorted(first_frame(args.binary, answer_delay=0.002) for _ in range(args.runs))
    floors = sorted(floor() for _ in range(args.runs))
    p90 = lambda values: values[int(len(values) * 0.9) - 1]
    print(f"start to first frame   median {statistics.median(starts):6.1f} ms   p90 {p90(starts):6.1f} ms   ({args.runs} runs; answered at once)")
    print(f"  answered 2 ms later  median {statistics.median(late):6.1f} ms   p90 {p90(late):6.1f} ms   (a terminal's round trip: the program waits)")
    print(f"/bin/true, same harness median {statistics.median(floors):6.1f} ms   p90 {p90(floors):6.1f} ms")

    process, master, _ = spawn([args.binary])
    read_until(master, lambda out: b"quit" in out)
    drain(master, 1.0)
    ticks = cpu_ticks(process.pid)
    arrivals, idle_start = [], time.monotonic()
    idle_bytes = drain(master, 10.0, arrivals)
    idle_windows = windows(arrivals, idle_start, time.monotonic())
    idle_ticks = cpu_ticks(process.pid) - ticks
    os.write(master, b"t")
    drain(master, 1.0)
    os.write(master, "hello 世界\rsecond line".encode())
    drain(master, 1.0)
    ticks = cpu_ticks(process.pid)
    toast_bytes = drain(master, 10.0)
    toast_ticks = cpu_ticks(process.pid) - ticks
    hwm = vm_hwm_kib(process.pid)
    os.write(master, b"\x03")
    status = process.wait(timeout=10)
    os.close(master)
    hz = os.sysconf("SC_CLK_TCK")
    print(f"10 s idle              {idle_ticks * 1000 // hz} ms CPU, {idle_bytes} bytes written (the clock ticks once a second)")
    print(f"  in 5 s of it         {idle_windows[0]:.0f} bytes on average, {idle_windows[1]} at most (windows of exactly 5 s)")
    print(f"10 s with a toast up   {toast_ticks * 1000 // hz} ms CPU, {toast_bytes} bytes written")
    print(f"peak resident memory   {hwm / 1024:.1f} MiB (VmHWM)")
    print(f"exit status after Ctrl-C: {status}")

if __name__ == "__main__":
    main()
