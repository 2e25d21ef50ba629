import CurtainPlatform

/// A pipe a test writes to and a wait reads: both ends closed when it goes.
public final class TestPipe {
    public let read: Int32
    public private(set) var write: Int32

    public init() throws {
        let pair = try DescriptorPair.pipe()
        (read, write) = (pair.read, pair.write)
    }

    /// Writes `text` to the write end.
    public func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { CurtainPlatform.write(write, $0.baseAddress, $0.count) }
    }

    /// Closes the write end: the read end then reads as ended.
    public func closeWriteEnd() {
        close(write)
        write = -1
    }

    deinit {
        close(read)
        if write >= 0 { close(write) }
    }
}
