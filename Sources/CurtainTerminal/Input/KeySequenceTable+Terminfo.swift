internal import CNcurses
import Curtain

extension KeySequenceTable {
    /// The key capabilities Curtain reads from terminfo, by name.
    static let capabilities: [(name: String, code: Key.Code)] = [
        ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
        ("khome", .home), ("kend", .end), ("kpp", .pageUp), ("knp", .pageDown),
        ("kich1", .insert), ("kdch1", .delete),
    ] + (1...12).map { ("kf\($0)", Key.Code.function($0)) }

    /// The names of keys with modifiers (`kUP5` is Ctrl-Up): the prefix, then xterm's modifier
    /// parameter (3 Alt … 8 Ctrl-Alt-Shift). The prefix alone is the Shift variant (`kDC` is
    /// Shift-Delete); Shift-Up and Shift-Down are also `kri` and `kind`.
    static let modifiedCapabilities: [(prefix: String, code: Key.Code)] = [
        ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
        ("kPRV", .pageUp), ("kNXT", .pageDown), ("kIC", .insert), ("kDC", .delete),
    ]

    /// The key sequences of the terminal ncurses has loaded (after `newterm`): the cursor and
    /// editing keys, Shift-Tab (`kcbt`), F1–F12 and the modified variants the entry lists.
    static func fromTerminfo() -> KeySequenceTable {
        var entries: [(sequence: [UInt8], key: Key)] = []
        for (name, code) in capabilities {
            if let sequence = TerminfoProbe.string(name) { entries.append((sequence, Key(code))) }
        }
        if let sequence = TerminfoProbe.string("kcbt") { entries.append((sequence, .backTab)) }
        for (name, code) in [("kri", Key.Code.up), ("kind", .down)] + modifiedCapabilities {
            if let sequence = TerminfoProbe.string(name) { entries.append((sequence, Key(code, modifiers: .shift))) }
        }
        for (prefix, code) in modifiedCapabilities {
            for parameter in 3...8 {
                // Concatenated, not interpolated: 60 names at every start.
                if let sequence = TerminfoProbe.string(prefix + String(parameter)) {
                    entries.append((sequence, Key(code, modifiers: InputDecoder.modifiers(parameter: parameter))))
                }
            }
        }
        return KeySequenceTable(entries)
    }
}
