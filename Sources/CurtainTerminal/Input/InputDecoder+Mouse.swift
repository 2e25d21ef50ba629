import Curtain
import CurtainLayout

/// Mouse reports: SGR (`ESC [ < b ; x ; y M` or `m`), which the session asks for, and X10's
/// `ESC [ M Cb Cx Cy` from terminals that ignore the SGR mode. Pure functions.
///
/// The button code `b` is the same in both: the low two bits are the button (0 left, 1 middle,
/// 2 right, 3 none: a release in X10), then 4 Shift, 8 Alt, 16 Ctrl, 32 motion, 64 wheel (with
/// bit 0: down), 128 the extra buttons 8–11 (ignored).
extension InputDecoder {
    /// The event of an SGR report: `M` is a press (or a drag, with the motion bit), `m` a
    /// release that says which button. Coordinates are 1-based in the report, 0-based in the
    /// event, and have no upper limit. Nil for reports Curtain does not use (motion with no
    /// button held, horizontal wheels, extra buttons) and for malformed ones.
    static func sgrMouse(parameters: [Int], final: UInt8) -> MouseEvent? {
        guard parameters.count == 3 else { return nil }
        return mouseEvent(code: parameters[0], column: parameters[1] - 1, row: parameters[2] - 1,
                          isRelease: final == 0x6D)
    }

    /// The event of an X10 report: each byte is 32 more than its value, coordinates 1-based (so
    /// 223 columns at most). A release does not say which button (``MouseEvent/Button/none``).
    static func x10Mouse(_ button: UInt8, _ column: UInt8, _ row: UInt8) -> MouseEvent? {
        let code = Int(button) - 32
        guard code >= 0 else { return nil }
        let isRelease = code & 0b11 == 3 && code & (32 | 64) == 0
        return mouseEvent(code: code, column: Int(column) - 33, row: Int(row) - 33, isRelease: isRelease)
    }

    private static func mouseEvent(code: Int, column: Int, row: Int, isRelease: Bool) -> MouseEvent? {
        guard code >= 0, code & 128 == 0 else { return nil }
        var modifiers: Key.Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let location = Point(x: max(0, column), y: max(0, row))
        if code & 64 != 0 {
            guard !isRelease else { return nil }
            switch code & 0b11 {
            case 0: return MouseEvent(.scrollUp, button: .none, at: location, modifiers: modifiers)
            case 1: return MouseEvent(.scrollDown, button: .none, at: location, modifiers: modifiers)
            default: return nil // horizontal wheels
            }
        }
        let button: MouseEvent.Button = switch code & 0b11 {
        case 0: .left
        case 1: .middle
        case 2: .right
        default: .none
        }
        if code & 32 != 0 {
            // Motion: a drag while a button is held; plain motion was not asked for.
            return button == .none ? nil : MouseEvent(.drag, button: button, at: location, modifiers: modifiers)
        }
        if isRelease { return MouseEvent(.release, button: button, at: location, modifiers: modifiers) }
        return button == .none ? nil : MouseEvent(.press, button: button, at: location, modifiers: modifiers)
    }
}
