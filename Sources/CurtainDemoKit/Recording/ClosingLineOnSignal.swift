import CurtainTerminal
import CurtainPlatform

/// Appends a recording's closing line when a signal ends the process before the recording is
/// closed: every signal the terminal's `EmergencyRestore` covers (SIGTERM, SIGHUP, SIGINT,
/// SIGQUIT, traps — a crash —, SIGUSR1, SIGPIPE, SIGALRM, the real-time signals, …). Without it a killed session's
/// cast ends mid-frame, and a player leaves its viewer's terminal in the recording's colours
/// with the cursor hidden.
///
/// The handler is async-signal-safe: it only writes (`writeAll`) a line prepared in advance to
/// the recording's descriptor (the writer prepares it before each event, with that event's
/// time, so the closing line is never earlier than the last event). The prepared line lives in
/// one block allocated before any handler is installed, in two slots: the writer fills the one
/// not in use and then switches, so a handler never reads a half-written line.
///
/// Then the handler puts back the action that was there before (the terminal's
/// ``TerminalSession`` restore, or the default) and hands the signal on to it, so the terminal
/// is restored as before and the process still dies of the same signal.
///
/// One recording at a time per process: arming again replaces the line and descriptor.
/// Disarm before anything armed later is disarmed (last armed, first disarmed), because each
/// disarm puts back the handlers that were there when it was armed.
enum ClosingLineOnSignal {
    /// The signals that end the process and get the handler: `EmergencyRestore`'s.
    static var signals: [Int32] { EmergencyRestore.signals }

    /// Room for one line: a closing line is a time and a few escape sequences.
    static let lineCapacity = 256

    typealias Slot = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    struct State {
        var armed: sig_atomic_t = 0
        var fileDescriptor: Int32 = -1
        /// Which slot holds the line to write: 0 or 1.
        var current: sig_atomic_t = 0
        var counts: (Int, Int) = (0, 0)
        var slots: (Slot, Slot)
        /// The actions the handlers replaced.
        var actions = SavedSignalActions()
    }

    /// Allocated once, never freed: handlers may run at any moment of the process's life.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        let zero: Slot = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        pointer.initialize(to: State(slots: (zero, zero)))
        return pointer
    }()

    /// Makes `line` (newline included) what a terminating signal appends to `fileDescriptor`,
    /// installing the handlers the first time. A line longer than ``lineCapacity`` disarms:
    /// better no closing line than half of one.
    static func arm(fileDescriptor: Int32, line: [UInt8]) {
        let s = state // initialise before any handler can run
        guard line.count <= lineCapacity else {
            disarm()
            return
        }
        let next: sig_atomic_t = s.pointee.armed != 0 && s.pointee.current == 0 ? 1 : 0
        withUnsafeMutableBytes(of: &s.pointee.slots) { buffer in
            let base = Int(next) * MemoryLayout<Slot>.size
            for (i, byte) in line.enumerated() { buffer[base + i] = byte }
        }
        if next == 0 { s.pointee.counts.0 = line.count } else { s.pointee.counts.1 = line.count }
        s.pointee.fileDescriptor = fileDescriptor
        s.pointee.current = next
        guard s.pointee.armed == 0 else { return }
        s.pointee.armed = 1
        for signal in signals { install(signal) }
    }

    /// Removes the handlers, putting back what was there before.
    static func disarm() {
        let s = state
        s.pointee.armed = 0
        for signal in signals { s.pointee.actions.restore(signal) }
    }

    /// Writes the armed line, once. Async-signal-safe.
    static func writeLine() {
        let s = state
        guard s.pointee.armed != 0 else { return }
        s.pointee.armed = 0
        let fd = s.pointee.fileDescriptor
        let slot = Int(s.pointee.current)
        let count = slot == 0 ? s.pointee.counts.0 : s.pointee.counts.1
        _ = withUnsafeBytes(of: &s.pointee.slots) { buffer in
            writeAll(fd, buffer.baseAddress! + slot * MemoryLayout<Slot>.size, count)
        }
    }

    /// Like the terminal's restore, a handler of the program's for a signal beyond the
    /// termination requests, SIGQUIT and the traps stays: the signal may not end the process.
    private static func install(_ signal: Int32) {
        let overHandlers = EmergencyRestore.replacesHandlers(signal) || EmergencyRestore.isHandling(signal)
        state.pointee.actions.install(signal, overHandlers: overHandlers) { signal, info, context in
            ClosingLineOnSignal.handle(signal, info: info, context: context)
        }
    }

    /// The signal handler: the closing line, then the previous action for the same signal.
    ///
    /// A previous handler (the terminal's restore) is called directly with this signal's
    /// details, so it sees what this handler saw (it tells a `kill` from a crash by them).
    /// Under the default action a crash this process caused returns, and the faulting
    /// instruction or `abort` repeats it with the default action in place; anything else is
    /// raised again, delivered when this handler returns.
    private static func handle(_ signal: Int32, info: UnsafeMutablePointer<siginfo_t>?,
                               context: UnsafeMutableRawPointer?) {
        writeLine()
        guard signal > 0, signal <= SavedSignalActions.highestSignal else { return }
        let previous = state.pointee.actions.previous(signal)
        // Every handler goes: the line is written.
        state.pointee.actions.restoreAll()
        switch previous.disposition {
        case .ignored: return
        case .handled: return previous.callHandler(signal, info, context)
        case .byDefault: break
        }
        if EmergencyRestore.isTrap(signal), !EmergencyRestore.isFromAnotherProcess(info) { return }
        raise(signal)
    }
}
