import CurtainLayout

/// A key the demo understands, whichever way it arrived: a real terminal or a script.
public enum DemoKey: Hashable, Sendable {
    case character(Character)
    case enter, backspace, escape, tab, backTab
    case left, right, up, down
    case controlC
}

/// One input event for the demo.
public enum DemoEvent: Hashable, Sendable {
    case key(DemoKey)
    /// Pasted text: inserted as text, its newlines start new lines.
    case paste(String)
    /// A mouse click on a screen cell.
    case click(Point)
    /// The terminal changed size.
    case resize(Size)
}
