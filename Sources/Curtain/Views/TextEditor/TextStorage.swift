import CurtainPlatform

/// The characters of an ``EditableText``: its lines in blocks of a few kilobytes, each block one
/// string that holds its lines separated by `"\n"`.
///
/// Why blocks: an array of one string per line costs 16 bytes a line before any text, so ten
/// megabytes of newlines would take 160 MB; one string for everything makes each edit copy
/// everything after it. A block is small enough to edit in place and large enough that even a
/// text of empty lines costs about a byte a line. A line is never split between blocks, so a
/// very long line is a block of its own (edits in it move the bytes after the caret: a memmove,
/// not a re-measure).
///
/// Each block also keeps its number of wrapped rows at the width the owner measures for
/// (``Block/rows``, -1 while not measured): the sum over blocks is the height of the text
/// without wrapping it again.
struct TextStorage: Sendable {
    struct Block: Sendable {
        /// The block's lines joined with `"\n"` (no newline at the end).
        var text: String
        var lineCount: Int
        /// Wrapped rows of all its lines at the measured width; -1 while unknown.
        var rows = -1
    }

    /// A new block is cut at the first line end after this many bytes, or after this many
    /// lines: finding a line scans its block from the start, line end by line end.
    static let blockSize = 4096
    static let blockLines = 512

    private(set) var blocks: [Block] = [Block(text: "", lineCount: 1)]
    /// The index of the first line of each block.
    private var firstLines: [Int] = [0]
    private(set) var lineCount = 1
    /// Bytes of the text, a `"\n"` between lines included.
    private(set) var utf8Count = 0
    /// No block before this one has unknown rows (a hint for ``firstUnmeasuredBlock``).
    private var measuredBefore = 0
    /// The line starts (see ``lineStarts(inBlock:)``) of the block looked up last, kept up to
    /// date by the edits inside it. Why: typing looks up the caret's line several times an
    /// edit (where the edit goes, the boundary after it, the line to re-wrap), and finding a
    /// line otherwise scans its block from the start, line end by line end — at the end of a
    /// block of a few hundred short lines, most of what a keystroke costs.
    private var cachedStarts: (block: Int, starts: [Int])?

    init() {}

    init(_ text: Substring) {
        blocks = TextStorage.makeBlocks([text])
        lineCount = blocks.reduce(0) { $0 + $1.lineCount }
        utf8Count = text.utf8.count
        firstLines = []
        reindex(from: 0)
    }

    // MARK: - Reading

    /// The block holding `line` and the line's index inside it.
    func locate(_ line: Int) -> (block: Int, line: Int) {
        precondition(line >= 0 && line < lineCount, "TextStorage: line \(line) of \(lineCount)")
        var low = 0
        var high = firstLines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstLines[middle] <= line { low = middle } else { high = middle - 1 }
        }
        return (low, line - firstLines[low])
    }

    /// The index of the first line of `block`.
    func firstLine(ofBlock block: Int) -> Int { firstLines[block] }

    /// The UTF-8 offsets in its block where line `index` of `block` starts and ends.
    func range(ofLine index: Int, inBlock block: Int) -> Range<Int> {
        // A block of one line (every long line is one): nothing to look for.
        if blocks[block].lineCount == 1 { return 0..<blocks[block].text.utf8.count }
        if let cached = cachedStarts, cached.block == block { return cached.starts[index]..<(cached.starts[index + 1] - 1) }
        let text = blocks[block].text
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Range<Int> in
            // memchr from line break to line break: many times faster than a loop over bytes.
            guard let base = bytes.baseAddress else { return 0..<0 }
            let count = bytes.count
            var start = 0
            for _ in 0..<index {
                guard let found = memchr(base + start, 0x0A, count - start) else { return count..<count }
                start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            guard let found = memchr(base + start, 0x0A, count - start) else { return start..<count }
            return start..<base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        } ?? {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = lines[index]
            let start = text.utf8.distance(from: text.startIndex, to: line.startIndex)
            return start..<(start + line.utf8.count)
        }()
    }

    /// The block holding `line` and the UTF-8 offsets in it where the line starts and ends,
    /// through the kept line starts of its block (found once, then kept for the next look-up:
    /// an edit, and a screenful of rows, look up lines of the same block again and again).
    mutating func locateRange(ofLine line: Int) -> (block: Int, range: Range<Int>) {
        let (block, inBlock) = locate(line)
        if blocks[block].lineCount == 1 { return (block, 0..<blocks[block].text.utf8.count) }
        if cachedStarts?.block != block { cachedStarts = (block, lineStarts(inBlock: block)) }
        return (block, range(ofLine: inBlock, inBlock: block))
    }

    /// Where each line of `block` starts, and one past the end of the block (as if a line
    /// break followed it): line `i` is `starts[i]..<starts[i + 1] - 1`. One pass with memchr.
    func lineStarts(inBlock block: Int) -> [Int] {
        let text = blocks[block].text
        let count = text.utf8.count
        if blocks[block].lineCount == 1 { return [0, count + 1] }
        var starts = [0]
        starts.reserveCapacity(blocks[block].lineCount + 1)
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while let found = memchr(base + start, 0x0A, count - start) {
                start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(start)
            }
        }
        starts.append(count + 1)
        return starts
    }

    /// Line `index` of the text, without its line break. Do not keep it across an edit: it
    /// shares its block's storage, which the edit would then have to copy.
    func line(_ index: Int) -> Substring {
        let (block, inBlock) = locate(index)
        let range = range(ofLine: inBlock, inBlock: block)
        let text = blocks[block].text
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }

    /// Bytes of line `index`.
    func length(ofLine index: Int) -> Int {
        let (block, inBlock) = locate(index)
        return range(ofLine: inBlock, inBlock: block).count
    }

    // MARK: - Editing

    /// Replaces the text from `range.lowerBound` to `range.upperBound` with `text`, in which
    /// `"\n"` is the only line break (see ``normalizingBreaks(_:)``).
    ///
    /// Returns the block that held the whole edit if it still does, with its ``Block/rows``
    /// left as they were for the caller to adjust; nil when blocks were rebuilt, whose rows are
    /// then unknown.
    @discardableResult
    mutating func replace(_ range: Range<TextPosition>, with text: Substring) -> Int? {
        let (first, firstInBlock) = locate(range.lowerBound.line)
        let last = locate(range.upperBound.line).block
        let start = locateRange(ofLine: range.lowerBound.line).range.lowerBound + range.lowerBound.offset
        let end = locateRange(ofLine: range.upperBound.line).range.lowerBound + range.upperBound.offset
        let insertedLines = TextStorage.newlines(in: text)
        let removedLines = range.upperBound.line - range.lowerBound.line
        utf8Count += text.utf8.count - byteDistance(from: (first, start), to: (last, end))
        lineCount += insertedLines - removedLines
        if first == last {
            // In place: bytes after the edit move, nothing is copied (the block's string is
            // not shared: nothing keeps a line of it across an edit).
            let bounds = { (text: String) -> Range<String.Index> in
                text.utf8.index(text.utf8.startIndex, offsetBy: start)..<text.utf8.index(text.utf8.startIndex, offsetBy: end)
            }(blocks[first].text)
            blocks[first].text.replaceSubrange(bounds, with: text)
            blocks[first].lineCount += insertedLines - removedLines
            if insertedLines != removedLines { reindex(from: first) }
            guard blocks[first].lineCount > 1, blocks[first].text.utf8.count > 2 * TextStorage.blockSize
                    || blocks[first].lineCount > 2 * TextStorage.blockLines else {
                updateCachedStarts(ofBlock: first, replacingLines: firstInBlock...(firstInBlock + removedLines),
                                   bytes: start..<end, with: text)
                return first
            }
            // Lines grown past two blocks: cut it again (a long line goes into a block of its own).
            let rebuilt = TextStorage.makeBlocks([blocks[first].text[...]])
            blocks.replaceSubrange(first...first, with: rebuilt)
            reindex(from: first)
            measuredBefore = min(measuredBefore, first)
            cachedStarts = nil
            return nil
        }
        let head = blocks[first].text
        let tail = blocks[last].text
        let rebuilt = TextStorage.makeBlocks([
            head[..<head.utf8.index(head.utf8.startIndex, offsetBy: start)],
            text,
            tail[tail.utf8.index(tail.utf8.startIndex, offsetBy: end)...],
        ])
        blocks.replaceSubrange(first...last, with: rebuilt)
        reindex(from: first)
        measuredBefore = min(measuredBefore, first)
        cachedStarts = nil
        return nil
    }

    /// Keeps the cached line starts of `block` right after bytes `bytes` of it, from line
    /// `lines.lowerBound` to `lines.upperBound`, became `text`: the starts of the lines the
    /// edit removed go, those of the lines it inserted come in, and the later ones move by the
    /// change in length. (Cheaper than scanning the block again: the starts are a few hundred
    /// integers at most, one block's lines.)
    private mutating func updateCachedStarts(ofBlock block: Int, replacingLines lines: ClosedRange<Int>,
                                             bytes: Range<Int>, with text: Substring) {
        guard var cached = cachedStarts, cached.block == block else { return }
        cachedStarts = nil  // so that the array below is not shared while it changes
        let delta = text.utf8.count - bytes.count
        if delta != 0 {
            for index in (lines.upperBound + 1)..<cached.starts.count { cached.starts[index] += delta }
        }
        if lines.count > 1 || text.utf8.contains(0x0A) {
            var inserted: [Int] = []
            for (offset, byte) in text.utf8.enumerated() where byte == 0x0A { inserted.append(bytes.lowerBound + offset + 1) }
            cached.starts.replaceSubrange((lines.lowerBound + 1)..<(lines.upperBound + 1), with: inserted)
        }
        cachedStarts = cached
    }

    /// Bytes from an offset in one block to an offset in the same or a later one (the line
    /// breaks between blocks included).
    private func byteDistance(from start: (block: Int, offset: Int), to end: (block: Int, offset: Int)) -> Int {
        if start.block == end.block { return end.offset - start.offset }
        var bytes = blocks[start.block].text.utf8.count - start.offset + end.offset
        for block in (start.block + 1)...end.block {
            bytes += 1  // the line break before the block
            if block < end.block { bytes += blocks[block].text.utf8.count }
        }
        return bytes
    }

    /// Recomputes the first line of every block from `block` on.
    private mutating func reindex(from block: Int) {
        if firstLines.count != blocks.count {
            firstLines.removeSubrange(min(block, firstLines.count)...)
            firstLines.append(contentsOf: repeatElement(0, count: blocks.count - firstLines.count))
        }
        var line = block == 0 ? 0 : firstLines[block - 1] + blocks[block - 1].lineCount
        for index in block..<blocks.count {
            firstLines[index] = line
            line += blocks[index].lineCount
        }
        assert(line == lineCount, "TextStorage: \(line) lines in blocks, \(lineCount) counted")
    }

    // MARK: - Rows

    mutating func setRows(_ rows: Int, ofBlock block: Int) {
        blocks[block].rows = rows
        if rows < 0 { measuredBefore = min(measuredBefore, block) }
    }

    /// Forgets every block's rows (the width changed).
    mutating func forgetRows() {
        for index in blocks.indices { blocks[index].rows = -1 }
        measuredBefore = 0
    }

    /// The first block whose rows are unknown, or nil when all are known.
    mutating func firstUnmeasuredBlock() -> Int? {
        while measuredBefore < blocks.count, blocks[measuredBefore].rows >= 0 { measuredBefore += 1 }
        return measuredBefore < blocks.count ? measuredBefore : nil
    }

    // MARK: - Building

    /// The number of `"\n"` bytes in `text`.
    static func newlines(in text: Substring) -> Int {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte == 0x0A { count += 1 }
            return count
        } ?? text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The number of bytes after the last `"\n"` in `text` (all of them if it has none).
    static func bytesAfterLastNewline(in text: Substring) -> Int {
        var count = 0
        for byte in text.utf8.reversed() {
            if byte == 0x0A { break }
            count += 1
        }
        return count
    }

    /// Blocks holding `pieces` joined, each cut at the first line end after ``blockSize`` bytes.
    static func makeBlocks(_ pieces: [Substring]) -> [Block] {
        var blocks: [Block] = []
        var current = ""
        var currentLines = 1
        for piece in pieces {
            // A native string's bytes are contiguous; only a bridged one needs the copy.
            let piece = piece.utf8.withContiguousStorageIfAvailable { _ in piece } ?? String(piece)[...]
            let utf8 = piece.utf8
            func slice(_ from: Int, _ to: Int) -> Substring {
                piece[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)]
            }
            var segmentStart = 0
            let count = utf8.withContiguousStorageIfAvailable { bytes in
                for i in 0..<bytes.count where bytes[i] == 0x0A {
                    if current.utf8.count + (i - segmentStart) >= blockSize || currentLines >= blockLines {
                        current += slice(segmentStart, i)
                        blocks += separatingLongLines(Block(text: current, lineCount: currentLines))
                        current = ""
                        currentLines = 1
                        segmentStart = i + 1
                    } else {
                        currentLines += 1
                    }
                }
                return bytes.count
            } ?? 0
            if segmentStart < count { current += slice(segmentStart, count) }
        }
        blocks += separatingLongLines(Block(text: current, lineCount: currentLines))
        return blocks
    }

    /// `block`, cut so that every line longer than ``blockSize`` is a block of its own: then a
    /// block of several lines is small (finding a line in it scans it), and a long line is
    /// found without scanning.
    static func separatingLongLines(_ block: Block) -> [Block] {
        guard block.lineCount > 1, block.text.utf8.count > 2 * blockSize else { return [block] }
        let text = block.text
        let utf8 = text.utf8
        func slice(_ from: Int, _ to: Int) -> String {
            String(text[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)])
        }
        var ends: [Int] = []
        utf8.withContiguousStorageIfAvailable { bytes in
            for i in 0..<bytes.count where bytes[i] == 0x0A { ends.append(i) }
        }
        ends.append(utf8.count)
        var result: [Block] = []
        var runStart = 0  // the first byte of the short lines not yet in a block
        var runLines = 0
        var lineStart = 0
        for lineEnd in ends {
            if lineEnd - lineStart > blockSize {
                if runLines > 0 { result.append(Block(text: slice(runStart, lineStart - 1), lineCount: runLines)) }
                result.append(Block(text: slice(lineStart, lineEnd), lineCount: 1))
                runLines = 0
                runStart = lineEnd + 1
            } else {
                if runLines > 0, lineEnd - runStart > blockSize {
                    result.append(Block(text: slice(runStart, lineStart - 1), lineCount: runLines))
                    runStart = lineStart
                    runLines = 0
                }
                runLines += 1
            }
            lineStart = lineEnd + 1
        }
        if runLines > 0 { result.append(Block(text: slice(runStart, utf8.count), lineCount: runLines)) }
        return result
    }

    /// `text` with every line break (`\r\n`, `\r`, U+0085, U+2028, U+2029) written as `"\n"`,
    /// as the storage keeps them; `text` itself when it has no other kind. Each of those is a
    /// grapheme cluster of its own (`\r\n` one cluster), so replacing bytes never changes the
    /// clusters around them.
    static func normalizingBreaks(_ text: some StringProtocol) -> Substring {
        let substring: Substring = if let string = text as? String { string[...] }
            else if let substring = text as? Substring { substring } else { String(text)[...] }
        let scanned: [UInt8]?? = substring.utf8.withContiguousStorageIfAvailable { bytes in
            func isBreak(at i: Int) -> Int {  // the length of the break starting at i, 0 if none
                switch bytes[i] {
                case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
                case 0xE2: return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
                default: return 0
                }
            }
            var i = 0
            while i < bytes.count, isBreak(at: i) == 0 { i += 1 }
            guard i < bytes.count else { return nil }
            var result = Array(bytes[..<i])
            result.reserveCapacity(bytes.count)
            while i < bytes.count {
                let length = isBreak(at: i)
                if length > 0 {
                    result.append(0x0A)
                    i += length
                } else {
                    result.append(bytes[i])
                    i += 1
                }
            }
            return result
        }
        // A native copy is contiguous (only bridged strings are not).
        guard let scanned else { return normalizingBreaks(String(substring)) }
        guard let replaced = scanned else { return substring }
        return String(decoding: replaced, as: UTF8.self)[...]
    }
}
