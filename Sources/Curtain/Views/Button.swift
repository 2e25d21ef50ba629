import CurtainLayout
import CurtainScreen

/// A push button: a title with one underlined letter, its shortcut. Enter or Space activates
/// it while it has focus, and so does a click (press and release on it). In a ``ButtonRow``
/// the shortcut letter activates it from anywhere in the row. A cancel button is what a
/// dialog's Esc picks (``AlertController``).
@MainActor
public final class Button: View {
    /// What a button is for: a cancel button answers Esc.
    public enum Role: Sendable, Equatable { case normal, cancel, destructive }

    public var title: String { didSet { if title != oldValue { setNeedsLayout() } } }
    /// The letter that activates the button in its row, underlined in the title; nil for none.
    public let shortcut: Character?
    public let role: Role
    public var action: @MainActor () -> Void

    /// - Parameter shortcut: defaults to the title's first letter.
    public init(_ title: String, shortcut: Character? = nil, role: Role = .normal, action: @escaping @MainActor () -> Void = {}) {
        self.title = title
        self.shortcut = (shortcut ?? title.first(where: \.isLetter)).map { Character($0.lowercased()) }
        self.role = role
        self.action = action
    }

    public override var canBecomeFocused: Bool { true }

    /// Runs the action.
    public func activate() { action() }

    /// One column of space each side of the title.
    public var naturalWidth: Int { TextWidth.of(title) + 2 }

    public override func fittingSize(width: Int) -> Size { Size(width: width, height: 1) }

    public override func handleKey(_ key: Key) -> Bool {
        guard key == .enter || key == .character(" ") else { return false }
        activate()
        return true
    }

    public override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press: return true   // keep the release
        case .release:
            if frame.contains(event.location) { activate() }
            return true
        default: return false
        }
    }

    public override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let style = isFocused ? theme.focusedButton : theme.button
        buffer.fill(frame.intersection(clip), with: .blank(style))
        var x = frame.minX + 1
        var underlined = false
        for character in title {
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
    public let buttons: [Button]
    /// Where the buttons sit in the row.
    public var alignment: Label.Alignment { didSet { if alignment != oldValue { setNeedsLayout() } } }

    public init(_ buttons: [Button], alignment: Label.Alignment = .trailing) {
        self.buttons = buttons
        self.alignment = alignment
        super.init()
        for button in buttons { addSubview(button) }
    }

    public override func fittingSize(width: Int) -> Size { Size(width: width, height: buttons.isEmpty ? 0 : 1) }

    public override func layoutSubviews() {
        let gap = 2
        let total = buttons.map(\.naturalWidth).reduce(0, +) + gap * max(0, buttons.count - 1)
        let free = max(0, frame.width - total)
        var x = frame.minX + (alignment == .leading ? 0 : alignment == .center ? free / 2 : free)
        for button in buttons {
            let width = min(button.naturalWidth, max(0, frame.maxX - x))
            button.frame = Rect(x: x, y: frame.minY, width: width, height: min(1, frame.height))
            x += width + gap
        }
    }

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
