import CCurtainPlatform

/// ``Readiness`` with `select(2)`: what works on every tty on macOS as well as Linux. The
/// `fd_set` and `struct timeval` are C's (`curtain_select_readable`): their layouts and field
/// widths differ between glibc and Darwin (`tv_usec` is a `long` on one, an `Int32` on the
/// other), and the C macros know them.
///
/// A descriptor set holds descriptors below `FD_SETSIZE` (1024) only, and setting a bit past
/// it writes outside the set: every descriptor is checked when the wait is made, and a wait
/// with one out of range is refused (``ReadinessError``) instead of corrupting memory.
struct SelectReadiness: Readiness {
    /// How many descriptors a set holds: `FD_SETSIZE`.
    static let capacity = Int(curtain_select_capacity())

    /// Whether `descriptor` has a bit in a set.
    static func holds(_ descriptor: Int32) -> Bool { descriptor >= 0 && Int(descriptor) < capacity }

    init(checking descriptors: [Int32]) throws(ReadinessError) {
        if let outside = descriptors.first(where: { !Self.holds($0) }) {
            throw ReadinessError(message: "descriptor \(outside) is beyond what select can wait on (0 to \(Self.capacity - 1); use CURTAIN_WAIT=poll)")
        }
    }

    package func wait(_ descriptors: [Int32], timeoutNanoseconds: Int64?) -> ReadyResult {
        let watched = descriptors.filter(Self.holds)
        var ready = [UInt8](repeating: 0, count: watched.count)
        let result = curtain_select_readable(watched, Int32(watched.count),
                                             timeoutNanoseconds.map { max(0, $0) } ?? -1, &ready)
        if result == 0 { return .timedOut }
        guard result > 0 else {
            // EINTR: look again. EBADF (a descriptor closed under the wait) would fail again at
            // once: call every descriptor ready, and the reads say which is gone.
            return errno == EINTR ? .interrupted : .ready(descriptors)
        }
        return .ready(watched.indices.filter { ready[$0] != 0 }.map { watched[$0] })
    }
}
