import Curtain
import CurtainLayout

/// Mixed ASCII, CJK and emoji lines of varied length, the same every run.
func sampleLines(_ count: Int) -> [String] {
    let pieces = ["The quick brown fox", "日本語のテキスト", "🎉🚀✨", "jumps over the lazy dog,", "中文字符와 한국어",
                  "Café naïve Ångström", "👩‍👩‍👧 family", "and then some more words to wrap"]
    var lines: [String] = []
    lines.reserveCapacity(count)
    for i in 0..<count {
        var line = ""
        for j in 0...(i % 5) { line += pieces[(i &+ j &* 3) % pieces.count] + " " }
        lines.append(line)
    }
    return lines
}

struct TextResult {
    var name = ""
    var lines = 0
    var rows = 0
    var samples: [UInt64] = []
}

/// Fitting height of 10, 1 000 and 100 000 lines, two ways: wrapping the whole text
/// (`TextWrapper.lineCount`) and measuring an ``EditableText`` from cold.
func measureTextLayout(width: Int, quick: Bool) -> [TextResult] {
    var results: [TextResult] = []
    for count in [10, 1_000, 100_000] {
        let lines = sampleLines(count)
        let text = lines.joined(separator: "\n")
        let repeats = count >= 100_000 ? (quick ? 1 : 5) : (count >= 1_000 ? 50 : 1_000)
        var wrap = TextResult(name: "TextWrapper.lineCount", lines: count)
        var editable = TextResult(name: "EditableText.rowCount (cold)", lines: count)
        for _ in 0..<repeats {
            var sample: UInt64 = 0
            wrap.rows = measure(&sample) { TextWrapper.lineCount(text, width: width) }
            wrap.samples.append(sample)
            var fresh = EditableText(lines: lines)
            sample = 0
            editable.rows = measure(&sample) { fresh.rowCount(width: width) }
            editable.samples.append(sample)
        }
        results += [wrap, editable]
    }
    return results
}

/// Appending one line (a few characters, then Enter) to a measured ``EditableText`` of 1 000
/// and 100 000 lines, with the height asked after each append as the toast does.
func measureAppend(width: Int, appends: Int) -> [TextResult] {
    var results: [TextResult] = []
    for count in [1_000, 100_000] {
        var text = EditableText(lines: sampleLines(count))
        var result = TextResult(name: "append one line", lines: count)
        result.rows = text.rowCount(width: width)
        for i in 0..<appends {
            var sample: UInt64 = 0
            result.rows = measure(&sample) { appendLine(i, to: &text, width: width) }
            result.samples.append(sample)
        }
        results.append(result)
    }
    return results
}

/// One measured append: Enter, 14 characters typed one by one, then the height. Not inlined,
/// so that callgrind can count it alone: `--toggle-collect='*appendLine*'`.
@inline(never)
func appendLine(_ i: Int, to text: inout EditableText, width: Int) -> Int {
    text.insertNewline()
    for character in "line \(i) 日本🎉" { text.insert(character) }
    return text.rowCount(width: width)
}
