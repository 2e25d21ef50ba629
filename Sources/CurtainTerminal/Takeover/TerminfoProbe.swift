internal import CNcurses
import CurtainPlatform

/// Reads the terminfo entry for `TERM` before ncurses takes over the screen: whether it exists
/// and can address the cursor (the refusal checks), and the strings that return the terminal to
/// normal (for the emergency restore in signal handlers, which cannot ask ncurses). It also
/// keeps what the rest of the takeover asks of the same entry — whether it has direct colour
/// (``DirectColorEntry``) and the strings ``TunedTerminfo`` compares — so that the entry is
/// loaded once before `newterm`, not once for each question (each load searches the terminfo
/// directories and decodes the entry: about 0.2M instructions).
struct TerminfoProbe {
    var terminfo: TerminalRequirements.Terminfo
    /// Attributes off, cursor visible, keypad local mode, leave the alternate screen.
    var resetSequence: [UInt8] = []
    /// Whether the entry has the `RGB` flag (false when it was not found), as
    /// ``DirectColorEntry/installedEntryHasDirectColor(_:fileDescriptor:)`` reads it.
    var hasDirectColor = false
    /// The entry's strings for ``TunedTerminfo/Capability/allCases``, in that order; nil when
    /// it was not found.
    var tunedStrings: [[UInt8]?]?

    /// Loads `term` from terminfo (with `setupterm`) and releases it again.
    static func probe(term: String, fileDescriptor: Int32) -> TerminfoProbe {
        var status: Int32 = 0
        let result = term.withCString { curtain_setupterm($0, fileDescriptor, &status) }
        guard result == curtain_OK(), let entry = curtain_cur_term() else {
            return TerminfoProbe(terminfo: status == -1 ? .noDatabase : .unknown)
        }
        let cup = string("cup")
        var probe = TerminfoProbe(terminfo: .found(canAddressCursor: cup != nil && !(cup ?? []).isEmpty))
        for name in ["sgr0", "cnorm", "rmkx"] {
            if let bytes = string(name) { probe.resetSequence += withoutPadding(bytes) }
        }
        if let leave = string("rmcup") {
            // Blank the alternate screen before leaving it, as a normal stop does: tmux gives
            // the shell's screen back with rows of it when the window grew meanwhile.
            if let clear = string("clear") { probe.resetSequence += withoutPadding(clear) }
            probe.resetSequence += withoutPadding(leave)
        }
        probe.hasDirectColor = "RGB".withCString { curtain_tigetflag($0) } > 0
        probe.tunedStrings = TunedTerminfo.Capability.allCases.map { string($0.name) }
        _ = del_curterm(entry)
        return probe
    }

    /// A string capability's bytes, nil when absent or not a string.
    static func string(_ name: String) -> [UInt8]? {
        guard let pointer = name.withCString({ curtain_tigetstr($0) }),
              UnsafeRawPointer(pointer) != UnsafeRawPointer(curtain_CANCELLED_STRING()) else { return nil }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                         count: strlen(pointer)))
    }

    /// Removes terminfo padding (`$<5>`, `$<2*/>`), which is meant for ncurses' output routine,
    /// not for the terminal.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
               let close = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                i = close + 1
                continue
            }
            result.append(bytes[i])
            i += 1
        }
        return result
    }
}
