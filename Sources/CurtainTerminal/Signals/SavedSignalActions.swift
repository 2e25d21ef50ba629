import Glibc

/// The actions that were in place before a handler was installed, by signal number (1…31), so
/// the handler can be taken out again or hand a signal on to what was there before.
///
/// Meant to live in memory allocated before any handler is installed (a field of a state
/// block behind an `UnsafeMutablePointer`) and used in place: every method works on the
/// stored table and is async-signal-safe (no allocation, no Swift arrays, no globals).
/// `EmergencyRestore` and the demo's recording `ClosingLineOnSignal` each keep one.
package struct SavedSignalActions {
    private var table: (Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction,
                        Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction,
                        Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction,
                        Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction,
                        Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction,
                        Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction, Glibc.sigaction,
                        Glibc.sigaction, Glibc.sigaction)
    /// Which entries of `table` hold a saved action.
    private var installed: UInt64 = 0

    package init() {
        let empty = Glibc.sigaction()
        table = (empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
                 empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
                 empty, empty, empty, empty)
    }

    package typealias Handler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// Installs `handler` for `signal` (with `SA_SIGINFO`), saving the action it replaces. A
    /// signal the parent chose to ignore (nohup) stays ignored.
    package mutating func install(_ signal: Int32, handler: Handler) {
        guard signal > 0, signal < 32 else { return }
        var current = Glibc.sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return }
        if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1 { return } // SIG_IGN
        var action = Glibc.sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        withUnsafeMutableBytes(of: &table) { buffer in
            _ = sigaction(signal, &action, &buffer.bindMemory(to: Glibc.sigaction.self)[Int(signal)])
        }
        installed |= 1 << UInt64(signal)
    }

    /// Whether a handler installed through this table is in place for `signal`.
    package func isInstalled(_ signal: Int32) -> Bool {
        signal > 0 && signal < 32 && installed & (1 << UInt64(signal)) != 0
    }

    /// The action saved for `signal` (an empty one, the default, if none was saved).
    package mutating func previous(_ signal: Int32) -> Glibc.sigaction {
        guard signal > 0, signal < 32 else { return Glibc.sigaction() }
        return withUnsafeMutableBytes(of: &table) { $0.bindMemory(to: Glibc.sigaction.self)[Int(signal)] }
    }

    /// Puts back the action saved for `signal`, if a handler was installed.
    package mutating func restore(_ signal: Int32) {
        guard isInstalled(signal) else { return }
        withUnsafeMutableBytes(of: &table) { buffer in
            _ = sigaction(signal, &buffer.bindMemory(to: Glibc.sigaction.self)[Int(signal)], nil)
        }
        installed &= ~(1 << UInt64(signal))
    }

    /// Puts back every saved action. A plain loop: safe inside a handler.
    package mutating func restoreAll() {
        var signal: Int32 = 1
        while signal < 32 {
            restore(signal)
            signal += 1
        }
    }
}
