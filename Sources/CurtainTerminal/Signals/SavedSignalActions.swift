import CurtainPlatform

/// The actions that were in place before a handler was installed, by signal number (1…64,
/// real-time signals included), so the handler can be taken out again or hand a signal on to
/// what was there before.
///
/// Meant to live in memory allocated before any handler is installed (a field of a state
/// block behind an `UnsafeMutablePointer`) and used in place: every method works on the
/// stored table and is async-signal-safe (no allocation, no Swift arrays, no globals).
/// `EmergencyRestore` and the demo's recording `ClosingLineOnSignal` each keep one.
package struct SavedSignalActions {
    /// The highest signal number kept (`SIGRTMAX` on Linux, 31 on Darwin).
    package static var highestSignal: Int32 { ProcessEndingSignals.highest }

    private typealias Block = (SignalAction, SignalAction, SignalAction, SignalAction, SignalAction,
                               SignalAction, SignalAction, SignalAction, SignalAction, SignalAction,
                               SignalAction, SignalAction, SignalAction, SignalAction, SignalAction,
                               SignalAction, SignalAction, SignalAction, SignalAction, SignalAction,
                               SignalAction, SignalAction, SignalAction, SignalAction, SignalAction,
                               SignalAction, SignalAction, SignalAction, SignalAction, SignalAction,
                               SignalAction, SignalAction)
    /// Signal n's saved action is entry n − 1.
    private var table: (Block, Block)
    /// Which entries of `table` hold a saved action (bit n − 1 for signal n).
    private var installed: UInt64 = 0

    package init() {
        let empty = SignalAction()
        let block: Block = (empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
                            empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
                            empty, empty, empty, empty, empty, empty)
        table = (block, block)
    }

    package typealias Handler = SignalInfoHandler

    @inline(__always)
    private static func isKept(_ signal: Int32) -> Bool { signal > 0 && signal <= highestSignal }

    @inline(__always)
    private static func bit(_ signal: Int32) -> UInt64 { 1 << UInt64(signal - 1) }

    /// Installs `handler` for `signal` (with `SA_SIGINFO`), saving the action it replaces. A
    /// signal the parent chose to ignore (nohup) stays ignored. With `overHandlers` false, a
    /// handler is installed only where the default action is in place: a signal the program
    /// handles itself stays with its handler.
    package mutating func install(_ signal: Int32, overHandlers: Bool = true, handler: Handler) {
        guard Self.isKept(signal), !isInstalled(signal) else { return }
        guard let current = SignalAction.current(signal) else { return }
        if current.disposition == .ignored { return }
        if !overHandlers, current.disposition == .handled { return } // a handler of the program's
        var action = SignalAction.withInfo(handler)
        withUnsafeMutableBytes(of: &table) { buffer in
            _ = sigaction(signal, &action, &buffer.bindMemory(to: SignalAction.self)[Int(signal - 1)])
        }
        installed |= Self.bit(signal)
    }

    /// Whether a handler installed through this table is in place for `signal`.
    package func isInstalled(_ signal: Int32) -> Bool {
        Self.isKept(signal) && installed & Self.bit(signal) != 0
    }

    /// The action saved for `signal` (an empty one, the default, if none was saved).
    package mutating func previous(_ signal: Int32) -> SignalAction {
        guard Self.isKept(signal) else { return SignalAction() }
        return withUnsafeMutableBytes(of: &table) { $0.bindMemory(to: SignalAction.self)[Int(signal - 1)] }
    }

    /// Puts back the action saved for `signal`, if a handler was installed.
    package mutating func restore(_ signal: Int32) {
        guard isInstalled(signal) else { return }
        withUnsafeMutableBytes(of: &table) { buffer in
            _ = sigaction(signal, &buffer.bindMemory(to: SignalAction.self)[Int(signal - 1)], nil)
        }
        installed &= ~Self.bit(signal)
    }

    /// Puts back every saved action. A plain loop: safe inside a handler.
    package mutating func restoreAll() {
        var signal: Int32 = 1
        while signal <= Self.highestSignal {
            restore(signal)
            signal += 1
        }
    }
}
