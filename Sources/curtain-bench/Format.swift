/// Number formatting without Foundation.
func fixed(_ value: Double, _ decimals: Int = 1) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : "inf" }
    var scale = 1.0
    for _ in 0..<max(0, decimals) { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    }
    return text
}

/// Microseconds from nanoseconds.
func micros(_ nanoseconds: Double) -> String { fixed(nanoseconds / 1000, 1) }

func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
    let count = text.count
    guard count < width else { return text }
    let spaces = String(repeating: " ", count: width - count)
    return right ? spaces + text : text + spaces
}

/// Prints rows as an aligned table: first column left-aligned, the rest right-aligned.
func printTable(_ header: [String], _ rows: [[String]]) {
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, cell in pad(cell, widths[i], right: i != 0) }.joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for row in rows { print(line(row)) }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A JSON number (non-finite values become null).
func jsonNumber(_ value: Double) -> String { value.isFinite ? fixed(value, 3) : "null" }
