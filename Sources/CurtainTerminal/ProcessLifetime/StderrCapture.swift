import CurtainPlatform
import Synchronization

/// Keeps what the program writes to standard error while it owns the terminal — a `print` to
/// stderr, a log line, a Swift runtime error, a `fatalError` message — and writes it to the real
/// stderr once the terminal is restored, instead of letting it be drawn over the frame and
/// wiped with the alternate screen.
///
/// While the session runs, descriptor 2 is the write end of a pipe, and the real stderr is kept
/// on another descriptor. A thread of its own (signals blocked) drains the pipe into an unlinked
/// file in `$TMPDIR` (or `/tmp`), keeping the first ``defaultHeadLimit`` bytes and the last
/// ``defaultTailLimit`` (a ring after the head): however much a chatty program or a child on the
/// inherited stderr writes, the file stays within 2 MiB and the replay is prompt. The replay says
/// in one line how many bytes were dropped between the two.
///
/// What the file holds is copied back on every way out: ``finish()`` at a normal stop, and from
/// ``EmergencyRestore`` on every signal that ends the process (a crash's SIGILL or SIGABRT
/// included: the runtime's message is written before it traps) and at `exit`. ``finish()`` stops
/// the thread from filing and files what is still in the pipe itself, so the last message
/// before a crash is kept even when the thread did not get to run. The copy uses `dup2`, `ioctl`, `nanosleep`, `pread` and `write` on memory in
/// ``ProcessLifetimeStorage``, allocated before any handler is armed: it is async-signal-safe.
/// While the terminal is handed to a child (``App/runInForeground(_:)``), the child gets the real
/// stderr. After the replay, whatever a child still holding the pipe writes goes straight to the
/// real stderr.
package enum StderrCapture {
    /// The first bytes kept.
    package static let defaultHeadLimit = 1 << 20
    /// The last bytes kept.
    package static let defaultTailLimit = 1 << 20

    struct State {
        /// The capture file, or -1 when nothing is captured.
        var file: Int32 = -1
        /// The real stderr, or -1.
        var saved: Int32 = -1
        /// The pipe: descriptor 2 is a copy of `pipeWrite` while capturing (kept to resume
        /// after a hand-off); `pipeRead` is the drain thread's.
        var pipeWrite: Int32 = -1
        var pipeRead: Int32 = -1
        var headLimit = StderrCapture.defaultHeadLimit
        var tailLimit = StderrCapture.defaultTailLimit
        /// Bytes the drain thread has taken from the pipe (the file keeps the first and last).
        var received = 0
        /// Which capture this is: a drain thread of an earlier one (a child still holds its
        /// pipe) forwards what it reads to descriptor 2 instead of touching this one's file.
        var generation = 0
        /// Set when ``finish()`` is done: the drain thread forwards what comes after.
        var finished: sig_atomic_t = 0
        /// Test hook: milliseconds the drain thread holds each chunk before filing it (a
        /// thread kept off its core on a loaded machine).
        var holdEachChunkMilliseconds = 0
    }

    /// Who may read this capture's pipe, in one word both sides change only by
    /// compare-and-swap. The drain thread takes it for each chunk (read it, file it) and gives
    /// it back; ``finish()`` takes it for good, and while the thread has it, says it is waiting
    /// so that the thread hands it over instead of taking it again for the next chunk. So a
    /// chunk the thread has read is always filed before what ``finish()`` reads after it —
    /// however long the thread is kept off its core — and a chatty writer cannot keep
    /// ``finish()`` waiting. (Two flags and a "busy" count did this before, with a bounded
    /// wait: a CI run starved the thread past the bound and the last words came out before
    /// the earlier ones.)
    enum PipeOwner {
        static let nobody = 0
        static let drainThread = 1
        static let finish = 2
        /// The drain thread has it, and ``finish()`` is next.
        static let drainThreadThenFinish = 3
    }

    static var state: UnsafeMutablePointer<State> { ProcessLifetimeStorage.shared.capture }

    /// Puts a pipe on descriptor 2, keeps the real stderr, and starts the thread that files
    /// what comes through. Does nothing when already capturing, or when no pipe, file or thread
    /// can be had (stderr is then left as it is).
    package static func start(headLimit: Int = defaultHeadLimit, tailLimit: Int = defaultTailLimit) {
        ProcessLifetimeStorage.prepare()
        let s = state
        guard s.pointee.file < 0, let file = makeFile() else { return }
        // The drain thread waits in `poll` and reads only what is there: ``finish()`` may read
        // the same pipe, and must never find the thread holding bytes it has taken.
        guard let pair = try? DescriptorPair.pipe(nonBlocking: .readEnd) else { close(file); return }
        let ends = [pair.read, pair.write]
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else {
            for descriptor in [file, ends[0], ends[1]] { close(descriptor) }
            return
        }
        s.pointee.headLimit = max(1, headLimit)
        s.pointee.tailLimit = max(1, tailLimit)
        s.pointee.received = 0
        s.pointee.generation &+= 1
        s.pointee.finished = 0
        owner.pointee.store(PipeOwner.nobody, ordering: .sequentiallyConsistent)
        s.pointee.file = file
        s.pointee.saved = saved
        s.pointee.pipeRead = ends[0]
        s.pointee.pipeWrite = ends[1]
        let generation = s.pointee.generation
        let readEnd = ends[0]
        guard PlatformThread.startDetachedWithSignalsBlocked({
            PlatformThread.nameCurrentThread("curtain-stderr")
            drain(readEnd, generation: generation)
        }) == nil else {
            s.pointee.file = -1
            s.pointee.saved = -1
            for descriptor in [file, saved, ends[0], ends[1]] { close(descriptor) }
            return
        }
        _ = dup2(ends[1], STDERR_FILENO)
    }

    /// A file of the capture's own (the system layer's ``AnonymousFile``: in memory on Linux).
    private static func makeFile() -> Int32? { AnonymousFile.make(named: "curtain-stderr") }

    /// The real stderr on descriptor 2 for a while (a child runs in the foreground).
    static func pause() {
        let s = state
        if s.pointee.file >= 0 { _ = dup2(s.pointee.saved, STDERR_FILENO) }
    }

    /// The pipe on descriptor 2 again.
    static func resume() {
        let s = state
        if s.pointee.file >= 0 { _ = dup2(s.pointee.pipeWrite, STDERR_FILENO) }
    }

    /// Puts the real stderr back on descriptor 2 and writes to it what was captured, once.
    /// Async-signal-safe.
    package static func finish() {
        let s = state
        let file = s.pointee.file
        let saved = s.pointee.saved
        guard file >= 0, saved >= 0 else { return }
        s.pointee.saved = -1 // once
        _ = dup2(saved, STDERR_FILENO)
        _ = close(saved)
        _ = close(s.pointee.pipeWrite)
        s.pointee.pipeWrite = -1
        // The pipe is taken from the drain thread: when it holds a chunk it read, this waits
        // until the chunk is filed, so it comes before the rest. Filing is a `pwrite` to a
        // local file and takes microseconds once the thread runs; only a thread frozen for
        // seconds (or a fault on the drain thread itself, which lands here holding the pipe)
        // is given up on, and then the order of that one chunk is lost, not the program.
        var waited = 0
        var gaveUpOnTheThread = false
        while !takePipe(for: PipeOwner.finish) {
            let handedOver = !owner.pointee.compareExchange(
                expected: PipeOwner.drainThread, desired: PipeOwner.drainThreadThenFinish,
                ordering: .sequentiallyConsistent).exchanged
                && owner.pointee.load(ordering: .sequentiallyConsistent) == PipeOwner.finish
            if handedOver { break }
            if waited == Self.longestWaitForTheDrainThread {
                owner.pointee.store(PipeOwner.finish, ordering: .sequentiallyConsistent)
                gaveUpOnTheThread = true
                break
            }
            waitUntil(milliseconds: 1) { false }
            waited += 1
        }
        s.pointee.file = -1
        // What is still in the pipe (the last words before a crash) is filed here,
        // whether or not the thread got to run.
        fileRest(of: s.pointee.pipeRead, into: file, atMost: s.pointee.headLimit + s.pointee.tailLimit)
        replay(file)
        // A thread given up on may still `pwrite` its chunk: the descriptor stays open (the
        // process is ending) rather than be reused for another file under it.
        if !gaveUpOnTheThread { _ = close(file) }
        s.pointee.finished = 1
    }

    /// Files what `readEnd` holds now (at most `limit` bytes: a child may keep writing).
    /// Async-signal-safe.
    private static func fileRest(of readEnd: Int32, into descriptor: Int32, atMost limit: Int) {
        let buffer = ProcessLifetimeStorage.shared.copyBuffer
        var taken = 0
        while taken < limit {
            let count = read(readEnd, buffer.baseAddress, min(buffer.count, limit - taken))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            file(UnsafeRawPointer(buffer.baseAddress!), count: count, into: descriptor)
            taken += count
        }
    }

    /// Milliseconds ``finish()`` waits for a drain thread holding a chunk.
    static let longestWaitForTheDrainThread = 5_000

    private static var owner: UnsafeMutablePointer<Atomic<Int>> { ProcessLifetimeStorage.shared.capturePipeOwner }

    /// Takes the pipe when nobody has it. Async-signal-safe (a lock-free compare-and-swap).
    private static func takePipe(for taker: Int) -> Bool {
        owner.pointee.compareExchange(expected: PipeOwner.nobody, desired: taker, ordering: .sequentiallyConsistent).exchanged
    }

    /// The drain thread is done with a chunk: the pipe goes to ``finish()`` when it waits for
    /// it, to nobody otherwise.
    private static func givePipeBack() {
        if !owner.pointee.compareExchange(expected: PipeOwner.drainThread, desired: PipeOwner.nobody,
                                          ordering: .sequentiallyConsistent).exchanged {
            owner.pointee.store(PipeOwner.finish, ordering: .sequentiallyConsistent)
        }
    }

    /// Waits in 1 ms steps until `done` or `milliseconds` pass. Async-signal-safe.
    private static func waitUntil(milliseconds: Int, _ done: () -> Bool) {
        var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
        for _ in 0..<milliseconds where !done() { _ = nanosleep(&pause, nil) }
    }

    // MARK: The drain thread

    /// Reads the pipe until every write end is closed: into the file while this capture runs,
    /// straight to descriptor 2 (the real stderr by then) after it. While ``finish()`` runs it
    /// reads nothing.
    private static func drain(_ readEnd: Int32, generation: Int) {
        let capacity = 32 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        let s = state
        var ended = false
        // A pipe: `poll` works on both systems (the system layer's readiness call).
        let readiness = PollReadiness()
        while !ended {
            if readiness.wait([readEnd], timeoutNanoseconds: nil) == .interrupted { continue }
            let current = s.pointee.generation == generation && s.pointee.finished == 0
            if current {
                guard takePipe(for: PipeOwner.drainThread) else {
                    // ``finish()`` has the pipe: keep out of its way until it is done.
                    waitUntil(milliseconds: 1) { false }
                    continue
                }
                guard s.pointee.generation == generation else {
                    // A later capture started meanwhile: the word is its, not this pipe's.
                    givePipeBack()
                    continue
                }
                let count = read(readEnd, buffer, capacity)
                if count > 0 {
                    waitUntil(milliseconds: s.pointee.holdEachChunkMilliseconds) { false }
                    file(UnsafeRawPointer(buffer), count: count, into: s.pointee.file)
                }
                givePipeBack()
                // End of file here means ``finish()`` closed the last write end and is about to
                // take the pipe; the loop comes round to it again once the replay is done.
            } else {
                // After the replay (or a later capture's): straight to the real stderr.
                let count = read(readEnd, buffer, capacity)
                if count > 0 {
                    _ = writeAll(STDERR_FILENO, UnsafeRawPointer(buffer), count)
                } else if count == 0 {
                    ended = true // every write end is closed
                }
            }
        }
        // ``finish()`` may still be reading the pipe: the descriptor stays open until it is done.
        waitUntil(milliseconds: 1000) { s.pointee.finished != 0 || s.pointee.generation != generation }
        _ = close(readEnd)
    }

    /// Puts `count` bytes into the file: the head while it has room, then the ring of the last
    /// bytes (byte number k ≥ head at head + (k − head) mod tail).
    private static func file(_ bytes: UnsafeRawPointer, count: Int, into descriptor: Int32) {
        let s = state
        let head = s.pointee.headLimit
        let tail = s.pointee.tailLimit
        var offset = 0
        while offset < count {
            let received = s.pointee.received
            let position: Int, room: Int
            if received < head {
                position = received
                room = head - received
            } else {
                let ring = (received - head) % tail
                position = head + ring
                room = tail - ring
            }
            let chunk = min(count - offset, room)
            _ = pwrite(descriptor, bytes + offset, chunk, off_t(position))
            s.pointee.received = received + chunk
            offset += chunk
        }
    }

    // MARK: The replay

    /// Copies the head, a line saying how much was dropped, and the tail to descriptor 2.
    /// Async-signal-safe.
    private static func replay(_ file: Int32) {
        let s = state
        let total = s.pointee.received
        let head = s.pointee.headLimit
        let tail = s.pointee.tailLimit
        copy(file, from: 0, count: min(total, head))
        guard total > head else { return }
        let kept = min(total - head, tail)
        let dropped = total - head - kept
        if dropped > 0 { writeDroppedLine(dropped) }
        var byte = total - kept
        while byte < total {
            let ring = (byte - head) % tail
            let chunk = min(total - byte, tail - ring)
            copy(file, from: head + ring, count: chunk)
            byte += chunk
        }
    }

    private static func copy(_ file: Int32, from start: Int, count: Int) {
        let buffer = ProcessLifetimeStorage.shared.copyBuffer
        var done = 0
        while done < count {
            let read = pread(file, buffer.baseAddress, min(buffer.count, count - done), off_t(start + done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return }
            _ = writeAll(STDERR_FILENO, UnsafeRawPointer(buffer.baseAddress), read)
            done += read
        }
    }

    /// "\n[curtain: 123 bytes of standard error dropped here]\n", without allocating.
    private static func writeDroppedLine(_ dropped: Int) {
        write(StaticString("\n[curtain: "))
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var value = dropped
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(48 + value % 10)
                value /= 10
            } while value > 0 && index > 0
            _ = writeAll(STDERR_FILENO, UnsafeRawPointer(buffer.baseAddress! + index), buffer.count - index)
        }
        write(StaticString(" bytes of standard error dropped here; the first and last are kept]\n"))
    }

    private static func write(_ text: StaticString) {
        _ = writeAll(STDERR_FILENO, UnsafeRawPointer(text.utf8Start), text.utf8CodeUnitCount)
    }

    // MARK: Test hooks

    /// The capture file's size now, or nil when nothing is captured.
    package static var _fileSize: Int? {
        let file = state.pointee.file
        guard file >= 0 else { return nil }
        var info = stat()
        return fstat(file, &info) == 0 ? Int(info.st_size) : nil
    }

    /// The capture file's descriptor, or -1.
    package static var _fileDescriptor: Int32 { state.pointee.file }

    /// Makes the drain thread hold each chunk it reads this long before filing it.
    package static func _holdEachChunk(milliseconds: Int) {
        ProcessLifetimeStorage.prepare()
        state.pointee.holdEachChunkMilliseconds = milliseconds
    }
}
