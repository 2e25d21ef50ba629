import CurtainPlatform

/// ``Readiness`` with `select(2)`: what works on every tty on macOS as well as Linux.
///
/// A descriptor set holds descriptors below `FD_SETSIZE` (1024) only, and setting a bit past
/// it writes outside the set: every descriptor is checked when the wait is made, and a session
/// with one out of range refuses to start (``TerminalError``) instead of corrupting memory.
struct SelectReadiness: Readiness {
    init(checking descriptors: [Int32]) throws(TerminalError) {
        if let outside = descriptors.first(where: { !DescriptorSet.holds($0) }) {
            throw TerminalError("descriptor \(outside) is beyond what select can wait on (0 to \(DescriptorSet.capacity - 1); use CURTAIN_WAIT=poll)")
        }
    }

    package func wait(_ descriptors: [Int32], timeoutNanoseconds: Int64?) -> ReadyResult {
        var readable = DescriptorSet()
        for descriptor in descriptors where DescriptorSet.holds(descriptor) { readable.insert(descriptor) }
        let highest = descriptors.max() ?? -1
        var timeout = timeoutNanoseconds.map { nanoseconds -> timeval in
            let clamped = max(0, nanoseconds)
            // Rounded up to whole microseconds, so the wait never ends just before its deadline.
            let microseconds = clamped / 1_000 + (clamped % 1_000 == 0 ? 0 : 1)
            return timeval(tv_sec: Int(microseconds / 1_000_000), tv_usec: Int(microseconds % 1_000_000))
        }
        let ready = withUnsafeMutablePointer(to: &readable.bits) { set in
            if timeout == nil { return select(highest + 1, set, nil, nil, nil) }
            return select(highest + 1, set, nil, nil, &timeout!)
        }
        if ready == 0 { return .timedOut }
        guard ready > 0 else {
            // EINTR: look again. EBADF (a descriptor closed under the wait) would fail again at
            // once: call every descriptor ready, and the reads say which is gone.
            return errno == EINTR ? .interrupted : .ready(descriptors)
        }
        return .ready(descriptors.filter { DescriptorSet.holds($0) && readable.contains($0) })
    }
}
