import CurtainLayout
import CurtainScreen

/// Screens shaped like the demo app: a 2×2 grid of titled panes full of text, a help bar, an
/// optional toast over the first pane, which may be dimmed. Frame pairs built from these are
/// the "typical frames" the encoder's byte budget is checked on.
struct TypicalApp {
    var size: Size
    var typed = ""
    var toastTop: Int? = nil
    var dim = 0.0
    var clock = "12:00:00"
    var scroll = 0

    static let border = Style(foreground: .indexed(244))
    static let title = Style(foreground: .indexed(231), attributes: .bold)
    static let body = Style(foreground: .rgb(220, 220, 210))
    static let accent = Style(foreground: .rgb(120, 200, 255), attributes: .underline)
    static let help = Style(foreground: .black, background: .indexed(250))
    static let toast = Style(foreground: .rgb(255, 255, 255), background: .rgb(40, 60, 120))

    var paneRects: [Rect] {
        let w = size.width / 2, h = max(0, size.height - 1) / 2
        return [Rect(x: 0, y: 0, width: w, height: h), Rect(x: w, y: 0, width: size.width - w, height: h),
                Rect(x: 0, y: h, width: w, height: size.height - 1 - h),
                Rect(x: w, y: h, width: size.width - w, height: size.height - 1 - h)]
    }

    func render() -> CellBuffer {
        var buffer = CellBuffer(size: size)
        for (n, pane) in paneRects.enumerated() {
            buffer.drawBox(pane, style: Self.border, title: "Pane \(n + 1) — 日本", titleStyle: Self.title)
            let inner = pane.insetBy(dx: 1, dy: 1)
            for line in 0..<inner.height {
                let k = line + scroll
                var x = inner.minX + 1
                x += buffer.draw("Line \(k): the quick brown fox ", at: Point(x: x, y: inner.minY + line), style: Self.body, clip: inner)
                x += buffer.draw("中文 link\(k % 7)", at: Point(x: x, y: inner.minY + line), style: Self.accent, clip: inner)
                buffer.draw(" jumps over the lazy dog", at: Point(x: x, y: inner.minY + line), style: Self.body, clip: inner)
            }
        }
        let bar = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        buffer.fill(bar, style: Self.help)
        buffer.draw(" q quit  t toast  tab focus      \(clock)", at: bar.origin, style: Self.help)
        let context = paneRects[0]
        if dim > 0 { buffer.dim(context, strength: dim) }
        if let toastTop {
            let frame = Rect(x: context.minX + 2, y: toastTop, width: max(0, context.width - 4), height: 5)
            buffer.fill(frame, style: Self.toast, clip: context)
            buffer.drawBox(frame, style: Self.toast, title: "Note", clip: context)
            buffer.draw("> " + typed, at: Point(x: frame.minX + 2, y: frame.minY + 2), style: Self.toast,
                        clip: frame.insetBy(dx: 1, dy: 1).intersection(context))
        }
        return buffer
    }

    /// Named frame pairs (before, after) of everyday changes.
    static func transitions(size: Size) -> [(String, CellBuffer, CellBuffer)] {
        let base = TypicalApp(size: size)
        let top = max(0, base.paneRects[0].maxY - 6)
        func app(_ change: (inout TypicalApp) -> Void) -> CellBuffer {
            var a = base
            change(&a)
            return a.render()
        }
        return [
            ("type a letter", app { $0.toastTop = top; $0.dim = 0.5; $0.typed = "hell" },
             app { $0.toastTop = top; $0.dim = 0.5; $0.typed = "hello" }),
            ("toast slides up a row", app { $0.toastTop = top + 2; $0.dim = 0.3 }, app { $0.toastTop = top + 1; $0.dim = 0.35 }),
            ("dim deepens", app { $0.dim = 0.2 }, app { $0.dim = 0.3 }),
            ("clock ticks", app { $0.clock = "12:00:09" }, app { $0.clock = "12:00:10" }),
            ("text scrolls", app { $0.scroll = 3 }, app { $0.scroll = 4 }),
            ("toast appears", app { _ in }, app { $0.toastTop = top; $0.dim = 0.5 }),
        ]
    }
}
