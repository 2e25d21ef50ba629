import CurtainLayout

/// One cell of a captured screen: its text and the SGR state it was drawn with.
struct CapturedCell: Equatable {
    var text: String
    var style: CapturedStyle
}

struct CapturedStyle: Equatable {
    var foreground: String = "default"
    var background: String = "default"
    var faint = false
    var bold = false
    var reverse = false

    /// A rough brightness from 0 (black) up, for "darker than before" checks.
    var brightness: Double {
        func level(_ colour: String, fallback: Double) -> Double {
            if colour == "default" { return fallback }
            if colour.hasPrefix("rgb:") {
                let parts = colour.dropFirst(4).split(separator: ",").compactMap { Double($0) }
                return parts.reduce(0, +) / 765
            }
            if let index = Int(colour.dropFirst(4)) { return xtermLevel(index) }
            return fallback
        }
        var value = level(foreground, fallback: 0.7) + level(background, fallback: 0.1)
        if faint { value *= 0.5 }
        return value
    }
}

func xtermLevel(_ i: Int) -> Double {
    if i < 16 {
        let base: [Double] = [0, 205, 205, 410, 238, 410, 410, 687, 381, 255, 255, 510, 439, 510, 510, 765]
        return base[i] / 765
    }
    if i < 232 {
        let c = i - 16
        let steps: [Double] = [0, 95, 135, 175, 215, 255]
        return (steps[c / 36] + steps[(c / 6) % 6] + steps[c % 6]) / 765
    }
    return Double(8 + (i - 232) * 10) * 3 / 765
}

/// Parses `tmux capture-pane -p -e` output into rows of cells. Wide characters take two cells;
/// the second holds "".
func parseScreen(_ capture: String) -> [[CapturedCell]] {
    var rows: [[CapturedCell]] = []
    var style = CapturedStyle()
    for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
        var row: [CapturedCell] = []
        var iterator = Array(line).makeIterator()
        var pending: [Character] = []
        while let c = iterator.next() ?? pending.popLast() {
            if c == "\u{1B}" {
                guard iterator.next() == "[" else { continue }
                var params = ""
                var final: Character = "m"
                while let p = iterator.next() {
                    if p.isLetter { final = p; break }
                    params.append(p)
                }
                if final == "m" { apply(params, to: &style) }
                continue
            }
            row.append(CapturedCell(text: String(c), style: style))
            if DisplayCluster(c).width == 2 { row.append(CapturedCell(text: "", style: style)) }
        }
        rows.append(row)
    }
    if rows.last?.isEmpty == true { rows.removeLast() }
    return rows
}

private func apply(_ params: String, to style: inout CapturedStyle) {
    let codes = params.isEmpty ? [0] : params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    var i = 0
    while i < codes.count {
        let code = codes[i]
        switch code {
        case 0: style = CapturedStyle()
        case 1: style.bold = true
        case 2: style.faint = true
        case 7: style.reverse = true
        case 22: style.bold = false; style.faint = false
        case 27: style.reverse = false
        case 30...37: style.foreground = "idx:\(code - 30)"
        case 90...97: style.foreground = "idx:\(code - 90 + 8)"
        case 40...47: style.background = "idx:\(code - 40)"
        case 100...107: style.background = "idx:\(code - 100 + 8)"
        case 39: style.foreground = "default"
        case 49: style.background = "default"
        case 38, 48:
            var value = "default"
            if i + 2 < codes.count, codes[i + 1] == 5 { value = "idx:\(codes[i + 2])"; i += 2 }
            else if i + 4 < codes.count, codes[i + 1] == 2 { value = "rgb:\(codes[i + 2]),\(codes[i + 3]),\(codes[i + 4])"; i += 4 }
            if code == 38 { style.foreground = value } else { style.background = value }
        default: break
        }
        i += 1
    }
}

/// The rectangle of the lowest box (┌ … ┘) inside `area` (columns `x0..<x1`, rows `y0..<y1`).
func findCapturedBox(_ rows: [[CapturedCell]], x0: Int, y0: Int, x1: Int, y1: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
    guard x0 < x1, y0 < y1 else { return nil }
    func at(_ x: Int, _ y: Int) -> String { y < rows.count && x < rows[y].count ? rows[y][x].text : " " }
    for y in stride(from: y1 - 1, through: y0, by: -1) {
        for x in x0..<x1 where at(x, y) == "┘" {
            var left = x - 1
            while left >= x0, at(left, y) == "─" { left -= 1 }
            guard left >= x0, at(left, y) == "└" else { continue }
            var top = y - 1
            while top >= y0, at(left, top) == "│" { top -= 1 }
            guard top >= y0, at(left, top) == "┌" else { continue }
            return (left, top, x - left + 1, y - top + 1)
        }
    }
    return nil
}

/// A parsed capture: rows of cells addressed by column and row, with the helpers the
/// end-to-end tests need (finding a pane by its title, the cells of a rectangle, masking).
struct CapturedScreen: Equatable, CustomStringConvertible {
    var rows: [[CapturedCell]]

    init(_ capture: String) { rows = parseScreen(capture) }

    static let blank = CapturedCell(text: " ", style: CapturedStyle())

    func cell(_ x: Int, _ y: Int) -> CapturedCell {
        guard y >= 0, y < rows.count, x >= 0, x < rows[y].count else { return Self.blank }
        return rows[y][x]
    }

    func text(_ x: Int, _ y: Int) -> String { cell(x, y).text }

    /// The text of row `y`, wide characters once.
    func line(_ y: Int) -> String {
        y >= 0 && y < rows.count ? rows[y].map(\.text).joined() : ""
    }

    /// The text of the cells of `rect` on row `y`.
    func text(in rect: Rect, row y: Int) -> String {
        (rect.minX..<max(rect.minX, rect.maxX)).map { text($0, y) }.joined()
    }

    var description: String { rows.indices.map(line).joined(separator: "\n") }

    /// The cells inside `rect`, row by row.
    func cells(in rect: Rect) -> [CapturedCell] {
        guard !rect.isEmpty else { return [] }
        var result: [CapturedCell] = []
        for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX { result.append(cell(x, y)) } }
        return result
    }

    /// The cells of `rect` that lie outside every rectangle of `excluded`.
    func cells(in rect: Rect, excluding excluded: [Rect]) -> [CapturedCell] {
        guard !rect.isEmpty else { return [] }
        var result: [CapturedCell] = []
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX where !excluded.contains(where: { $0.contains(Point(x: x, y: y)) }) {
                result.append(cell(x, y))
            }
        }
        return result
    }

    /// A copy with every cell inside `rect` blanked: for ignoring a region that changes by itself.
    func masking(_ rect: Rect) -> CapturedScreen {
        var copy = self
        guard !rect.isEmpty else { return copy }
        for y in rect.minY..<rect.maxY where y >= 0 && y < copy.rows.count {
            for x in rect.minX..<rect.maxX where x >= 0 && x < copy.rows[y].count { copy.rows[y][x] = Self.blank }
        }
        return copy
    }

    /// Where `word` starts in the grid (first match, top to bottom).
    func find(_ word: String) -> Point? {
        let chars = word.map(String.init)
        guard !chars.isEmpty else { return nil }
        for y in rows.indices {
            let row = rows[y]
            guard row.count >= chars.count else { continue }
            for x in 0...(row.count - chars.count) where row[x].text == chars[0] {
                if (0..<chars.count).allSatisfy({ row[x + $0].text == chars[$0] }) { return Point(x: x, y: y) }
            }
        }
        return nil
    }

    func contains(_ word: String) -> Bool { find(word) != nil }

    /// The outer rectangle of the box whose top border holds `title`: walks from the title to
    /// the corners. Nil when there is no such complete box.
    func box(titled title: String) -> Rect? {
        guard let start = find(title) else { return nil }
        let y = start.y
        var left = start.x - 1
        while left >= 0, text(left, y) != "┌" {
            guard text(left, y) == "─" || text(left, y) == " " else { return nil }
            left -= 1
        }
        var right = start.x + title.count
        while right < (rows.indices.contains(y) ? rows[y].count : 0), text(right, y) != "┐" { right += 1 }
        guard left >= 0, text(right, y) == "┐" else { return nil }
        var bottom = y + 1
        while bottom < rows.count, text(left, bottom) == "│" { bottom += 1 }
        guard text(left, bottom) == "└", text(right, bottom) == "┘" else { return nil }
        return Rect(x: left, y: y, width: right - left + 1, height: bottom - y + 1)
    }

    /// The lowest complete box inside `area` (used for the toast inside a pane's content).
    func lowestBox(in area: Rect) -> Rect? {
        findCapturedBox(rows, x0: max(0, area.minX), y0: max(0, area.minY), x1: area.maxX, y1: area.maxY)
            .map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// The style of the border cells of `rect` (the top-left corner's).
    func borderStyle(of rect: Rect) -> CapturedStyle { cell(rect.minX, rect.minY).style }

    /// The mean brightness of `cells`.
    static func meanBrightness(_ cells: [CapturedCell]) -> Double {
        cells.isEmpty ? 0 : cells.map(\.style.brightness).reduce(0, +) / Double(cells.count)
    }
}
