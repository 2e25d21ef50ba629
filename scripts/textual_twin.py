#!/usr/bin/env python3
"""The demo's twin in Textual 8.2.8, for side-by-side measurements (scripts/side-by-side.py,
scripts/slow-link.py): the same screen drawn the Textual way.

A 2x2 grid of bordered panes (colour bands, wide text, the elapsed time ticking once a second,
about) above a one-row help bar. Keys as in curtain-demo:
  t       a toast at the bottom of the focused pane: a bordered text area, focused; typing goes
          into it and Enter adds a line (it grows upwards, one row a line)
  Tab     focus to the next pane (the toast stays)
  m       a modal over the whole screen, the screen behind it tinted (Textual's ModalScreen)
  Esc     closes the modal
  q       quits
What differs is what each library does by itself: Textual shows and tints at once, Curtain
slides and dims in steps.

  pip install textual==8.2.8 && python3 scripts/textual_twin.py
"""
import time

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Grid
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static, TextArea

BANDS = [196, 202, 208, 214, 220, 226, 190, 154, 118, 82, 46, 47, 48, 49, 50, 51,
         45, 39, 33, 27, 21, 57, 93, 129, 165, 201, 200, 199, 198, 197]


class ColourBands(Widget):
    """Two-cell bands of colour in every row, shifted by one band a row (as the demo's)."""

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        text = Text()
        for y in range(height):
            for x in range(0, width, 2):
                colour = BANDS[(x // 2 + y) % len(BANDS)]
                text.append("▚" * min(2, width - x), style=f"color({colour}) on color(234)")
            if y < height - 1:
                text.append("\n")
        return text


class Clock(Static):
    """The time since the start, mm:ss, and a bar that grows a cell a second."""

    def on_mount(self) -> None:
        self.start = time.monotonic()
        self.tick()
        self.set_interval(1, self.tick)

    def tick(self) -> None:
        seconds = int(time.monotonic() - self.start)
        width = max(1, self.size.width or 30)
        bar = "█" * min(width, seconds % width + 1)
        self.update(Text.assemble(("Elapsed\n", "color(252)"),
                                  (f"{seconds // 60:02d}:{seconds % 60:02d}\n\n", "bold color(120)"),
                                  (bar + "\n\n", "color(34)"), ("updates once a second", "color(244)")))


class Pane(Container, can_focus=True):
    DEFAULT_CSS = """
    Pane { border: round $secondary; border-title-color: $text; }
    Pane:focus-within { border: round $warning; }
    """

    def __init__(self, title: str, body: Widget) -> None:
        super().__init__(body)
        self.border_title = title


class Toast(TextArea):
    DEFAULT_CSS = """
    Toast { dock: bottom; height: auto; max-height: 80%; margin: 0 2; border: round white;
            background: rgb(0,95,135); color: white; }
    """


class Modal(ModalScreen):
    DEFAULT_CSS = """
    Modal { align: center middle; }
    Modal > Static { width: 90%; height: 80%; border: round rgb(255,215,175); padding: 1 2;
                     background: rgb(95,0,95); color: white; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "close modal")]

    def compose(self) -> ComposeResult:
        box = Static("This modal covers the whole screen and dims everything behind it.\n\n"
                     "When it goes away, every toast is back at its own frame in the very first frame.\n\n"
                     "Press Esc to dismiss.")
        box.border_title = "Full-screen modal"
        yield box


class Twin(App):
    CSS = """
    Grid { grid-size: 2 2; }
    #help { dock: bottom; height: 1; background: rgb(188,188,188); color: rgb(38,38,38); }
    """
    BINDINGS = [Binding("t", "toast"), Binding("m", "modal"), Binding("q", "quit")]

    def compose(self) -> ComposeResult:
        yield Grid(
            Pane("Colours", ColourBands()),
            Pane("Unicode", Static(Text.assemble(("日本語のテキスト、中文字符、한국어\n", "color(218)"),
                                                  ("Emoji: 🎉 🚀 ✨ 🌏 — two cells each\n", "color(229)"),
                                                  ("Café, naïve, Ångström", "color(159)")))),
            Pane("Clock", Clock()),
            Pane("About", Static(Text.assemble(("Curtain: UIKit-style presentations for the terminal.\n", "bold color(81)"),
                                                ("Each pane is a presentation context: a toast presented here "
                                                 "stays here and dims only this pane.", "color(252)")))),
        )
        yield Static(" t toast  T screen toast  m modal  Tab focus  ←→↑↓ resize  q quit", id="help")

    def on_mount(self) -> None:
        self.query(Pane).first().focus()

    def action_toast(self) -> None:
        pane = self.focused if isinstance(self.focused, Pane) else None
        if pane is None:
            return
        existing = pane.query(Toast)
        if existing:
            existing.first().focus()
            return
        toast = Toast(show_line_numbers=False, soft_wrap=True)
        toast.cursor_blink = False  # Curtain's caret does not blink either
        pane.mount(toast)
        toast.focus()

    def action_modal(self) -> None:
        self.push_screen(Modal())


if __name__ == "__main__":
    Twin().run()
