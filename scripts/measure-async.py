#!/usr/bin/env python3
"""Issue 21's figures for work from outside the loop, on a release build of curtain-hears in a
pseudo-terminal that answers like xterm (device status, device attributes, mode 2026):

  1. latency: a line written to a child's output (cat of a FIFO) until it is on the pty, while
     the app is otherwise idle (median, p99 of N lines 20 ms apart);
  2. flood: a child writing R lines a second for S seconds into a Log of 10 000 lines: a key's
     latency (k every 100 ms until its frame shows "k pressed N times"), frames a second
     (device status requests, one per frame), CPU (utime+stime), the threads' voluntary context
     switches a second (each a sleep, so a wake-up), peak RSS;
  3. idle: voluntary context switches of every thread over 10 s with nothing scheduled.

  4. with --procs: curtain-procs running four commands that each write R/2 lines a second
     for S seconds: key latency (Down/Up move the selection, the title shows it), CPU, peak RSS;
     and one line from an idle command to the screen.

     With --full-speed instead: one command writing as fast as it can (`yes`), keys and Ctrl-C.
     With --lean, keys are timed until the bytes that show their effect reach the pty, the
     screen rebuilt with pyte after the run; without it, until pyte has read them live (its
     Python time a frame included, which a loaded machine stretches).

  5. with --progress: curtain-procs running one command that redraws a progress bar 1 000
     times a second for S seconds (`\r`, the text, `ESC[K`: one open line that moves, followed
     by Log.follow): frames a second the app draws and the CPU it uses, against the same
     command sleeping instead (the list's spinner alone, ten frames a second).

Usage: swift build -c release --product curtain-hears
       scripts/measure-async.py [--binary .build/release/curtain-hears] [--rate 10000] [--seconds 10]
       swift build -c release --product curtain-procs
       scripts/measure-async.py --procs .build/release/curtain-procs
       scripts/measure-async.py --procs .build/release/curtain-procs --stream 1G
       scripts/measure-async.py --procs .build/release/curtain-procs --full-speed [--lean]
       scripts/measure-async.py --progress .build/release/curtain-procs [--seconds 10]
"""
import argparse, fcntl, os, re, select, statistics, struct, subprocess, sys, tempfile, termios, time

try:
    import pyte
except ImportError:  # pragma: no cover
    raise SystemExit("needs pyte: pip install pyte")

ANSWERS = [(re.compile(rb"\x1b\[5n"), b"\x1b[0n"), (re.compile(rb"\x1b\[0?c"), b"\x1b[?62;22c"),
           (re.compile(rb"\x1b\[\?2026\$p"), b"\x1b[?2026;2$y")]


class Pty:
    def __init__(self, argv, columns=100, rows=30):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        # The screen as a terminal shows it: a frame sends only the cells that changed, so a
        # line's text need not appear whole in the bytes.
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.tail = b""
        self.frames = []  # times of device status requests (one per frame)
        # While not None (--lean), what arrives is kept with its time instead of fed to pyte
        # at once: see `replay`.
        self.chunks = None

    def pump(self, timeout):
        """Reads what the program wrote within `timeout` s, answering its queries; returns it."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:
            return b""
        now = time.monotonic()
        scan = self.tail + data
        answers = []
        for pattern, answer in ANSWERS:
            for match in pattern.finditer(scan):
                if match.end() > len(self.tail):
                    answers.append(answer)
                    if answer == b"\x1b[0n":
                        self.frames.append(now)
        self.tail = scan[-16:]
        # A terminal answers once it has read what came before the question (the program paces
        # its frames by the device status answers: one frame in flight). So the answers go
        # after pyte has read the bytes, and a slow pyte is a slow terminal, not a queue of
        # frames behind it; with --lean nothing is read now, and they go at once.
        if self.chunks is None:
            self.stream.feed(data)
        else:
            self.chunks.append((now, data))
        for answer in answers:
            os.write(self.master, answer)
        return data

    def replay(self, keys):
        """--lean: feeds the chunks kept since recording began to the screen, in order, and
        returns, for each of `keys` (time sent, text its frame shows), ms from the key until
        the arrival of the chunk after which the screen first showed the text (None if it
        never did before the next key's effect or the end). The text is checked on the screen
        as it stood after each chunk that arrived after the key: the key's effect was really
        on screen, timed by when its bytes reached the terminal, without pyte's own time."""
        chunks, self.chunks = self.chunks or [], None
        latencies = [None] * len(keys)
        pending = 0
        for arrived, data in chunks:
            self.stream.feed(data)
            lines = None
            index = pending
            while index < len(keys) and keys[index][0] <= arrived:
                lines = lines or self.screen.display
                if any(keys[index][1] in line for line in lines):
                    latencies[index] = (arrived - keys[index][0]) * 1000
                    pending = index + 1   # keys before it that never showed stay None
                index += 1
        return latencies

    def wait_for(self, marker, timeout=5.0):
        """The time the screen first showed `marker`."""
        text = marker.decode()
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.pump(0.05) and any(text in line for line in self.screen.display):
                return time.monotonic()
        raise SystemExit(f"never saw {marker!r}:\n" + "\n".join(self.screen.display))

    def send(self, data):
        os.write(self.master, data)

    def stop(self):
        self.send(b"q")
        try:
            self.process.wait(3)
        except subprocess.TimeoutExpired:
            self.process.kill()


def status(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        for line in open(f"/proc/{pid}/task/{task}/status"):
            if line.startswith("voluntary_ctxt_switches:"):
                total += int(line.split()[1])
    return total


def thread_switches(pid):
    """Each thread's name and voluntary context switches, by thread id."""
    threads = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{task}/comm").read().strip()
            for line in open(f"/proc/{pid}/task/{task}/status"):
                if line.startswith("voluntary_ctxt_switches:"):
                    threads[task] = (name, int(line.split()[1]))
        except OSError:
            pass
    return threads


def under_load(pty, seconds, key_for, lean=False):
    """Presses a key every 100 ms for `seconds` while the program works: `key_for(n)` gives the
    n-th key and the text its frame shows. Returns the figures as text: key latency, frames a
    second, CPU, peak RSS.

    By default a key's latency runs until pyte's screen shows its text, so it includes pyte
    reading every frame (milliseconds of Python a frame, which a loaded machine stretches).
    With `lean` the harness only reads, answers the queries and keeps the bytes with their
    arrival times while the program runs; the screen is rebuilt from them afterwards (see
    `Pty.replay`): the latency then runs until the bytes that put the key's effect on screen
    reached the terminal."""
    pid = pty.process.pid
    cpu_before, switches_before, started = cpu_seconds(pid), switches(pid), time.monotonic()
    harness_before = os.times()
    latencies, presses, sent = [], 0, []
    if lean:
        pty.chunks = []
    while time.monotonic() - started < seconds - 0.5:
        presses += 1
        key, shown = key_for(presses)
        start = time.monotonic()
        pty.send(key)
        if lean:
            # Not looked for now (a frame sends only the cells that changed, so the text need
            # not be in its bytes): the next key goes 100 ms later whatever happened, and a key
            # whose effect the screen never showed counts as infinitely late.
            sent.append((start, shown))
        else:
            latencies.append((pty.wait_for(shown.encode()) - start) * 1000)
        end = start + 0.1
        while time.monotonic() < end:
            pty.pump(max(0, end - time.monotonic()))
    elapsed = time.monotonic() - started
    cpu = cpu_seconds(pid) - cpu_before
    harness = os.times()
    harness_cpu = (harness.user + harness.system) - (harness_before.user + harness_before.system)
    # Threads' sleeps per second: each is a wake-up to come, a count the machine's load
    # does not change as it changes CPU time.
    sleeps = (switches(pid) - switches_before) / elapsed
    frames = [t for t in pty.frames if t >= started]
    peak = status(pid, "VmHWM") / 1024
    missed = ""
    if lean:
        replayed = pty.replay(sent)
        latencies = [float("inf") if ms is None else ms for ms in replayed]
        missed = f", {replayed.count(None)} never shown"
    return (f"key -> frame median {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 99):.1f} ms "
            f"({presses} keys{missed}{', lean' if lean else ''}); {len(frames) / elapsed:.1f} frames/s; "
            f"CPU {100 * cpu / elapsed:.1f} % of a core (the harness {100 * harness_cpu / elapsed:.1f} %); "
            f"{sleeps:.0f} thread sleeps/s; peak RSS {peak:.1f} MiB")


def line_latencies(argv_for, ready, count, columns=100):
    """Starts the program `argv_for(fifo)` gives, whose child cats a FIFO, waits for `ready`,
    then writes `count` marked lines 20 ms apart: ms from each write until the screen shows it."""
    fifo = os.path.join(tempfile.mkdtemp(), "lines")
    os.mkfifo(fifo)
    pty = Pty(argv_for(fifo), columns=columns, rows=30)
    writer = os.open(fifo, os.O_WRONLY)
    pty.wait_for(ready)
    latencies = []
    for n in range(count):
        marker = f"mark-{n:05d}".encode()
        start = time.monotonic()
        os.write(writer, marker + b"\n")
        latencies.append((pty.wait_for(marker) - start) * 1000)
        time.sleep(0.02)
    os.close(writer)
    return pty, latencies


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/curtain-hears")
    parser.add_argument("--rate", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--lines", type=int, default=200)
    parser.add_argument("--procs", help="measure this curtain-procs binary instead")
    parser.add_argument("--threads", action="store_true",
                        help="with --procs: its threads with 1 and 20 idle commands, and the wait thread's "
                             "control-pipe pokes in 2 s with one quiet command and the spinner (needs strace)")
    parser.add_argument("--stream", metavar="SIZE",
                        help="with --procs: only a stream of SIZE bytes (yes | head -c SIZE, e.g. 1G) through one command")
    parser.add_argument("--after-lines", type=int, metavar="N",
                        help="with --procs: RSS (peak, at the end; file-backed and anonymous) after `seq N` "
                             "through one command, and with one command that prints nothing")
    parser.add_argument("--progress", help="measure a progress bar through this curtain-procs binary")
    parser.add_argument("--full-speed", action="store_true",
                        help="with --procs: keys while one command writes 80-character lines as fast as it can")
    parser.add_argument("--lean", action="store_true",
                        help="time keys by when their frame's bytes arrive; the screen is rebuilt with pyte after the run")
    args = parser.parse_args()
    if args.procs and args.threads:
        return measure_threads(args)
    if args.procs and args.after_lines:
        return measure_memory(args)
    if args.procs and args.stream:
        return measure_stream(args)
    if args.procs and args.full_speed:
        return measure_full_speed(args)
    if args.procs:
        return measure_procs(args)
    if args.progress:
        return measure_progress(args)

    # 1. One line at a time from a child, the app otherwise idle.
    pty, latencies = line_latencies(lambda fifo: [args.binary, "run", f"cat {fifo}"], b"running", args.lines)
    pty.stop()
    print(f"line -> screen, idle: median {statistics.median(latencies):.2f} ms, "
          f"p99 {percentile(latencies, 99):.2f} ms, max {max(latencies):.2f} ms ({args.lines} lines)")

    # 2. A flood, with keys.
    script = (f"import sys,time\nr={args.rate}\nend=time.time()+{args.seconds}\nn=0\n"
              "while time.time()<end:\n t=time.time()\n for _ in range(r//100):\n"
              "  n+=1; sys.stdout.write(f'line {n} of the flood, some text to wrap and style\\n')\n"
              " sys.stdout.flush(); time.sleep(max(0, 0.01-(time.time()-t)))\n")
    path = os.path.join(tempfile.mkdtemp(), "flood.py")
    open(path, "w").write(script)
    pty = Pty([args.binary, "run", f"python3 {path}"])
    pty.wait_for(b"running")
    figures = under_load(pty, args.seconds, lambda n: (b"k", f"k pressed {n} times"), lean=args.lean)
    pty.stop()
    print(f"flood {args.rate} lines/s for {args.seconds:.0f} s: {figures}")

    # 3. Idle.
    pty = Pty([args.binary, "nothing"])
    pty.wait_for(b"nothing scheduled")
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        pty.pump(0.1)
    pid = pty.process.pid
    before = switches(pid)
    threads_before = thread_switches(pid)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        pty.pump(0.5)
    threads_after = thread_switches(pid)
    woke = {f"{name} ({tid})": count - threads_before.get(tid, (name, 0))[1]
            for tid, (name, count) in threads_after.items()
            if count != threads_before.get(tid, (name, 0))[1]}
    gone = [f"{name} ({tid})" for tid, (name, _) in threads_before.items() if tid not in threads_after]
    print(f"idle, nothing scheduled: {switches(pid) - before} wake-ups in 10 s over all threads"
          f" (by thread: {woke or 'none'}{'; ended: ' + ', '.join(gone) if gone else ''})")
    pty.stop()


def measure_threads(args):
    """curtain-procs' threads with 1 and with 20 idle commands, and how often the terminal's
    wait thread is poked through its control pipe while one quiet command prints a line every
    half second and the list's spinner turns (ten frames a second): strace counts the one-byte
    writes to that pipe, found as the pipe the wait thread polls beside the terminal."""
    counts = {}
    for commands in (1, 20):
        pty = Pty([args.procs] + [f"sleep 10{n:02}" for n in range(commands)])
        pty.wait_for(b"sleep 10")
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            pty.pump(0.1)
        counts[commands] = status(pty.process.pid, "Threads")
        pty.stop()
    print(f"threads: {counts[1]} with 1 idle command, {counts[20]} with 20 "
          f"({counts[20] - counts[1]} more for 19 more commands)")

    pty = Pty([args.procs, "while :; do echo quiet line; sleep 0.5; done"])
    pty.wait_for(b"quiet line")
    pid = pty.process.pid
    trace = os.path.join(tempfile.mkdtemp(), "trace")
    # Edge-triggered (the default), the wait thread sleeps in epoll_wait on the terminal, the
    # signal pipe and its control pipe: their read ends are the epoll descriptor's targets.
    watched = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") == "anon_inode:[eventpoll]":
                info = open(f"/proc/{pid}/fdinfo/{fd}").read()
                targets = {int(t) for t in re.findall(r"tfd:\s+(\d+)", info)}
                if 0 in targets:
                    watched |= targets - {0}
        except OSError:
            pass
    tracer = subprocess.Popen(["strace", "-f", "-qq", "-e", "trace=write,read,poll,epoll_wait,pselect6,select",
                               "-o", trace, "-p", str(pid)],
                              stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 2.5
    while time.monotonic() < deadline:
        pty.pump(0.05)
    tracer.terminate()
    tracer.wait()
    pty.stop()
    lines = open(trace).read().splitlines()
    # The wait thread polls the terminal (fd 0) and its control pipe's read end, always both;
    # the control pipe's write end is that read end plus one (made by one pipe call).
    controls = {fd + 1 for fd in watched}
    for line in lines:
        match = re.search(r"poll\(\[\{fd=0, .*\{fd=(\d+), events=POLLIN\}\]", line)
        if match:
            controls.add(int(match.group(1)) + 1)
    pokes = sum(1 for line in lines for fd in controls if re.search(rf"write\({fd}, \"\\1\", 1", line))
    answers = sum(1 for line in lines if re.search(r'read\(0, (<unfinished|"\\33\[0n")', line))
    wakeups = sum(1 for line in lines if re.search(r"epoll_wait\(.*\) = [1-9]", line)
                  or re.search(r"poll\(\[\{fd=0, .*\) = [1-9]", line))
    print(f"one quiet command and the spinner: {pokes} control-pipe pokes in 2.5 s, "
          f"{answers} reads of the terminal (the frames' status answers), {wakeups} wake-ups of the wait thread "
          f"({'edge-triggered' if watched else 'level-triggered'}; control pipe's write end {sorted(controls) or 'not found'})")


def flood_script(rate, seconds, name):
    script = (f"import sys,time\nr={rate}\nend=time.time()+{seconds}\nn=0\n"
              "while time.time()<end:\n t=time.time()\n for _ in range(max(1, r//100)):\n"
              f"  n+=1; sys.stdout.write(f'{name} line {{n}} of the flood, some text to wrap and style\\n')\n"
              " sys.stdout.flush(); time.sleep(max(0, 0.01-(time.time()-t)))\n")
    path = os.path.join(tempfile.mkdtemp(), f"{name}.py")
    open(path, "w").write(script)
    return f"python3 {path}"


def measure_procs(args):
    each = args.rate // 2
    commands = [flood_script(each, args.seconds, f"c{n}") for n in range(4)]
    pty = Pty([args.procs] + commands, columns=120, rows=30)
    pty.wait_for(b"c0 line")
    # Down through the four, then back to the first: the output pane's title is the selected
    # command's text, which ends in its script's name.
    figures = under_load(pty, args.seconds,
                         lambda n: (b"\x1b[B", f"/c{n % 4}.py ─") if n % 4 else (b"\x1b[A" * 3, "/c0.py ─"),
                         lean=args.lean)
    print(f"curtain-procs, 4 commands x {each} lines/s for {args.seconds:.0f} s: {figures}")
    pty.send(b"q")
    time.sleep(0.3)
    pty.send(b"y")
    pty.process.wait(10)

    pty, latencies = line_latencies(lambda fifo: [args.procs, f"cat {fifo}"], b"cat ", args.lines, columns=120)
    print(f"curtain-procs, a line -> screen while idle: median {statistics.median(latencies):.2f} ms, "
          f"p99 {percentile(latencies, 99):.2f} ms ({args.lines} lines)")
    pty.send(b"q")
    time.sleep(0.3)
    pty.send(b"y")  # in case cat has not ended yet: stop it and quit
    pty.process.wait(10)


def measure_full_speed(args):
    """One command writing 80-character lines as fast as curtain-procs takes them (`yes`), one
    sleeping: Down and Up move the selection every 100 ms (the output pane's title shows it:
    the title's corner is part of the text waited for, since the command list shows both
    commands' names all along); then Ctrl-C, timed until the program has ended."""
    flood = "yes " + "0123456789" * 7 + "012345678"
    pty = Pty([args.procs, flood, "sleep 1000"], columns=120, rows=30)
    pty.wait_for(b"sleep 1000")
    time.sleep(1)
    figures = under_load(pty, args.seconds,
                         lambda n: (b"\x1b[B", "┌─ sleep 1000 ─") if n % 2 else (b"\x1b[A", "┌─ " + flood[:20]),
                         lean=args.lean)
    print(f"curtain-procs, a command writing at full speed: {figures}")
    start = time.monotonic()
    pty.send(b"\x03")
    # Read and answer meanwhile, as a terminal does: the program waits a quarter of a second
    # at most for the answers to its last frames before it gives the terminal back.
    while pty.process.poll() is None and time.monotonic() - start < 10:
        pty.pump(0.005)
    print(f"curtain-procs, Ctrl-C under it: ended in {1000 * (time.monotonic() - start):.0f} ms")


def measure_stream(args):
    """`yes | head -c SIZE` through one command of curtain-procs (2-byte lines, the most lines a
    byte): how long until its exit is shown, the CPU it cost, and the peak RSS, which the log's
    capacity (10 000 lines) bounds however long the stream."""
    pty = Pty([args.procs, f"yes | head -c {args.stream}"], columns=120, rows=30)
    pid, started = pty.process.pid, time.monotonic()
    seen = b""
    while b"exited 0" not in seen:
        seen = (seen + pty.pump(0.2))[-4096:]
        if pty.process.poll() is not None:
            raise SystemExit("curtain-procs ended before the stream did")
    took = time.monotonic() - started
    print(f"curtain-procs, yes | head -c {args.stream}: {took:.1f} s, CPU {cpu_seconds(pid):.1f} s, "
          f"peak RSS {status(pid, 'VmHWM') / 1024:.1f} MiB, RSS at the end {status(pid, 'VmRSS') / 1024:.1f} MiB")
    pty.send(b"q")
    pty.process.wait(10)


def measure_memory(args):
    """curtain-procs' memory with one command that prints nothing, and after `seq N` through one
    command (the log keeps 10 000 lines): peak and current RSS, and how much of it is file-backed
    (the program's and its libraries' pages) and anonymous (what it allocated)."""
    for command in ("true", f"seq {args.after_lines}"):
        pty = Pty([args.procs, command], columns=100, rows=30)
        pid = pty.process.pid
        seen = b""
        while b"exited 0" not in seen:
            seen = (seen + pty.pump(0.2))[-4096:]
            if pty.process.poll() is not None:
                raise SystemExit("curtain-procs ended before its command did")
        deadline = time.monotonic() + 1
        while time.monotonic() < deadline:
            pty.pump(0.1)
        print(f"curtain-procs, {command}: peak RSS {status(pid, 'VmHWM') / 1024:.1f} MiB, "
              f"at the end {status(pid, 'VmRSS') / 1024:.1f} MiB "
              f"({status(pid, 'RssFile') / 1024:.1f} file-backed, {status(pid, 'RssAnon') / 1024:.1f} anonymous)")
        pty.send(b"q")
        pty.process.wait(10)


def progress_script(rate, seconds):
    """A Python child that redraws one line `rate` times a second for `seconds`, then prints how
    many redraws it made."""
    script = (f"import sys,time\nr={rate}\nstart=time.time()\nend=start+{seconds}\nn=0\nt=start\n"
              "while time.time()<end:\n n+=1\n"
              " sys.stdout.write(f'\\rprogress {n:7d} ' + '#' * (n // 100 % 40) + '\\033[K'); sys.stdout.flush()\n"
              " t+=1/r; time.sleep(max(0, t-time.time()))\n"
              "print(f'\\nredraws {n} in {time.time()-start:.1f} s')\n")
    path = os.path.join(tempfile.mkdtemp(), "progress.py")
    open(path, "w").write(script)
    return f"python3 {path}"


def frames_and_cpu(pty, seconds):
    """Frames a second and % of a core of the program over `seconds` from now."""
    pid = pty.process.pid
    cpu_before, started = cpu_seconds(pid), time.monotonic()
    while time.monotonic() - started < seconds:
        pty.pump(0.05)
    elapsed = time.monotonic() - started
    frames = [t for t in pty.frames if started <= t]
    return len(frames) / elapsed, 100 * (cpu_seconds(pid) - cpu_before) / elapsed


def measure_progress(args, rate=1000):
    window = max(1.0, args.seconds - 2)
    pty = Pty([args.progress, f"sleep {args.seconds}"], columns=120, rows=30)
    pty.wait_for(b"sleep ")
    spinner_fps, spinner_cpu = frames_and_cpu(pty, window)
    pty.send(b"q"); time.sleep(0.3); pty.send(b"y"); pty.process.wait(10)

    pty = Pty([args.progress, progress_script(rate, args.seconds)], columns=120, rows=30)
    pty.wait_for(b"progress ")
    fps, cpu = frames_and_cpu(pty, window)
    pty.wait_for(b"redraws ", timeout=args.seconds + 10)
    made = next(line for line in pty.screen.display if "redraws " in line).split("redraws ", 1)[1].split("│")[0].strip()
    bars = [line for line in pty.screen.display if "progress " in line and "python3" not in line]
    print(f"curtain-procs, a progress bar redrawn {rate} times a second (child: {made}): "
          f"{fps:.1f} frames/s, CPU {cpu:.1f} % of a core over {window:.0f} s; "
          f"the same command sleeping instead (spinner only): {spinner_fps:.1f} frames/s, CPU {spinner_cpu:.1f} %; "
          f"rows showing the bar at the end: {len(bars)}")
    pty.send(b"q"); time.sleep(0.3); pty.send(b"y")
    pty.process.wait(10)


if __name__ == "__main__":
    main()
