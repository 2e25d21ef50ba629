/// What `waitpid` said of a child: its exit status, the signal that ended it, or the signal
/// that stopped it. Decoded here once (the `W…` macros Swift cannot call; the encoding is the
/// same on glibc and Darwin: the low 7 bits the signal, 0x7f for a stop, the next 8 the code).
package enum ExitStatus: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signaled(Int32)
    /// This signal stopped it (only with ``Reaper/wait(for:reportingStops:)``'s stops).
    case stopped(Int32)

    package init(waitStatus status: Int32) {
        let low = status & 0x7f
        if low == 0 {
            self = .exited((status >> 8) & 0xff)
        } else if low == 0x7f {
            self = .stopped((status >> 8) & 0xff)
        } else {
            self = .signaled(low)
        }
    }

    /// As a shell reports it: the code, 128 + n for signal n.
    package var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal), .stopped(let signal): 128 + signal
        }
    }
}

/// The one caller of `waitpid`: the package reaps each child it started, by its process id
/// (never `waitpid(-1)`, which would take a child another part of the program waits for).
package enum Reaper {
    /// Blocks until `pid` ends — or stops, with `reportingStops` (`WUNTRACED`) — retrying when
    /// a signal interrupts; nil when there is no such child of this process (`ECHILD`).
    package static func wait(for pid: pid_t, reportingStops: Bool = false) -> ExitStatus? {
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, reportingStops ? WUNTRACED : 0) >= 0 { return ExitStatus(waitStatus: status) }
            guard errno == EINTR else { return nil }
        }
    }

    /// How `pid` ended if it has (`WNOHANG`), reaping it; nil while it runs (or when it is no
    /// child of this process: a status is then never coming, and the caller's bound ends it).
    package static func reapIfEnded(_ pid: pid_t) -> ExitStatus?? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return .some(ExitStatus(waitStatus: status)) }
            if result == 0 { return nil }
            if errno != EINTR { return .some(nil) }
        }
    }
}
