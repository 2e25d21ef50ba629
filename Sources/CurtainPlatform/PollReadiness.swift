
/// ``Readiness`` with `poll(2)`: any descriptor number, one array in and out.
package struct PollReadiness: Readiness {
    package init() {}
    package func wait(_ descriptors: [Int32], timeoutNanoseconds: Int64?) -> ReadyResult {
        var watched = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&watched, nfds_t(watched.count), Self.milliseconds(timeoutNanoseconds))
        if ready == 0 { return .timedOut }
        guard ready > 0 else {
            // EINTR: look again. Anything else (EINVAL, ENOMEM) would fail again at once: call
            // every descriptor ready, and the reads say what is wrong instead of a spin.
            return errno == EINTR ? .interrupted : .ready(descriptors)
        }
        // POLLHUP, POLLERR and POLLNVAL count: the read that follows tells the end.
        return .ready(watched.filter { $0.revents != 0 }.map(\.fd))
    }

    /// A `poll` timeout: -1 for none, rounded up to whole milliseconds so a wait never ends
    /// just before its deadline (and spins until it).
    package static func milliseconds(_ nanoseconds: Int64?) -> Int32 {
        guard let nanoseconds else { return -1 }
        guard nanoseconds > 0 else { return 0 }
        return Int32(min(Int64(Int32.max), nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 == 0 ? 0 : 1)))
    }
}
