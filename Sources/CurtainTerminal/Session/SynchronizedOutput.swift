import Glibc

/// Synchronized output (DEC private mode 2026): a terminal that supports it shows everything
/// written between `ESC[?2026h` and `ESC[?2026l` at once, so a frame never appears half drawn.
///
/// Support is detected, never assumed: a terminfo entry with the `Sync` extended capability
/// says yes; otherwise the terminal is asked with DECRQM (`ESC[?2026$p`) followed by a primary
/// device attributes request (`ESC[c`). Every terminal answers the second; one that knows mode
/// 2026 answers the first before it (`ESC[?2026;Ps$y`, Ps 1 or 2: supported; 0 or 4: not). So
/// the wait ends as soon as the device attributes arrive, with no fixed delay; only a terminal
/// that answers nothing costs the timeout.
enum SynchronizedOutput {
    static let query = Array("\u{1B}[?2026$p\u{1B}[c".utf8)
    static let begin = Array("\u{1B}[?2026h".utf8)
    static let end = Array("\u{1B}[?2026l".utf8)
    /// How long to wait for a terminal that answers neither query.
    static let timeoutMilliseconds: Int32 = 150

    /// What the terminal's replies said so far.
    struct Replies: Equatable {
        /// The DECRPM answer for mode 2026, when one came: true for set or reset (the terminal
        /// knows the mode), false for not recognised or permanently reset.
        var modeKnown: Bool?
        /// Whether the device attributes reply came: the terminal has answered everything.
        var complete = false
        /// Bytes that were not part of a reply (keys typed meanwhile), in order. Other replies
        /// (`ESC [ ? …`) are dropped.
        var other: [UInt8] = []

        var supported: Bool { modeKnown ?? false }
    }

    /// Reads `bytes` (everything received since the query) for the two replies. A reply cut
    /// off at the end stays unparsed until more bytes come; when the wait is over, it is kept
    /// in ``Replies/other``.
    static func scan(_ bytes: [UInt8], final: Bool = false) -> Replies {
        var replies = Replies()
        var index = 0
        while index < bytes.count {
            // Replies look like ESC [ ? parameters [intermediate] final; anything else is input.
            let prefix = [UInt8(0x1B), UInt8(ascii: "["), UInt8(ascii: "?")]
            let available = min(3, bytes.count - index)
            guard Array(bytes[index..<index + available]) == Array(prefix[0..<available]) else {
                replies.other.append(bytes[index])
                index += 1
                continue
            }
            guard available == 3 else {
                // Cut off: wait for the rest, or give the bytes back when the wait is over.
                if final { replies.other += bytes[index...] }
                break
            }
            var cursor = index + 3
            var parameters: [Int] = [0]
            var intermediate: UInt8?
            var finalByte: UInt8?
            while cursor < bytes.count {
                let byte = bytes[cursor]
                cursor += 1
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    parameters[parameters.count - 1] = min(parameters[parameters.count - 1] * 10 + Int(byte - 48), 1_000_000)
                case UInt8(ascii: ";"):
                    parameters.append(0)
                case 0x20...0x2F:
                    intermediate = byte
                default:
                    finalByte = byte
                }
                if finalByte != nil { break }
            }
            guard let finalByte else {
                // Cut off: wait for the rest, or give the bytes back when the wait is over.
                if final { replies.other += bytes[index...] }
                break
            }
            if finalByte == UInt8(ascii: "y"), intermediate == UInt8(ascii: "$"), parameters.first == 2026 {
                let state = parameters.count > 1 ? parameters[1] : 0
                replies.modeKnown = state == 1 || state == 2
            } else if finalByte == UInt8(ascii: "c"), intermediate == nil {
                replies.complete = true
            }
            // Any other ESC [ ? … sequence is a terminal's reply too (keys never carry the `?`
            // marker): dropped, so it cannot turn into key presses.
            index = cursor
        }
        return replies
    }

    /// Asks the terminal on `output` and reads the answer from `input` (both in raw mode);
    /// returns the replies, with any other bytes that arrived meanwhile.
    static func ask(input: Int32, output: Int32, timeoutMilliseconds: Int32 = timeoutMilliseconds) -> Replies {
        var written = 0
        while written < query.count {
            let n = query.withUnsafeBytes { write(output, $0.baseAddress! + written, query.count - written) }
            if n <= 0 { return Replies() }
            written += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(timeoutMilliseconds)))
        while clock.now < deadline {
            let remaining = clock.now.duration(to: deadline).components
            let wait = Int32(remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, wait)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else { break }
            let n = read(input, &buffer, buffer.count)
            guard n > 0 else { break }
            received += buffer[0..<n]
            if scan(received).complete { break }
        }
        return scan(received, final: true)
    }
}
