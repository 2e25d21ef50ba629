import CurtainLayout
import CurtainScreen
@testable import Curtain

/// Content that makes dimming visible: a coloured pattern of letters.
@MainActor
final class PatternView: View {
    let style: Style
    let letter: Character
    init(letter: Character, style: Style) {
        self.letter = letter
        self.style = style
    }
    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.fill(frame.intersection(clip), with: .blank(style))
        for y in frame.minY..<frame.maxY {
            buffer.draw(String(repeating: letter, count: max(0, frame.width)), at: Point(x: frame.minX, y: y),
                        style: style, clip: clip)
        }
    }
}

/// A screen of `columns` panes side by side above a one-row help bar, like the demo without the grid.
@MainActor
final class TestRoot: View {
    var panes: [PaneView] = []
    var splits: [Int] = []   // x positions where pane i+1 starts; nil = equal
    let helpStyle = Style(foreground: .indexed(16), background: .indexed(250))

    init(columns: Int) {
        super.init()
        for i in 0..<columns {
            let pane = PaneView(title: "Pane \(i + 1)", background: Style(foreground: .indexed(231), background: .indexed(UInt8(22 + i))))
            pane.setContentView(PatternView(letter: Character(String(UnicodeScalar(UInt8(97 + i)))),
                                            style: Style(foreground: .indexed(226), background: .indexed(UInt8(22 + i)))))
            panes.append(pane)
            addSubview(pane)
        }
    }

    override var safeAreaInsets: EdgeInsets { EdgeInsets(bottom: 1) }
    override var dimmingRect: Rect { frame.inset(by: EdgeInsets(bottom: 1)) }

    override func layoutSubviews() {
        let area = frame.inset(by: safeAreaInsets)
        let n = panes.count
        var x = area.minX
        for (i, pane) in panes.enumerated() {
            let end = i == n - 1 ? area.maxX : (i < splits.count ? splits[i] : area.minX + area.width * (i + 1) / n)
            pane.frame = Rect(x: x, y: area.minY, width: end - x, height: area.height)
            x = end
        }
    }

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let bar = Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1)
        buffer.fill(bar.intersection(clip), with: .blank(helpStyle))
        buffer.draw("t toast  q quit", at: bar.origin, style: helpStyle, clip: clip)
    }
}

@MainActor
struct Fixture {
    let clock = ManualClock()
    let root: TestRoot
    let scene: Scene

    init(columns: Int = 2, size: Size = Size(width: 80, height: 24), motion: MotionSettings = MotionSettings()) {
        root = TestRoot(columns: columns)
        scene = Scene(root: root, size: size, clock: clock, motion: motion)
        scene.renderFrame()
    }

    /// Presents an editable toast from pane `index`.
    @discardableResult
    func presentToast(in index: Int, lines: [String] = []) -> (ToastPresentationController, TextToastView) {
        let view = TextToastView()
        for (i, line) in lines.enumerated() {
            if i > 0 { view.insertNewline() }
            view.insert(contentsOf: line)
        }
        let controller = ToastPresentationController(presentedView: view)
        view.onChange = { [unowned controller] in controller.updatePresentationLayout(animated: true) }
        scene.present(controller, from: root.panes[index])
        return (controller, view)
    }

    /// Steps the clock one 60 Hz frame and renders.
    @discardableResult
    func step(_ seconds: Double = 1.0 / 60.0) -> CellBuffer? {
        clock.advance(by: seconds)
        return scene.renderFrame()
    }

    /// Steps until nothing animates (at most `limit` seconds); returns the frames produced.
    @discardableResult
    func settle(limit: Double = 5) -> [CellBuffer] {
        var frames: [CellBuffer] = []
        var elapsed = 0.0
        while elapsed < limit {
            if let frame = step() { frames.append(frame) }
            elapsed += 1.0 / 60.0
            if scene.nextFrameTime == nil || !scene.presentations.contains(where: \.isAnimating) && frames.count > 0 && scene.nextFrameTime == nil { break }
        }
        _ = step()
        return frames
    }

    var screen: CellBuffer { scene.screen }
}

/// The rectangle of a box drawn with ┌ ┐ └ ┘ whose top-left corner is the first ┌ found inside `area`
/// scanning rows from the bottom up (the toast is the lowest box in a pane).
func findBox(in buffer: CellBuffer, within area: Rect) -> Rect? {
    let a = area.intersection(buffer.bounds)
    guard !a.isEmpty else { return nil }
    for y in stride(from: a.maxY - 1, through: a.minY, by: -1) {
        for x in a.minX..<a.maxX where buffer[x, y].grapheme.text == "┘" {
            // Walk left to └ then up to ┌.
            var left = x - 1
            while left >= a.minX, buffer[left, y].grapheme.text == "─" { left -= 1 }
            guard left >= a.minX, buffer[left, y].grapheme.text == "└" else { continue }
            var top = y - 1
            while top >= a.minY, buffer[left, top].grapheme.text == "│" { top -= 1 }
            guard top >= a.minY, buffer[left, top].grapheme.text == "┌" else { continue }
            return Rect(x: left, y: top, width: x - left + 1, height: y - top + 1)
        }
    }
    return nil
}

/// Relative brightness of a cell's colours: dimmed cells score lower. Uses the xterm palette.
func brightness(_ cell: Cell) -> Double {
    func level(_ color: Color, fallback: Double) -> Double {
        if let rgb = color.rgbComponents { return (Double(rgb.red) + Double(rgb.green) + Double(rgb.blue)) / 765 }
        if let index = color.index {
            let (r, g, b) = xterm(index)
            return (r + g + b) / 765
        }
        return fallback
    }
    var value = level(cell.style.foreground, fallback: 0.7) + level(cell.style.background, fallback: 0.1)
    if cell.style.attributes.contains(.dim) { value *= 0.5 }
    return value
}

func xterm(_ index: UInt8) -> (Double, Double, Double) {
    let i = Int(index)
    if i < 16 {
        let base: [(Double, Double, Double)] = [(0,0,0),(205,0,0),(0,205,0),(205,205,0),(0,0,238),(205,0,205),(0,205,205),(229,229,229),
                                                (127,127,127),(255,0,0),(0,255,0),(255,255,0),(92,92,255),(255,0,255),(0,255,255),(255,255,255)]
        return base[i]
    }
    if i < 232 {
        let c = i - 16
        let steps: [Double] = [0, 95, 135, 175, 215, 255]
        return (steps[c / 36], steps[(c / 6) % 6], steps[c % 6])
    }
    let g = Double(8 + (i - 232) * 10)
    return (g, g, g)
}

func rows(_ buffer: CellBuffer, _ rect: Rect) -> [[Cell]] {
    (rect.minY..<rect.maxY).map { y in (rect.minX..<rect.maxX).map { x in buffer[x, y] } }
}
