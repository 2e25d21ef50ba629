import Glibc

/// Wakes the input wait when the terminal is resized, without a race and without polling.
///
/// A SIGWINCH handler that sets a flag would leave the program asleep until the next key when
/// the signal lands just before the wait begins. So the session waits in `poll` on the input
/// and on a pipe, and the SIGWINCH handler writes one byte into the pipe (the self-pipe
/// trick); the wait then sleeps in the kernel with no timeout while idle, and the session
/// reads the new size itself (`TIOCGWINSZ`) and tells ncurses (`resizeterm`).
///
/// The handler replaces ncurses' own, which would otherwise resize the screen behind the
/// session's back at the next `doupdate` and queue `KEY_RESIZE` into an input queue nobody
/// reads. It only calls `write(2)`, which is async-signal-safe; the descriptors and the
/// previous action live in memory allocated before the handler is installed.
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
    /// place of ncurses' own. Call after `newterm`, which installs ncurses' handler.
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

    private static func handle(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                               _ context: UnsafeMutableRawPointer?) {
        let savedErrno = errno
        var byte: UInt8 = 1
        _ = write(state.pointee.writeEnd, &byte, 1) // a full pipe already holds a wake-up
        errno = savedErrno
    }
}
