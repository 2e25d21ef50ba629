/// The one call that sleeps until descriptors are readable: the terminal's wait thread and a
/// child's reading thread block in it and nowhere else, behind one interface so each system
/// gets the call that works there.
///
/// `poll(2)` on Linux. `select(2)` on macOS, whose `poll` does not support tty devices (it
/// reports `POLLNVAL` for them), while `select` works on every tty on both systems (libuv
/// moves such ttys to `select` on a thread for the same reason). `CURTAIN_WAIT=poll` or
/// `CURTAIN_WAIT=select` picks one on any system, so both are tested here.
package protocol Readiness: Sendable {
    /// Blocks until one of `descriptors` is readable, or `timeoutNanoseconds` passed (nil: no
    /// limit; 0: looks and returns at once). A descriptor that hung up or is closed counts as
    /// readable: reading it tells the end, where waiting again would return at once for ever.
    func wait(_ descriptors: [Int32], timeoutNanoseconds: Int64?) -> ReadyResult
}

/// What a ``Readiness`` call found.
package enum ReadyResult: Equatable, Sendable {
    /// These of the descriptors asked about can be read without blocking.
    case ready([Int32])
    /// The timeout passed first.
    case timedOut
    /// A signal ended the call (`EINTR`): look again.
    case interrupted
}

/// Why a ``Readiness`` could not be had, in words for the user.
package struct ReadinessError: Error, Equatable, Sendable {
    package let message: String
}

/// Which ``Readiness`` a wait uses.
package enum ReadinessKind: String, Equatable, Sendable, CaseIterable {
    case poll
    case select

    /// The system's own choice: `select` on Darwin (its `poll` rejects ttys), `poll` elsewhere.
    package static var systemDefault: ReadinessKind {
        #if canImport(Darwin)
        .select
        #else
        .poll
        #endif
    }

    /// The kind `CURTAIN_WAIT` names (`poll`, `select`; unset or empty: the system's default),
    /// nil for any other value (the terminal session refuses to start with it, saying so).
    package static func named(_ value: String?) -> ReadinessKind? {
        guard let value, !value.isEmpty else { return systemDefault }
        return ReadinessKind(rawValue: value)
    }

    /// The kind the environment's `CURTAIN_WAIT` names, the system's default when it names none
    /// that exists (a child's reader, started after the session accepted the value or without
    /// a session, follows it the same way).
    package static var fromEnvironment: ReadinessKind {
        named(ProcessEnvironment.value("CURTAIN_WAIT")) ?? systemDefault
    }

    /// A readiness call of this kind for `descriptors`; `select` refuses descriptors it cannot
    /// hold (see ``SelectReadiness``).
    package func make(for descriptors: [Int32]) throws(ReadinessError) -> any Readiness {
        switch self {
        case .poll: PollReadiness()
        case .select: try SelectReadiness(checking: descriptors)
        }
    }
}
