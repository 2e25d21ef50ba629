"""A terminal for measurements: runs a program in a pseudo-terminal and shows its output on an
emulated screen (pyte), optionally at a throttled rate, answering the program's queries in
stream order as a terminal does (palette questions, OSC 4, with xterm's default colours).
Shared by scripts/side-by-side.py and scripts/slow-link.py.

The model of a thin link (SSH): the program's writes never block (the harness reads the pty
at once into a queue of its own, as sshd does into buffers megabytes deep); the queue reaches
the screen at `rate` bytes a second; a query is answered when the screen has processed every
byte before it (a device status request `ESC[5n` gets `ESC[0n` only then), and answers and
keys reach the program at once — or `round_trip` seconds later for answers (the link's latency,
apart from its bandwidth: both halves of the trip, answers kept in order).
"""
import collections, fcntl, os, re, struct, subprocess, termios, threading, time

try:
    import pyte
except ImportError:  # pragma: no cover
    raise SystemExit("needs pyte and textual: pip install pyte textual==8.2.8")

# Queries a terminal answers, and how (an xterm-like VT220 that knows mode 2026).
QUERY = re.compile(rb"\x1b\[(?:(5)n|(6)n|(\?6)n|0?c|>0?c|\?(\d+)\$p|=0?c)")
# A question about a palette entry (OSC 4), answered with xterm's default colour for it.
PALETTE_QUERY = re.compile(rb"\x1b\]4;(\d+);\?(\x1b\\|\x07)")
# An escape sequence cut off at the end of a chunk that may still become a query (or an SGR
# whose colon form is yet to be rewritten).
PARTIAL = re.compile(rb"\x1b(?:\[[?>=]?[0-9;:]*\$?)?$")
# An SGR with ITU T.416's colon form, which ncurses writes for direct colour (`38:2::r:g:b`,
# the colour space left empty) and pyte does not parse (it shows the parameters as text).
COLON_SGR = re.compile(rb"\x1b\[([0-9;:]*:[0-9;:]*)m")


def semicolon_sgr(match):
    """The same SGR in the semicolon form pyte reads: `38:2::r:g:b` and `38:2:r:g:b` become
    `38;2;r;g;b`, `38:5:n` becomes `38;5;n` (and the same for 48 and 58)."""
    out = []
    for part in match.group(1).split(b";"):
        fields = part.split(b":")
        if len(fields) >= 2 and fields[0] in (b"38", b"48", b"58"):
            if fields[1] == b"2" and len(fields) == 6:   # the colour space id, empty or not
                fields = fields[:2] + fields[3:]
            out.append(b";".join(f or b"0" for f in fields))
        else:
            out.append(fields[0])                         # 4:3 (curly underline) and the like: the plain attribute
    return b"\x1b[" + b";".join(out) + b"m"


def xterm_palette(index):
    """xterm's default colour for palette entry `index` (0-255)."""
    if index < 16:
        base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        return base[index]
    if index < 232:
        levels = [0, 95, 135, 175, 215, 255]
        i = index - 16
        return levels[i // 36], levels[i // 6 % 6], levels[i % 6]
    grey = 8 + 10 * (index - 232)
    return grey, grey, grey


class PtyTerminal:
    def __init__(self, argv, columns=80, rows=24, env=None, mask=None, round_trip=0.0):
        self.columns, self.rows = columns, rows
        self.round_trip = round_trip
        self.answers = collections.deque()  # (due, bytes): answers on their way back
        # Cells left out of "what the screen shows" (the ticking clock), as (x0, y0, x1, y1).
        self.mask = mask
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        environment = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                           COLUMNS=str(columns), LINES=str(rows))
        environment.pop("NO_COLOR", None)
        environment.pop("COLORTERM", None)   # the depth is the caller's to say (env)
        for key, value in (env or {}).items():
            if value is None:
                environment.pop(key, None)
            else:
                environment[key] = value
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=environment,
                                        start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.queue = collections.deque()  # chunks read from the program, not yet on screen
        self.queued = 0
        self.produced = 0                 # bytes the program wrote
        self.consumed = 0                 # bytes the screen processed
        self.lock = threading.Lock()
        self.ended = False
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.pending = b""                # a possible query cut off at the end of the last chunk
        self.queries = collections.Counter()
        self.history = []                 # (time, consumed, signature) after each processed chunk
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            with self.lock:
                if not chunk:
                    self.ended = True
                    return
                self.queue.append(chunk)
                self.queued += len(chunk)
                self.produced += len(chunk)

    def send(self, data):
        os.write(self.master, data)

    def _take(self, limit):
        """Up to `limit` bytes from the queue (None: all)."""
        with self.lock:
            parts, taken = [], 0
            while self.queue and (limit is None or taken < limit):
                chunk = self.queue.popleft()
                if limit is not None and taken + len(chunk) > limit:
                    keep = limit - taken
                    self.queue.appendleft(chunk[keep:])
                    chunk = chunk[:keep]
                parts.append(chunk)
                taken += len(chunk)
            self.queued -= taken
            return b"".join(parts)

    def _answer(self, match):
        if match.group(1):
            answer = b"\x1b[0n"
        elif match.group(2) or match.group(3):
            answer = b"\x1b[%d;%dR" % (self.screen.cursor.y + 1, self.screen.cursor.x + 1)
        elif match.group(4):
            mode = int(match.group(4))
            answer = b"\x1b[?%d;%d$y" % (mode, 2 if mode == 2026 else 0)
        elif match.group(0).startswith(b"\x1b[>"):
            answer = b"\x1b[>41;390;0c"
        elif match.group(0).startswith(b"\x1b[="):
            answer = b""
        else:
            answer = b"\x1b[?62;22c"
        self.queries[match.group(0)] += 1
        if answer and self.round_trip > 0:
            self.answers.append((time.monotonic() + self.round_trip, answer))
        elif answer:
            os.write(self.master, answer)

    def _send_due_answers(self):
        now = time.monotonic()
        while self.answers and self.answers[0][0] <= now:
            os.write(self.master, self.answers.popleft()[1])

    def _process(self, data):
        data = COLON_SGR.sub(semicolon_sgr, self.pending + data)
        self.pending = b""
        for match in PALETTE_QUERY.finditer(data):
            index = int(match.group(1))
            if index < 256:
                red, green, blue = xterm_palette(index)
                self.queries[b"OSC 4"] += 1
                os.write(self.master, b"\x1b]4;%d;rgb:%02x%02x/%02x%02x/%02x%02x" % (
                    index, red, red, green, green, blue, blue) + match.group(2))
        position = 0
        for match in QUERY.finditer(data):
            self.stream.feed(data[position:match.start()])
            self._answer(match)
            position = match.end()
        rest = data[position:]
        cut = PARTIAL.search(rest)
        if cut:
            self.pending = rest[cut.start():]
            rest = rest[:cut.start()]
        self.stream.feed(rest)

    def cells(self):
        """What the screen shows, outside the mask: per row, each cell's character, colours and
        attributes."""
        rows = []
        for y in range(self.rows):
            line = self.screen.buffer[y]
            cells = []
            for x in range(self.columns):
                if self.mask and self.mask[0] <= x < self.mask[2] and self.mask[1] <= y < self.mask[3]:
                    continue
                c = line[x]
                cells.append((c.data, c.fg, c.bg, c.bold, c.reverse))
            rows.append(tuple(cells))
        return tuple(rows)

    def signature(self):
        """A hash of ``cells()``."""
        return hash(self.cells())

    def text(self):
        return "\n".join(self.screen.display)

    def pump(self, seconds, rate=None, step=0.002):
        """Shows the program's output for `seconds`, at most `rate` bytes a second (None: as it
        comes)."""
        end = time.monotonic() + seconds
        budget = 0.0
        last = time.monotonic()
        while True:
            now = time.monotonic()
            if now >= end:
                return
            if rate is None:
                chunk = self._take(None)
            else:
                budget = min(budget + (now - last) * rate, max(rate * 0.02, 64))
                chunk = self._take(int(budget))
                budget -= len(chunk)
            last = now
            self._send_due_answers()
            if chunk:
                self._process(chunk)
                self.consumed += len(chunk)
                self.history.append((time.monotonic(), self.consumed, self.signature()))
            else:
                time.sleep(step)

    def settle(self, rate=None, quiet=1.5, limit=120.0):
        """Shows output until the screen (outside the mask) has not changed for `quiet` seconds
        with nothing left in the queue, or `limit` seconds passed."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            self.pump(0.05, rate)
            with self.lock:
                empty = self.queued == 0
            if not empty or not self.history:
                continue
            changed = max(self.last_change() or start, start)
            if time.monotonic() - changed >= quiet:
                return

    def last_change(self, since=0.0):
        """When the screen last changed (after `since`): the time of the first history entry
        that already showed the final state."""
        final = self.history[-1][2] if self.history else None
        when = None
        for t, _, signature in reversed(self.history):
            if t < since:
                break
            if signature != final:
                return when
            when = t
        return when

    def close(self, keys=b"\x03"):
        try:
            self.send(keys)
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
