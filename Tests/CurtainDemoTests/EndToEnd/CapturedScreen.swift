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
