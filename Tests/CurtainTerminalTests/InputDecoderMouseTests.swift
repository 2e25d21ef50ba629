import Curtain
import CurtainLayout
@testable import CurtainTerminal
import Testing

/// Mouse reports, SGR and X10.
@Suite struct InputDecoderMouseTests {
    func mouse(_ kind: MouseEvent.Kind, _ button: MouseEvent.Button, _ x: Int, _ y: Int,
               _ modifiers: Key.Modifiers = []) -> Event {
        .mouse(MouseEvent(kind, button: button, at: Point(x: x, y: y), modifiers: modifiers))
    }

    @Test func sgrPressDragAndReleaseOfEachButton() {
        #expect(events("\u{1B}[<0;5;3M\u{1B}[<32;6;3M\u{1B}[<0;7;4m") == [
            mouse(.press, .left, 4, 2), mouse(.drag, .left, 5, 2), mouse(.release, .left, 6, 3),
        ])
        #expect(events("\u{1B}[<1;1;1M\u{1B}[<33;2;1M\u{1B}[<1;2;1m") == [
            mouse(.press, .middle, 0, 0), mouse(.drag, .middle, 1, 0), mouse(.release, .middle, 1, 0),
        ])
        #expect(events("\u{1B}[<2;10;20M\u{1B}[<2;10;20m") == [mouse(.press, .right, 9, 19), mouse(.release, .right, 9, 19)])
    }

    @Test func sgrWheelWithModifiers() {
        #expect(events("\u{1B}[<64;3;4M\u{1B}[<65;3;4M") == [mouse(.scrollUp, .none, 2, 3), mouse(.scrollDown, .none, 2, 3)])
        #expect(events("\u{1B}[<84;1;1M") == [mouse(.scrollUp, .none, 0, 0, [.shift, .control])])
        // Horizontal wheels and wheel "releases" are not reported.
        #expect(events("\u{1B}[<66;1;1M\u{1B}[<67;1;1M\u{1B}[<64;1;1m") == [])
    }

    @Test func sgrModifierBits() {
        #expect(events("\u{1B}[<4;1;1M") == [mouse(.press, .left, 0, 0, .shift)])
        #expect(events("\u{1B}[<8;1;1M") == [mouse(.press, .left, 0, 0, .alt)])
        #expect(events("\u{1B}[<16;1;1M") == [mouse(.press, .left, 0, 0, .control)])
        #expect(events("\u{1B}[<62;1;1M") == [mouse(.drag, .right, 0, 0, [.shift, .alt, .control])])
    }

    @Test func columnsBeyondWhatX10CanSay() {
        #expect(events("\u{1B}[<0;300;5M\u{1B}[<0;1000;1000m") == [mouse(.press, .left, 299, 4), mouse(.release, .left, 999, 999)])
    }

    @Test func sgrReportsCurtainDoesNotUseOrThatAreMalformed() {
        // Motion with no button held (only any-event tracking sends it), buttons 8–11, wrong
        // field counts; coordinates of 0 are clamped to the first cell.
        #expect(events("\u{1B}[<35;1;1M\u{1B}[<128;1;1M\u{1B}[<0;1M\u{1B}[<0;1;1;1M") == [])
        #expect(events("\u{1B}[<0;0;0M") == [mouse(.press, .left, 0, 0)])
    }

    /// X10 / normal tracking: `ESC [ M` and three bytes of 32 + value, coordinates 1-based.
    @Test func x10Reports() {
        func report(_ code: Int, _ x: Int, _ y: Int) -> [UInt8] {
            Array("\u{1B}[M".utf8) + [UInt8(32 + code), UInt8(32 + x + 1), UInt8(32 + y + 1)]
        }
        let bytes = report(0, 4, 2) + report(32, 5, 2) + report(3, 5, 2) + report(2, 0, 0)
            + report(64, 1, 1) + report(65, 1, 1) + report(16, 222, 100) + report(35, 1, 1)
        #expect(decoded(bytes).events == [
            mouse(.press, .left, 4, 2), mouse(.drag, .left, 5, 2), mouse(.release, .none, 5, 2), mouse(.press, .right, 0, 0),
            mouse(.scrollUp, .none, 1, 1), mouse(.scrollDown, .none, 1, 1), mouse(.press, .left, 222, 100, .control),
        ])
        // Raw bytes above 0x7F (columns past 95) are not UTF-8 and must not be decoded as such.
        #expect(decoded(report(0, 200, 150) + Array("x".utf8)) == [.event(mouse(.press, .left, 200, 150)), .event(.key(.character("x")))])
    }
}
