/// A child's output cut into lines as it arrives: on `\n` (a `\r` before it dropped), a line
/// longer than `limit` bytes cut into pieces of `limit` (a megabyte line is many lines, not an
/// error or a megabyte held back), and what is left when a chunk ends without a newline shown
/// at once as a line of its own (a prompt, a progress dot: seen now, not at the end). Bytes
/// become text with invalid UTF-8 replaced; the log shows control characters as pictures.
struct LineSplitter {
    var limit = 16 * 1024
    private var pending: [UInt8] = []

    /// The lines completed by `chunk`, and the unfinished rest if the chunk ended inside one.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) -> [String] {
        var lines: [String] = []
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                lines.append(text(of: pending))
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
                if pending.count >= limit {
                    lines.append(text(of: pending))
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        if !pending.isEmpty {
            lines.append(text(of: pending))
            pending.removeAll(keepingCapacity: true)
        }
        return lines
    }

    private func text(of bytes: [UInt8]) -> String {
        let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
        return String(decoding: line, as: UTF8.self)
    }
}
