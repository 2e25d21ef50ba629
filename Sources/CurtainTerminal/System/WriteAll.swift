import CurtainPlatform

/// Writes all `count` bytes at `bytes` to `descriptor`; returns 0, or the `errno` of the write
/// that failed.
///
/// The one loop in the package that writes bytes to a descriptor: the screen writer's
/// synchronized-output brackets, the session's mode switches, the emergency restore and the
/// demo's standard streams and recordings all use it. It is async-signal-safe (no allocation,
/// no locks, only `write(2)`), so signal handlers use it too. A write interrupted by a signal
/// (`EINTR`) is retried; a short write goes on with the rest. A write that reports 0 bytes
/// for a non-empty request would repeat forever, so it fails with `EIO`.
@inline(__always)
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int32 {
    writeAll(descriptor, bytes, count, using: { CurtainPlatform.write($0, $1, $2) })
}

/// ``writeAll(_:_:_:)`` through `systemCall` in place of `write(2)`: a seam for tests that make
/// writes fail the way a filling disk does. `systemCall` returns what `write(2)` returns and
/// sets `errno` on failure.
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int,
                      using systemCall: (Int32, UnsafeRawPointer, Int) -> Int) -> Int32 {
    guard count > 0, let bytes else { return 0 }
    var offset = 0
    while offset < count {
        let written = systemCall(descriptor, bytes + offset, count - offset)
        if written < 0 {
            let code = errno
            if code == EINTR { continue }
            return code
        }
        if written == 0 { return EIO }
        offset += written
    }
    return 0
}

/// ``writeAll(_:_:_:)`` for an array of bytes. Allocates nothing, but an array is not for
/// signal handlers (they keep their bytes in memory prepared in advance).
@discardableResult
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBytes { writeAll(descriptor, $0.baseAddress, $0.count) }
}
