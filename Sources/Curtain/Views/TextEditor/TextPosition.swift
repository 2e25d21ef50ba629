/// A place in an ``EditableText``: a line and a UTF-8 offset into it, always on a grapheme
/// cluster boundary (a caret never sits inside a character).
///
/// Offsets count UTF-8 bytes rather than characters so that finding a place in a line of a
/// megabyte costs the same as in a line of ten bytes: a `String` turns a UTF-8 offset into an
/// index in constant time, and a character count into one only by walking the line.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line, from 0.
    public var line: Int
    /// UTF-8 bytes from the start of the line.
    public var offset: Int

    public init(line: Int, offset: Int) {
        self.line = line
        self.offset = offset
    }

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.offset) < (rhs.line, rhs.offset)
    }

    public var description: String { "\(line):\(offset)" }
}
