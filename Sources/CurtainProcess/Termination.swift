import CurtainPlatform

/// How a child process ended.
public enum Termination: Sendable, Hashable, CustomStringConvertible {
    /// It exited with this status (0: success).
    case exited(Int32)
    /// A signal ended it (15: SIGTERM, 9: SIGKILL).
    case signaled(Int32)

    /// True when it exited with status 0.
    public var isSuccess: Bool { self == .exited(0) }

    /// `exited 3`, `killed by signal 9`.
    public var description: String {
        switch self {
        case .exited(let code): "exited \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }

    /// What the reaper reported (a stop is not reported for these children).
    init(_ status: ExitStatus) {
        switch status {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal), .stopped(let signal): self = .signaled(signal)
        }
    }
}
