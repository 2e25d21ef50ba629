/// Scripts that ship inside the demo, playable by name.
enum BuiltInScripts {
    /// The names ``named(_:)`` knows, for help text and error messages.
    static let names: [String] = ["tour"]

    /// The script called `name`, as text, or nil if there is none.
    static func named(_ name: String) -> String? {
        switch name {
        case "tour": tour
        default: nil
        }
    }

    /// The guided tour: every idea of the demo in under 30 seconds at the default typing speed.
    /// Its comments explain each step, since it is what users copy to write their own scripts.
    static let tour: String = """
        # The Curtain tour: the demo's built-in script. Copy it to start your own.
        #
        # One command a line:
        #   key NAME        press a key: t T m n N s c q Enter Esc Tab BTab Backspace
        #                   Left Right Up Down Ctrl-C (case matters: t and T differ)
        #   type TEXT       type TEXT one character at a time: everything after the
        #                   first space, exactly (no escapes; use key Enter for Enter)
        #   wait DURATION   let time pass, like 400ms or 1.5s
        #   wait settled    let time pass until no animation runs
        #   resize CxR      the terminal becomes C columns by R rows, like 60x20
        #   mouse down|drag|up COL ROW
        #                   press, move with the button held, release (0-based cells)
        #   drag COL ROW to COL ROW over DURATION
        #                   a straight drag with evenly spaced moves, like over 300ms
        #   end             stop here; lines after it are not read
        # Lines whose first non-blank character is # are comments. Each typed
        # character and each key takes one keystroke at the typing speed.

        # The grid: four panes, one of them focused. Give the eye a moment.
        wait 1.2s

        # t presents a toast in the focused pane: it slides in from the bottom edge
        # of the pane while the pane behind it dims. The toast takes the focus.
        key t
        wait 800ms

        # While a toast has the focus, typed characters go into it.
        type Hello from Curtain!
        wait 300ms

        # Enter starts a new line: the toast measures its content again and grows,
        # animated. Wide characters (CJK, emoji) take two cells and never split.
        key Enter
        type Wide text: 日本語のテキスト 🎉
        wait 300ms

        # Backspace deletes the character before the cursor.
        key Enter
        type Backspace fixes a tyop
        wait 300ms
        key Backspace
        key Backspace
        type po.
        wait 800ms

        # Tab moves the focus to the next pane; the toast stays up in its own pane,
        # and the panes outside the dimmed one stay live. (Inside the toast the arrow
        # keys move the caret; with a pane focused they move the splits.)
        key Tab
        wait 800ms

        # Left and Right move the vertical split. The toast re-fits its pane live:
        # the text wraps again at the new width and the height follows.
        key Left
        wait 250ms
        key Left
        wait 250ms
        key Left
        wait 600ms
        key Right
        wait 250ms
        key Right
        wait 250ms
        key Right
        wait 600ms

        # Up and Down move the horizontal split: the pane gets shorter, then taller.
        key Up
        wait 250ms
        key Up
        wait 600ms
        key Down
        wait 250ms
        key Down
        wait 800ms

        # With a pane focused, m presents a full-screen modal over everything, the
        # toast included. (While the toast has the focus, m would be typed into it.)
        key m
        wait 1.5s
        # Esc dismisses the modal: the toast is back at once, where it was, and the
        # focus returns to the pane that presented the modal.
        key Esc
        wait 1s

        # BTab (Shift-Tab) moves the focus back to the first pane.
        key BTab
        wait 800ms

        # t in a pane that already shows a toast gives that toast the focus again.
        key t
        wait 600ms
        # Esc dismisses the toast: it slides out and the dim fades away.
        key Esc
        wait 1.2s

        # n posts a notification in the focused pane. They stack against the bottom edge,
        # newest nearest it; they neither dim nor take the focus, and each one goes away by
        # itself after four seconds while the others close up.
        key n
        wait 500ms
        key n
        wait 500ms
        key n
        wait 5s

        # c presents a card of fixed height (half the pane) from the bottom. Anything
        # presented at an edge can be dragged away with the mouse: press on it, drag toward
        # its edge, let go. (At 80x24 the card's top border is row 5 of the first pane.)
        key c
        wait settled
        wait 600ms
        drag 20 5 to 20 11 over 300ms
        wait settled
        wait 800ms

        # q quits.
        key q

        """
}
