import CCurtainPlatform

/// Tells when new bytes arrive on a fixed set of descriptors, edge-triggered: each arrival is
/// told once, however long its bytes stay unread — `epoll` with `EPOLLET` on Linux, a `kqueue`
/// with `EVFILT_READ` and `EV_CLEAR` on Darwin.
///
/// This is what lets a thread sleep on a terminal for good while someone else reads it. With
/// ``Readiness`` (`poll`, `select`: level-triggered), input nobody has read yet ends every
/// sleep at once, so the sleeper must stay off the descriptor from the moment it finds input
/// until the reader has read it, and be woken (poked) to watch it again; here the sleeper goes
/// straight back to sleep and is woken only by bytes that arrive later. The reader must then
/// look at what is waiting itself (a level check, ``Readiness`` with a zero timeout) whenever it
/// may have missed an arrival told while it was not listening.
///
/// Not every descriptor can be watched so: Darwin's `kqueue` refuses some ttys (`EINVAL`, as
/// libuv finds; `/dev/tty` among them) and `epoll` refuses regular files. ``init(watching:)``
/// then throws, and the caller waits with ``Readiness`` instead.
package final class EdgeReadiness: Sendable {
    private let watch: Int32

    /// Watches `descriptors` for new input; throws when one of them cannot be watched so, or
    /// the system has no edge-triggered call.
    package init(watching descriptors: [Int32]) throws(ReadinessError) {
        let watch = curtain_edge_watch_open(descriptors, Int32(descriptors.count))
        guard watch >= 0 else {
            throw ReadinessError(message: "no edge-triggered wait (\(String(cString: strerror(errno))))")
        }
        self.watch = watch
    }

    deinit { close(watch) }

    /// Blocks until bytes arrived on some of the descriptors (or one hung up) since the last
    /// call; returns them, each once. Empty when a signal ended the call: call again. Nil when
    /// the call failed otherwise, which it would again at once: the caller waits with
    /// ``Readiness`` from then on instead of spinning.
    package func wait() -> [Int32]? {
        var ready = [Int32](repeating: -1, count: 16)
        let count = curtain_edge_watch_wait(watch, &ready, Int32(ready.count))
        guard count >= 0 else { return errno == EINTR ? [] : nil }
        return Array(ready[..<Int(count)])
    }
}
