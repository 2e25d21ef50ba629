import CurtainLayout
import CurtainScreen
import CurtainTestSupport

enum Sample {
    /// Clusters that cannot merge with their neighbours when written one after another.
    static let clusters: [String] = ["a", "b", "Z", "7", " ", "é", "─", "中", "日", "😀", "가", "\u{1B}", "~"]

    static let styles: [Style] = [
        .plain,
        Style(foreground: .red),
        Style(foreground: .indexed(208), background: .indexed(236)),
        Style(foreground: .rgb(250, 250, 250), background: .rgb(20, 40, 90), attributes: .bold),
        Style(attributes: [.underline, .italic]),
        Style(foreground: .default, background: .blue, attributes: .reverse),
        Style(foreground: .rgb(120, 200, 30), attributes: [.bold, .dim]),
    ]

    static func text(_ rng: inout SplitMix, maxLength: Int = 12) -> String {
        let n = Int.random(in: 0...maxLength, using: &rng)
        return (0..<n).map { _ in clusters.randomElement(using: &rng)! }.joined()
    }

    static func rect(_ rng: inout SplitMix, in size: Size) -> Rect {
        Rect(x: Int.random(in: -3...(size.width + 2), using: &rng), y: Int.random(in: -2...(size.height + 1), using: &rng),
             width: Int.random(in: 0...(size.width + 4), using: &rng), height: Int.random(in: 0...(size.height + 2), using: &rng))
    }

    /// Applies a few random drawing operations to `buffer`.
    static func scribble(on buffer: inout CellBuffer, operations: Int, _ rng: inout SplitMix) {
        let size = buffer.size
        for _ in 0..<operations {
            let style = styles.randomElement(using: &rng)!
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                let point = Point(x: Int.random(in: -2...(size.width + 1), using: &rng),
                                  y: Int.random(in: -1...size.height, using: &rng))
                let clip: Rect? = Bool.random(using: &rng) ? rect(&rng, in: size) : nil
                buffer.draw(text(&rng), at: point, style: style, clip: clip)
            case 5:
                buffer.fill(rect(&rng, in: size), style: style)
            case 6:
                buffer.drawBox(rect(&rng, in: size), style: style, title: text(&rng, maxLength: 5),
                               border: Bool.random(using: &rng) ? .single : .rounded,
                               clip: Bool.random(using: &rng) ? rect(&rng, in: size) : nil)
            case 7:
                buffer.dim(rect(&rng, in: size), strength: Double.random(in: 0...1, using: &rng))
            case 8:
                var layer = CellBuffer(size: Size(width: Int.random(in: 0...6, using: &rng), height: Int.random(in: 0...3, using: &rng)),
                                       fill: .blank(style))
                layer.draw(text(&rng), at: Point(x: Int.random(in: -1...2, using: &rng), y: 0), style: style)
                buffer.overlay(layer, at: Point(x: Int.random(in: -3...size.width, using: &rng), y: Int.random(in: -2...size.height, using: &rng)),
                               clip: Bool.random(using: &rng) ? rect(&rng, in: size) : nil,
                               transparent: Bool.random(using: &rng) ? .blank(style) : nil)
            default:
                buffer.setCharacter(Character(clusters.randomElement(using: &rng)!),
                                    at: Point(x: Int.random(in: -1...size.width, using: &rng), y: Int.random(in: -1...size.height, using: &rng)),
                                    style: style)
            }
        }
    }

    static func screen(_ size: Size, operations: Int, _ rng: inout SplitMix) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        scribble(on: &buffer, operations: operations, &rng)
        return buffer
    }
}

/// Problems with the wide-character pairing of `buffer`, described; empty when every wide
/// character has its continuation right of it and every continuation has its wide character.
func pairingProblems(_ buffer: CellBuffer) -> [String] {
    var problems: [String] = []
    for y in 0..<buffer.size.height {
        for x in 0..<buffer.size.width {
            let grapheme = buffer[x, y].grapheme
            if grapheme.isContinuation {
                let left = buffer[x - 1, y].grapheme
                if x == 0 || left.isContinuation || DisplayCluster(Character(left.text)).width != 2 {
                    problems.append("orphan continuation at (\(x), \(y))")
                }
            } else if DisplayCluster(Character(grapheme.text)).width == 2 {
                if x + 1 >= buffer.size.width || !buffer[x + 1, y].grapheme.isContinuation {
                    problems.append("wide \(grapheme) at (\(x), \(y)) without continuation")
                }
            }
        }
    }
    return problems
}

/// True when the terminal would show the same thing for both buffers (the ``Style/isDimmed``
/// marker is not shown).
func sameOnTerminal(_ a: CellBuffer, _ b: CellBuffer) -> Bool {
    guard a.size == b.size else { return false }
    return zip(a.cells, b.cells).allSatisfy {
        $0.grapheme == $1.grapheme && $0.style.terminalBits == $1.style.terminalBits
    }
}

/// The cells of `row` as text (continuations skipped), trailing spaces kept.
func row(_ buffer: CellBuffer, _ y: Int) -> String { buffer.lines[y] }
