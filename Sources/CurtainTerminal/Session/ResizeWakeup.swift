import Glibc

/// Wakes the input wait when the terminal is resized, without a race and without polling.
///
/// ncurses learns of a resize from its SIGWINCH handler, which only sets a flag; the flag is
/// read when a `wget_wch` starts or is interrupted. A signal that lands just before the wait
/// begins, or on another thread, would leave the program asleep until the next key. So the
/// session waits in `poll` on the input and on a pipe, and a SIGWINCH handler of ours — which
/// first calls ncurses' handler, so its flag is set as before — writes one byte into the pipe
/// (the self-pipe trick). The wait then sleeps in the kernel with no timeout while idle.
///
/// The handler only calls ncurses' handler and `write(2)`: both async-signal-safe. The
/// descriptors and the previous action live in memory allocated before the handler is
/// installed.
enum ResizeWakeup {
    struct State {
        var readEnd: Int32 = -1
        var writeEnd: Int32 = -1
        var previous = Glibc.sigaction()
        var installed = false
    }

    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    /// The descriptor that becomes readable after a SIGWINCH, or -1 when not installed.
    static var descriptor: Int32 { state.pointee.installed ? state.pointee.readEnd : -1 }

    /// Creates the pipe (both ends non-blocking, closed on exec) and installs the handler in
    /// front of ncurses' own. Call after `newterm`, which installs ncurses' handler.
    static func install() {
        let s = state
        guard !s.pointee.installed else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        s.pointee.readEnd = ends[0]
        s.pointee.writeEnd = ends[1]
        var action = Glibc.sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, context in
            ResizeWakeup.handle(signal, info, context)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_RESTART
        guard sigaction(SIGWINCH, &action, &s.pointee.previous) == 0 else {
            close(ends[0])
            close(ends[1])
            return
        }
        s.pointee.installed = true
    }

    /// Puts ncurses' handler back and closes the pipe.
    static func uninstall() {
        let s = state
        guard s.pointee.installed else { return }
        sigaction(SIGWINCH, &s.pointee.previous, nil)
        s.pointee.installed = false
        close(s.pointee.readEnd)
        close(s.pointee.writeEnd)
        s.pointee.readEnd = -1
        s.pointee.writeEnd = -1
    }

    /// Empties the pipe after a wake-up (it is non-blocking: stops when empty).
    static func drain() {
        let fd = descriptor
        guard fd >= 0 else { return }
        var bytes = (UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    private static func handle(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                               _ context: UnsafeMutableRawPointer?) {
        let s = state
        let savedErrno = errno
        let previous = s.pointee.previous
        if previous.sa_flags & SA_SIGINFO != 0 {
            previous.__sigaction_handler.sa_sigaction?(signal, info, context)
        } else if let handler = previous.__sigaction_handler.sa_handler,
                  unsafeBitCast(handler, to: Int.self) != 1 { // nil is SIG_DFL, 1 is SIG_IGN
            handler(signal)
        }
        var byte: UInt8 = 1
        _ = write(s.pointee.writeEnd, &byte, 1) // a full pipe already holds a wake-up
        errno = savedErrno
    }
}
