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

    /// The place `offset` UTF-8 bytes into line `line`, not checked against any text: setting
    /// it as an ``EditableText/caret`` clamps it to the text and moves it out of the middle of
    /// a character to that character's start.
    public init(line: Int, offset: Int) {
        self.line = line
        self.offset = offset
    }

    /// Text order: by line, then by offset within the line.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.offset) < (rhs.line, rhs.offset)
    }

    /// `line:offset`, as in `2:17`.
    public var description: String { "\(line):\(offset)" }
}
