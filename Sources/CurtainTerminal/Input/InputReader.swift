import Curtain
import Glibc

/// Reads the terminal's input in blocks and hands out what ``InputDecoder`` makes of it.
///
/// It waits in `poll` on the input and on a wake-up descriptor (the SIGWINCH and SIGCONT
/// self-pipe, see ``SignalWakeup``), so an idle program sleeps in the kernel with no timeout, and reads up to
/// ``blockSize`` bytes per `read(2)`: a megabyte paste takes a few hundred reads, not a million.
///
/// Its own waits — after an Esc for the rest of a sequence (``sequenceWait``), inside a paste
/// for the rest of it (``pasteStall``) — are measured on the clock it is given, like the
/// caller's deadline, so a test feeds bytes through a pipe and moves a `ManualClock` instead of
/// sleeping: an Esc alone becomes the Esc key only once the clock has moved past its wait.
///
/// An input that hung up with nothing left to read gives ``Outcome/ended`` (and so does every
/// call after it), after what was pending is delivered.
final class InputReader {
    enum Outcome: Hashable, Sendable {
        /// An event or a reply.
        case input(DecodedInput)
        /// The wake-up descriptor fired: the terminal may have a new size, or the process was
        /// continued after a stop.
        case woken
        /// The deadline came first.
        case timedOut
        /// The input is gone for good.
        case ended
    }

    /// Bytes asked for per `read(2)`: what a terminal delivers at once.
    static let blockSize = 4096
    /// How long an incomplete sequence waits for its next byte (an Esc alone, Alt-[).
    static let sequenceWait = 0.025
    /// How long a bracketed paste may stall before what arrived is delivered.
    static let pasteStall = 1.0

    /// The descriptor read from (the terminal).
    let descriptor: Int32
    /// A descriptor that becomes readable when the wait should end for a signal; -1 for none.
    let wakeDescriptor: Int32
    private(set) var decoder: InputDecoder
    /// How many `read(2)` calls were made on ``descriptor``.
    private(set) var readCount = 0
    /// Set once the input hung up.
    private(set) var hasEnded = false

    private var queue: [DecodedInput] = []
    private var queueIndex = 0
    private var buffer = [UInt8](repeating: 0, count: InputReader.blockSize)
    private var descriptors: [pollfd]
    /// When the decoder, pending, is given ``InputDecoder/idle(into:)``, on the caller's clock:
    /// the end of an Esc's wait for the rest of its sequence, or of a paste's stall.
    private(set) var idleDeadline: Double?

    init(descriptor: Int32, wakeDescriptor: Int32 = -1, keyTable: KeySequenceTable = KeySequenceTable()) {
        self.descriptor = descriptor
        self.wakeDescriptor = wakeDescriptor
        self.decoder = InputDecoder(keyTable: keyTable)
        descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
    }

    /// The next decoded input, waiting until `deadline` on `clock` at most (nil: as long as it
    /// takes). Input already available is read even when the deadline has passed.
    func next(until deadline: Double?, clock: AnimationClock) -> Outcome {
        var mayReturnTimedOut = false
        while true {
            if let item = popQueued() { return .input(item) }
            if hasEnded { return .ended }
            let now = clock.now
            if decoder.isPending, let idleAt = idleDeadline, now >= idleAt {
                idleDeadline = nil
                decoder.idle(into: &queue)
                continue
            }
            if mayReturnTimedOut, let deadline, !(now < deadline) { return .timedOut }
            var wake = deadline
            if decoder.isPending, let idleAt = idleDeadline { wake = min(wake ?? idleAt, idleAt) }
            mayReturnTimedOut = true
            switch wait(milliseconds: Self.milliseconds(from: now, to: wake)) {
            case .woken:
                return .woken
            case .readable:
                // A full block means more is probably waiting: read it before giving up (a burst
                // of keys is one frame). Not inside a paste, which may take seconds to arrive:
                // there the deadline counts after each block, so frames keep coming.
                if readBlock(clock: clock) == Self.blockSize, !decoder.isInPaste { mayReturnTimedOut = false }
            case .hungUp:
                end()
            case .timedOut, .interrupted:
                break
            }
        }
    }

    private func popQueued() -> DecodedInput? {
        if queueIndex < queue.count {
            defer { queueIndex += 1 }
            return queue[queueIndex]
        }
        if !queue.isEmpty {
            queue.removeAll(keepingCapacity: true)
            queueIndex = 0
        }
        return nil
    }

    /// Reads one block and decodes it; returns the number of bytes read.
    private func readBlock(clock: AnimationClock) -> Int {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        readCount += 1
        if count > 0 {
            let pasted = decoder.isInPaste ? decoder.pasteBytes.count : nil
            decoder.feed(buffer[0..<count], into: &queue)
            if decoder.isInPaste, let pasted, decoder.pasteBytes.count == pasted, idleDeadline != nil {
                // Only the terminal's answers (one per frame drawn) or dropped sequences came: a
                // paste whose end marker was lost still ends a stall after its last text.
            } else {
                idleDeadline = decoder.isPending
                    ? clock.now + (decoder.isInPaste ? Self.pasteStall : Self.sequenceWait) : nil
            }
            return count
        }
        // End of file, or an error other than an interruption (EIO: the terminal is gone).
        if count == 0 || (errno != EINTR && errno != EAGAIN) { end() }
        return 0
    }

    /// The input is gone: what is pending is completed, then ``Outcome/ended`` for ever.
    private func end() {
        if decoder.isPending { decoder.idle(into: &queue) }
        idleDeadline = nil
        hasEnded = true
    }

    /// Blocks in `poll` until the input or the wake-up descriptor is readable or `wake` (on
    /// `clock`) comes, reading nothing: the wait of a process with no main queue to serve (a
    /// test's forked child). The terminal session waits with ``DescriptorWait`` instead.
    func waitUntilReadable(until wake: Double?, clock: AnimationClock) {
        for index in descriptors.indices { descriptors[index].revents = 0 }
        _ = poll(&descriptors, wakeDescriptor >= 0 ? 2 : 1, Self.milliseconds(from: clock.now, to: wake))
    }

    private enum Wait { case readable, woken, timedOut, interrupted, hungUp }

    private func wait(milliseconds: Int32) -> Wait {
        for index in descriptors.indices { descriptors[index].revents = 0 }
        let ready = poll(&descriptors, wakeDescriptor >= 0 ? 2 : 1, milliseconds)
        if ready == 0 { return .timedOut }
        // Interrupted (EINTR): a signal such as SIGWINCH, whose byte the next poll sees.
        guard ready > 0 else { return .interrupted }
        if wakeDescriptor >= 0, descriptors[1].revents & Int16(POLLIN) != 0 {
            // One read empties the pipe of any number of wake-ups that matter (it holds a byte
            // per signal); a byte left over only costs another look at the signal counts.
            var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            _ = withUnsafeMutableBytes(of: &bytes) { read(wakeDescriptor, $0.baseAddress, $0.count) }
            return .woken
        }
        let input = descriptors[0].revents
        if input & Int16(POLLIN) != 0 { return .readable }
        // Hung up with nothing left to read: waiting again would return at once, for ever.
        if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hungUp }
        return .interrupted
    }

    /// A `poll` timeout from `now` to `wake`: -1 (none) for nil, rounded up so the wait never
    /// ends just before its deadline and spins.
    static func milliseconds(from now: Double, to wake: Double?) -> Int32 {
        guard let wake else { return -1 }
        let remaining = (wake - now) * 1000
        guard remaining > 0 else { return 0 }
        guard remaining < Double(Int32.max) else { return Int32.max }
        return Int32(remaining.rounded(.up))
    }
}
