import CurtainLayout

/// Where escape sequences are written: a byte array, or a counter that only measures them.
/// Writing and measuring share one code path, so costs can never drift from output.
package protocol ByteSink {
    mutating func put(_ byte: UInt8)
}

extension Array: ByteSink where Element == UInt8 {
    @inline(__always) package mutating func put(_ byte: UInt8) { append(byte) }
}

/// Counts bytes instead of storing them.
package struct ByteCount: ByteSink {
    package var count = 0
    package init() {}
    @inline(__always) package mutating func put(_ byte: UInt8) { count &+= 1 }
}

extension ByteSink {
    /// Decimal digits of a non-negative number.
    @inline(__always) mutating func putDecimal(_ value: Int) {
        var v = max(0, value)
        var divisor = 1
        while divisor <= v / 10 { divisor *= 10 }
        repeat {
            put(UInt8(truncatingIfNeeded: 0x30 + v / divisor))
            v %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// `ESC [`
    @inline(__always) mutating func putCSI() {
        put(0x1B)
        put(0x5B)
    }

    /// `ESC [ row ; col H` for the 0-based cell (`x`, `y`).
    mutating func putCursorAddress(x: Int, y: Int) {
        putCSI()
        putDecimal(y.addingSaturating(1))
        put(0x3B)
        putDecimal(x.addingSaturating(1))
        put(0x48)
    }
}
