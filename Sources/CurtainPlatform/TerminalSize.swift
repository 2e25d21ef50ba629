/// Terminal `ioctl`s. glibc's request numbers are plain constants Swift imports; Darwin's
/// are `_IOR(…)` macros that use `sizeof`, which Swift cannot import, so their values are
/// written out here (`sys/ttycom.h`, `sys/filio.h`, `sys/ioccom.h`: `IOC_OUT` 0x40000000 |
/// size << 16 | group << 8 | number).
package enum TerminalControl {
    /// `TIOCGWINSZ`: `_IOR('t', 104, struct winsize)` on Darwin.
    static var getWindowSize: UInt {
        #if canImport(Darwin)
        0x4008_7468
        #else
        UInt(TIOCGWINSZ)
        #endif
    }

    /// `TIOCSWINSZ`: `_IOW('t', 103, struct winsize)` on Darwin (`IOC_IN` 0x80000000).
    static var setWindowSize: UInt {
        #if canImport(Darwin)
        0x8008_7467
        #else
        UInt(TIOCSWINSZ)
        #endif
    }

    /// `FIONREAD`: `_IOR('f', 127, int)` on Darwin.
    static var bytesReadable: UInt {
        #if canImport(Darwin)
        0x4004_667F
        #else
        UInt(FIONREAD)
        #endif
    }

    /// The size of the terminal on `descriptor`, or nil when it is not a terminal (or reports
    /// a zero size).
    package static func windowSize(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, getWindowSize, &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Sets the size of the terminal on `descriptor` (a pseudo-terminal's master side): the
    /// foreground process group of its session gets SIGWINCH. Each dimension at least 1, at
    /// most 65 535.
    package static func setWindowSize(of descriptor: Int32, columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(clamping: max(1, rows)), ws_col: UInt16(clamping: max(1, columns)),
                           ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(descriptor, setWindowSize, &size)
    }

    /// How many bytes can be read from `descriptor` without blocking (0 when unknown).
    package static func readableByteCount(of descriptor: Int32) -> Int32 {
        var count: Int32 = 0
        return ioctl(descriptor, bytesReadable, &count) == 0 ? count : 0
    }
}
