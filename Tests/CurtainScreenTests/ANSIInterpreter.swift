import CurtainLayout
import CurtainScreen

/// A tiny terminal for tests: understands exactly the sequences ``ANSIEncoder`` emits and
/// records anything else (or any write past the right edge, which the encoder must never rely
/// on) as a problem.
struct ANSIInterpreter {
    var screen: CellBuffer
    var cursor = Point.zero
    var style = Style.plain
    /// After a write into the last column, like a real terminal's pending wrap.
    var pendingWrap = false
    var problems: [String] = []

    init(size: Size) { screen = CellBuffer(size: size) }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        var text: [UInt8] = []
        func flush() {
            if text.isEmpty { return }
            write(String(decoding: text, as: UTF8.self))
            text.removeAll()
        }
        while i < bytes.count {
            if bytes[i] != 0x1B {
                text.append(bytes[i])
                i += 1
                continue
            }
            flush()
            guard i + 1 < bytes.count, bytes[i + 1] == 0x5B else {
                problems.append("ESC not followed by [ at \(i)")
                i += 1
                continue
            }
            var j = i + 2
            var privateMode = false
            if j < bytes.count, bytes[j] == 0x3F { privateMode = true; j += 1 }
            var parameters: [Int] = []
            var current: Int? = nil
            while j < bytes.count, (0x30...0x3B).contains(bytes[j]) {
                if bytes[j] == 0x3B {
                    parameters.append(current ?? 0)
                    current = nil
                } else {
                    current = (current ?? 0) * 10 + Int(bytes[j] - 0x30)
                }
                j += 1
            }
            if let current { parameters.append(current) }
            guard j < bytes.count else {
                problems.append("unterminated CSI")
                return
            }
            let final = bytes[j]
            i = j + 1
            switch (privateMode, final) {
            case (true, 0x68), (true, 0x6C): // modes: alternate screen, cursor
                if parameters != [1049] && parameters != [25] { problems.append("unknown mode \(parameters)") }
            case (false, 0x48): // CUP
                let row = parameters.count > 0 ? parameters[0] : 1
                let column = parameters.count > 1 ? parameters[1] : 1
                cursor = Point(x: max(1, column) - 1, y: max(1, row) - 1)
                pendingWrap = false
            case (false, 0x4A): // ED
                if parameters == [2] {
                    screen = CellBuffer(size: screen.size, fill: .blank(Style(background: style.background)))
                } else {
                    problems.append("unknown ED \(parameters)")
                }
            case (false, 0x6D):
                selectGraphicRendition(parameters.isEmpty ? [0] : parameters)
            default:
                problems.append("unknown CSI final \(final)")
            }
        }
        flush()
    }

    private mutating func write(_ text: String) {
        for character in text {
            let cluster = DisplayCluster(character)
            if cluster.width == 0 { continue }
            if pendingWrap {
                problems.append("write relies on line wrap at \(cursor)")
                return
            }
            if cursor.x + cluster.width > screen.size.width || cursor.y >= screen.size.height {
                problems.append("write of \(character) past the edge at \(cursor)")
                return
            }
            screen.setCharacter(character, at: cursor, style: style)
            cursor.x += cluster.width
            if cursor.x >= screen.size.width {
                cursor.x = screen.size.width - 1
                pendingWrap = true
            }
        }
    }

    private mutating func selectGraphicRendition(_ p: [Int]) {
        var k = 0
        func color(_ k: inout Int) -> Color? {
            guard k + 1 < p.count else { return nil }
            if p[k + 1] == 5, k + 2 < p.count {
                defer { k += 2 }
                return .indexed(UInt8(clamping: p[k + 2]))
            }
            if p[k + 1] == 2, k + 4 < p.count {
                defer { k += 4 }
                return .rgb(UInt8(clamping: p[k + 2]), UInt8(clamping: p[k + 3]), UInt8(clamping: p[k + 4]))
            }
            return nil
        }
        while k < p.count {
            switch p[k] {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = .indexed(UInt8(p[k] - 30))
            case 90...97: style.foreground = .indexed(UInt8(p[k] - 90 + 8))
            case 40...47: style.background = .indexed(UInt8(p[k] - 40))
            case 100...107: style.background = .indexed(UInt8(p[k] - 100 + 8))
            case 39: style.foreground = .default
            case 49: style.background = .default
            case 38:
                if let c = color(&k) { style.foreground = c } else { problems.append("bad 38") }
            case 48:
                if let c = color(&k) { style.background = c } else { problems.append("bad 48") }
            default: problems.append("unknown SGR \(p[k])")
            }
            k += 1
        }
    }
}
