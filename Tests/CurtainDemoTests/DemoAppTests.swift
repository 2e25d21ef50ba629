import Curtain
import CurtainLayout
import CurtainScreen
import Testing
@testable import CurtainDemoKit

func text(_ buffer: CellBuffer) -> [String] {
    (0..<buffer.size.height).map { y in
        (0..<buffer.size.width).map { x in buffer[x, y].grapheme.isContinuation ? "" : buffer[x, y].grapheme.text }.joined()
    }
}

@MainActor
struct DemoHarness {
    let clock = ManualClock()
    let app: DemoApp
    init(size: Size = Size(width: 80, height: 24)) {
        app = DemoApp(size: size, clock: clock)
        _ = app.renderFrame()
    }
    func send(_ events: DemoEvent...) { for e in events { app.handle(e) } ; settle() }
    func type(_ s: String) { for c in s { app.handle(.key(.character(c))) }; settle() }
    func settle() {
        for _ in 0..<240 { clock.advance(by: 1.0 / 60); _ = app.renderFrame() }
    }
    var lines: [String] { text(app.screen) }
}

@MainActor
@Suite struct DemoAppTests {
    @Test func printScreens() {
        let h = DemoHarness()
        print(h.lines.joined(separator: "\n"))
        h.send(.key(.character("t")))
        h.type("hello world")
        h.send(.key(.enter))
        h.type("日本語 🎉")
        print(h.lines.joined(separator: "\n"))
        h.send(.key(.tab), .key(.character("T")))
        print(h.lines.joined(separator: "\n"))
        h.send(.key(.escape), .key(.character("m")))
        print(h.lines.joined(separator: "\n"))
        #expect(Bool(true))
    }
}
