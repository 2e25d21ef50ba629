import Testing

@testable import CurtainDemoKit

@Suite("Script cursor")
struct ScriptCursorTests {
    private func makeTimeline() throws -> ScriptTimeline {
        // At 10 keys a second: t at 0, a at 0.1, b at 0.2, resize at 1.3, q at 1.3, end at 1.4.
        ScriptTimeline(
            script: try Script.parse("key t\ntype ab\nwait 1s\nresize 9x9\nkey q", fileName: "c"), typingSpeed: 10)
    }

    @Test func deliversEachEventOnceInOrder() throws {
        let timeline = try makeTimeline()
        var cursor = ScriptCursor(timeline: timeline)
        #expect(cursor.nextTime == 0)
        #expect(cursor.advance(to: 0).map(\.event) == [.key(.character("t"))])
        #expect(cursor.advance(to: 0).isEmpty)
        #expect(cursor.nextTime.map { abs($0 - 0.1) < 1e-9 } == true)
        #expect(cursor.advance(to: 0.25).map(\.event) == [.text("a"), .text("b")])
        #expect(cursor.advance(to: 0.1).isEmpty)  // earlier than before: nothing
        #expect(cursor.advance(to: 1.3).map(\.event) == [.resize(columns: 9, rows: 9), .key(.character("q"))])
        #expect(!cursor.isFinished)
        #expect(cursor.advance(to: 100).map(\.event) == [.end])
        #expect(cursor.isFinished)
        #expect(cursor.nextTime == nil)
        #expect(cursor.advance(to: 200).isEmpty)
    }

    @Test func anySamplingDeliversTheWholeTimeline() throws {
        let timeline = ScriptTimeline(script: try Script.parse(BuiltInScripts.tour, fileName: "tour"))
        for step in [0.001, 1.0 / 60, 0.25, 3, 1000] {
            var cursor = ScriptCursor(timeline: timeline)
            var delivered: [ScriptTimeline.TimedEvent] = []
            var now = 0.0
            while !cursor.isFinished {
                for event in cursor.advance(to: now) {
                    #expect(event.time <= now)
                    delivered.append(event)
                }
                now += step
            }
            #expect(delivered == timeline.events, "step \(step)")
        }
    }

    @Test func nanTimeDeliversNothing() throws {
        var cursor = ScriptCursor(timeline: try makeTimeline())
        #expect(cursor.advance(to: .nan).isEmpty)
        #expect(cursor.nextTime == 0)
    }
}
