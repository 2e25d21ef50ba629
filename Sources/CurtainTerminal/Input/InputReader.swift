import Curtain
import CurtainPlatform

/// Reads the terminal's input in blocks and hands out what ``InputDecoder`` makes of it. It
/// never waits: the session's ``TerminalWait`` says when the input is readable, and the reader
/// then reads a block, which does not block.
///
/// It reads up to ``blockSize`` bytes per `read(2)`: a megabyte paste takes a few hundred
/// reads, not a million. After a full block it reads on while the descriptor says more is
/// waiting (`FIONREAD`), so a burst of keys is one frame — not inside a paste, which may take
/// seconds to arrive: there the caller's deadline counts after each block, so frames keep
/// coming.
///
/// Its own deadlines — after an Esc for the rest of a sequence (``sequenceWait``), inside a
/// paste for the rest of it (``pasteStall``) — are measured on the clock it is given and
/// offered as ``idleDeadline`` for the caller's wait, so a test feeds bytes through a pipe and
/// moves a `ManualClock` instead of sleeping: an Esc alone becomes the Esc key only once the
/// clock has moved past its wait.
///
/// An input that hung up (end of file, `EIO`) delivers what was pending, then ``Outcome/ended``
/// for every call after it.
final class InputReader {
    enum Outcome: Hashable, Sendable {
        /// An event or a reply.
        case input(DecodedInput)
        /// Nothing decoded: wait until the input is readable or ``idleDeadline``.
        case needsInput
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
    private(set) var decoder: InputDecoder
    /// How many `read(2)` calls were made on ``descriptor``.
    private(set) var readCount = 0
    /// Set once the input hung up.
    private(set) var hasEnded = false

    private var queue: [DecodedInput] = []
    private var queueIndex = 0
    private var buffer = [UInt8](repeating: 0, count: InputReader.blockSize)
    /// When the decoder, pending, is given ``InputDecoder/idle(into:)``, on the caller's clock:
    /// the end of an Esc's wait for the rest of its sequence, or of a paste's stall.
    private(set) var idleDeadline: Double?

    init(descriptor: Int32, keyTable: KeySequenceTable = KeySequenceTable()) {
        self.descriptor = descriptor
        self.decoder = InputDecoder(keyTable: keyTable)
    }

    /// The next input decoded from what was read, completing an Esc or a stalled paste whose
    /// wait is over on `clock`; ``Outcome/needsInput`` when there is none.
    func next(clock: AnimationClock) -> Outcome {
        while true {
            if let item = popQueued() { return .input(item) }
            if hasEnded { return .ended }
            guard decoder.isPending, let idleAt = idleDeadline, clock.now >= idleAt else { return .needsInput }
            idleDeadline = nil
            decoder.idle(into: &queue)
        }
    }

    /// Reads what the readable descriptor holds: one block, and more while a full block outside
    /// a paste is followed by bytes already waiting. Call only when the descriptor is readable
    /// (or hung up): the first read must not block.
    func readAvailable(clock: AnimationClock) {
        while readBlock(clock: clock) == Self.blockSize, !decoder.isInPaste, bytesWaiting > 0 {}
    }

    /// Bytes the descriptor holds unread (`FIONREAD`); 0 when it cannot say.
    private var bytesWaiting: Int32 {
        TerminalControl.readableByteCount(of: descriptor)
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
        guard !hasEnded else { return 0 }
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
        // End of file, or an error other than an interruption (EIO: the terminal is gone;
        // EBADF: closed).
        if count == 0 || (errno != EINTR && errno != EAGAIN) { end() }
        return 0
    }

    /// The input is gone: what is pending is completed, then ``Outcome/ended`` for ever.
    private func end() {
        if decoder.isPending { decoder.idle(into: &queue) }
        idleDeadline = nil
        hasEnded = true
    }
}
