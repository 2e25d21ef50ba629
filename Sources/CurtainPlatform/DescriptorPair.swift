import CCurtainPlatform

/// The one maker of descriptor pairs: pipes and socket pairs, both ends close-on-exec from
/// the start (`pipe2` and `SOCK_CLOEXEC` on Linux; on Darwin, which has neither, the flag is
/// set right after), optionally non-blocking. A child started meanwhile by another thread
/// inherits neither end on Linux; on Darwin, only in the moment between the two calls.
package struct DescriptorPair: Sendable {
    /// The end that is read (for a socket pair, either end; by convention the program's).
    package let read: Int32
    /// The end that is written (for a socket pair, the other end).
    package let write: Int32

    /// A pipe. `nonBlocking` sets `O_NONBLOCK` on the ends it names.
    package static func pipe(nonBlocking: NonBlocking = .neither) throws(PlatformError) -> DescriptorPair {
        var ends: [Int32] = [-1, -1]
        guard curtain_pipe_cloexec(&ends) == 0 else { throw PlatformError(code: errno) }
        let pair = DescriptorPair(read: ends[0], write: ends[1])
        pair.setNonBlocking(nonBlocking)
        return pair
    }

    /// A connected pair of Unix stream sockets.
    package static func socketPair() throws(PlatformError) -> DescriptorPair {
        var ends: [Int32] = [-1, -1]
        guard curtain_socket_pair_cloexec(&ends) == 0 else { throw PlatformError(code: errno) }
        return DescriptorPair(read: ends[0], write: ends[1])
    }

    /// Which ends do not block.
    package enum NonBlocking: Sendable {
        case neither, readEnd, both
    }

    /// Closes both ends.
    package func closeBoth() {
        _ = close(read)
        _ = close(write)
    }

    private func setNonBlocking(_ which: NonBlocking) {
        let ends: [Int32] = switch which {
        case .neither: []
        case .readEnd: [read]
        case .both: [read, write]
        }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }
}
