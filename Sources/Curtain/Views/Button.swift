import CurtainLayout
import CurtainScreen

/// A push button: a title with one underlined letter, its shortcut (shown after the title, as
/// in "Stop (x)", when the title does not hold it, so a key is never secret). Enter or Space activates
/// it while it has focus, and so does a click (press and release on it). In a ``ButtonRow``
/// the shortcut letter activates it from anywhere in the row. A cancel button is what a
/// dialog's Esc picks (``AlertController``).
@MainActor
public final class Button: View {
    /// What a button is for: a cancel button answers Esc.
    public enum Role: Sendable, Equatable {
        /// An ordinary action.
        case normal
        /// The action that backs out: a dialog's Esc picks it.
        case cancel
        /// An action that deletes or loses something.
        case destructive
    }

    /// The text on the button.
    public var title: String { didSet { if title != oldValue { setNeedsLayout() } } }
    /// The letter that activates the button in its row, underlined in the title; nil for none.
    public let shortcut: Character?
    /// What the button is for: a cancel button answers a dialog's Esc.
    public let role: Role
    /// What the button does when activated.
    public var action: @MainActor () -> Void

    /// A button with a title, a shortcut letter, a role and an action.
    ///
    /// - Parameters:
    ///   - title: the text on the button.
    ///   - shortcut: the letter that activates it in its row, compared in lower case;
    ///     defaults to the title's first letter.
    ///   - role: normal by default; a cancel button is the one a dialog's Esc picks.
    ///   - action: what it does; nothing by default.
    public init(_ title: String, shortcut: Character? = nil, role: Role = .normal, action: @escaping @MainActor () -> Void = {}) {
        self.title = title
        self.shortcut = (shortcut ?? title.first(where: \.isLetter)).map { Character($0.lowercased()) }
        self.role = role
        self.action = action
    }

    /// True: Tab stops on a button, and Enter or Space activates the focused one.
    public override var canBecomeFocused: Bool { true }

    /// Runs the action.
    public func activate() { action() }

    /// One column of space each side of the title (as shown: ``Theme/displayable(_:)``, with
    /// the shortcut after it when the title does not hold it).
    public var naturalWidth: Int { TextWidth.of(theme.displayable(shownTitle)) + 2 }

    /// The title, and the shortcut in parentheses after it when no letter of the title is it.
    private var shownTitle: String {
        guard let shortcut, !title.contains(where: { Character($0.lowercased()) == shortcut }) else { return title }
        return "\(title) (\(shortcut))"
    }

    /// One row at any width.
    public override func fittingSize(width: Int) -> Size { Size(width: width, height: 1) }

    /// Enter and Space activate the button.
    public override func handleKey(_ key: Key) -> Bool {
        guard key == .enter || key == .character(" ") else { return false }
        activate()
        return true
    }

    /// A click activates the button: it takes the press, and activates on a release over it,
    /// so moving away before letting go cancels.
    public override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press: return true   // keep the release
        case .release:
            if frame.contains(event.location) { activate() }
            return true
        default: return false
        }
    }

    /// The title after one column of space (ASCII stand-ins where the terminal does not show
    /// Unicode), in the theme's ``Theme/button`` style (``Theme/focusedButton`` while focused),
    /// its shortcut letter underlined (after the title when the title does not hold it).
    public override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let style = isFocused ? theme.focusedButton : theme.button
        buffer.fill(frame.intersection(clip), with: .blank(style))
        var x = frame.minX + 1
        var underlined = false
        for character in theme.displayable(shownTitle) {
            var cellStyle = style
            if !underlined, let shortcut, Character(character.lowercased()) == shortcut {
                cellStyle = style.adding(.underline)
                underlined = true
            }
            x += buffer.draw(String(character), at: Point(x: x, y: frame.minY), style: cellStyle, clip: clip.intersection(frame))
        }
    }
}

/// Buttons side by side, as at the bottom of a dialog: Tab and Shift-Tab (the scene's focus
/// traversal) or Left and Right move between them, a button's shortcut letter activates it.
/// Esc goes on to the presentation controller (an ``AlertController`` picks its cancel action).
@MainActor
public final class ButtonRow: View {
    /// The buttons, left to right.
    public let buttons: [Button]
    /// Where the buttons sit in the row.
    public var alignment: Label.Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    /// A row of `buttons` that become its subviews.
    ///
    /// - Parameters:
    ///   - buttons: the buttons, left to right.
    ///   - alignment: where they sit in the row; at the trailing end by default, as in a dialog.
    public init(_ buttons: [Button], alignment: Label.Alignment = .trailing) {
        self.buttons = buttons
        self.alignment = alignment
        super.init()
        for button in buttons { addSubview(button) }
    }

    /// Columns between two buttons.
    private static let gap = 2

    /// One row when the buttons fit side by side, more when they do not (none without buttons).
    public override func fittingSize(width: Int) -> Size { Size(width: width, height: lines(width: width).count) }

    /// The buttons in lines of `width`: as many side by side as fit, in order; a button wider
    /// than the line alone on its line.
    private func lines(width: Int) -> [ArraySlice<Button>] {
        var lines: [ArraySlice<Button>] = []
        var start = 0
        var used = 0
        for (index, button) in buttons.enumerated() {
            let needed = (index == start ? 0 : Self.gap) + button.naturalWidth
            if index > start, used + needed > width {
                lines.append(buttons[start..<index])
                start = index
                used = button.naturalWidth
            } else {
                used += needed
            }
        }
        if start < buttons.count { lines.append(buttons[start...]) }
        return lines
    }

    /// Each button at its natural width, two columns apart, each line placed by ``alignment``;
    /// buttons that do not fit side by side go on to the next line (a button wider than the row
    /// is cut), and lines past the row's height are not shown.
    public override func layoutSubviews() {
        for (row, line) in lines(width: frame.width).enumerated() {
            let total = line.map(\.naturalWidth).reduce(0, +) + Self.gap * max(0, line.count - 1)
            let free = max(0, frame.width - total)
            var x = frame.minX + (alignment == .leading ? 0 : alignment == .center ? free / 2 : free)
            for button in line {
                let width = min(button.naturalWidth, max(0, frame.maxX - x))
                button.frame = Rect(x: x, y: frame.minY + row, width: row < frame.height ? width : 0, height: row < frame.height ? 1 : 0)
                x += width + Self.gap
            }
        }
    }

    /// A button's shortcut letter activates it; Left and Right move focus between the buttons.
    public override func handleKey(_ key: Key) -> Bool {
        if let character = key.text, let button = buttons.first(where: { $0.shortcut == Character(character.lowercased()) }) {
            button.activate()
            return true
        }
        guard key == .left || key == .right, let scene,
              let current = buttons.firstIndex(where: { $0.isFocused }) else { return false }
        let next = current + (key == .left ? -1 : 1)
        if buttons.indices.contains(next) { scene.focus(buttons[next]) }
        return true
    }
}
