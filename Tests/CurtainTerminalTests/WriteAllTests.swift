@testable import CurtainTerminal
import CurtainPlatform
import Testing

/// The one loop that writes bytes to a descriptor.
@Suite struct WriteAllTests {
    /// Writes into a buffer, at most `chunk` bytes per call, failing as told first.
    final class FakeWrite {
        var written: [UInt8] = []
        var calls = 0
        var failures: [Int32]
        let chunk: Int
        var returnsZero = false

        init(chunk: Int, failures: [Int32] = []) {
            self.chunk = chunk
            self.failures = failures
        }

        func call(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            calls += 1
            if !failures.isEmpty {
                errno = failures.removeFirst()
                return -1
            }
            if returnsZero { return 0 }
            let n = min(chunk, count)
            written += UnsafeRawBufferPointer(start: bytes, count: n)
            return n
        }
    }

    func write(_ bytes: [UInt8], with fake: FakeWrite) -> Int32 {
        bytes.withUnsafeBytes { writeAll(7, $0.baseAddress, $0.count, using: fake.call) }
    }

    @Test func shortWritesAndInterruptionsStillWriteEverythingInOrder() {
        let fake = FakeWrite(chunk: 3, failures: [EINTR, EINTR])
        let bytes = Array("hello, terminal".utf8)
        #expect(write(bytes, with: fake) == 0)
        #expect(fake.written == bytes)
        #expect(fake.calls == 2 + 5)
    }

    @Test func aFailureReturnsItsErrno() {
        #expect(write([1, 2, 3], with: FakeWrite(chunk: 8, failures: [ENOSPC])) == ENOSPC)
        #expect(write([1, 2, 3], with: FakeWrite(chunk: 8, failures: [EINTR, EPIPE])) == EPIPE)
    }

    @Test func aWriteOfNothingWouldRepeatForEverSoItFails() {
        let fake = FakeWrite(chunk: 8)
        fake.returnsZero = true
        #expect(write([1], with: fake) == EIO)
        #expect(fake.calls == 1)
    }

    @Test func nothingToWriteCallsNothing() {
        let fake = FakeWrite(chunk: 8)
        #expect(write([], with: fake) == 0)
        #expect(fake.calls == 0)
    }

    @Test func aRealDescriptor() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(writeAll(ends[1], Array("abc".utf8)) == 0)
        close(ends[1])
        #expect(writeAll(ends[1], Array("x".utf8)) == EBADF)
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(read(ends[0], &buffer, 8) == 3)
        #expect(Array(buffer.prefix(3)) == Array("abc".utf8))
    }
}
