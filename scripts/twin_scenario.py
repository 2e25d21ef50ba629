"""The side-by-side scenario: curtain-demo and its Textual twin (scripts/textual_twin.py) in a
pseudo-terminal at 80x24 (scripts/ptyterm.py), playing the same keys, step by step:

  toast    t          a toast in the focused pane
  typing   hello      five characters, 0.1 s apart
  growth   Enter      the toast one line taller
  focus    Tab        the focus to the next pane
  modal    m          the full-screen modal over a dimmed screen
  back     Esc        the modal dismissed

Per step: the time from the (first) key to the settled screen — the last change of what the
screen shows outside the ticking clock, as a terminal showing the output at `rate` bytes a
second would show it — the bytes the terminal processed until then, the bytes the program
sent for the step (until the screen stayed still; a clock tick included now and then), and
the cells the step changed (settled screen against the one before, outside the clock). Each
step waits for the screen to stay still before the next key.
"""
import os, statistics, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from ptyterm import PtyTerminal  # noqa: E402

STEPS = [("toast", [b"t"]), ("typing", [bytes([c]) for c in b"hello"]), ("growth", [b"\r"]),
         ("focus", [b"\t"]), ("modal", [b"m"]), ("back", [b"\x1b"])]
# The clock pane's inside in both apps: it ticks once a second whatever the keys do.
CLOCK = (1, 13, 39, 22)
ROOT = os.path.dirname(HERE)


def apps(binary):
    return {
        "curtain": ([binary], b"\x03"),
        "textual": ([sys.executable, os.path.join(HERE, "textual_twin.py")], b"q"),
    }


def run(argv, quit_keys, rate=None, env=None, round_trip=0.0):
    """One run of the scenario; a list of (step, seconds to settle, bytes until settled,
    bytes produced in the step, cells changed by the step)."""
    quiet = 1.0 if rate is None else 2.0
    terminal = PtyTerminal(argv, env=env, mask=CLOCK, round_trip=round_trip)
    results = []
    try:
        terminal.settle(rate, quiet=quiet, limit=30)
        for name, keys in STEPS:
            start = time.monotonic()
            consumed, produced = terminal.consumed, terminal.produced
            before = terminal.cells()
            for index, key in enumerate(keys):
                terminal.send(key)
                if index < len(keys) - 1:
                    terminal.pump(0.1, rate)
            terminal.settle(rate, quiet=quiet, limit=120)
            settled = terminal.last_change(since=start) or start
            at = next((c for t, c, _ in terminal.history if t >= settled), terminal.consumed)
            changed = sum(a != b for old, new in zip(before, terminal.cells()) for a, b in zip(old, new))
            results.append((name, max(0.0, settled - start), at - consumed, terminal.produced - produced, changed))
    finally:
        terminal.close(quit_keys)
    return results


def medians(runs):
    """Per step, the median of each figure over the runs."""
    out = []
    for index, (name, *_rest) in enumerate(runs[0]):
        seconds = statistics.median(r[index][1] for r in runs)
        consumed = statistics.median(r[index][2] for r in runs)
        produced = statistics.median(r[index][3] for r in runs)
        changed = statistics.median(r[index][4] for r in runs)
        out.append((name, seconds, int(consumed), int(produced), int(changed)))
    return out


def measure(binary, rate, runs, which=("curtain", "textual"), env=None, round_trip=0.0):
    table = {}
    for app in which:
        argv, quit_keys = apps(binary)[app]
        table[app] = medians([run(argv, quit_keys, rate, env=env, round_trip=round_trip) for _ in range(runs)])
    return table


def check_binary(binary):
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary}: not built; run `swift build -c release --product curtain-demo` first")
