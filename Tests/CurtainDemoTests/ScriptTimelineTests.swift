import Testing

@testable import CurtainDemoKit

private func timeline(_ text: String, speed: Double = 10) throws -> ScriptTimeline {
    ScriptTimeline(script: try Script.parse(text, fileName: "t.txt"), typingSpeed: speed)
}

/// Times compared to within a nanosecond: they come from divisions.
private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Suite("Script timeline")
struct ScriptTimelineTests {
    @Test func typingThenEnter() throws {
        let line = try timeline("type abc\nkey Enter\ntype d", speed: 10)
        #expect(line.events.map(\.event) == [.text("a"), .text("b"), .text("c"), .key(.enter), .text("d"), .end])
        let expected = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
        #expect(zip(line.events.map(\.time), expected).allSatisfy(close))
        #expect(close(line.duration, 0.5))
        #expect(line.events.map(\.line) == [1, 1, 1, 2, 3, nil])
    }

    @Test func typeExpandsGraphemeClusters() throws {
        let line = try timeline("type 日本🎉👩‍👩‍👧e\u{301}\u{1B}")
        #expect(
            line.events.map(\.event) == [
                .text("日"), .text("本"), .text("🎉"), .text("👩‍👩‍👧"), .text("e\u{301}"), .text("\u{1B}"), .end,
            ])
    }

    @Test func waitsAddTheirDuration() throws {
        let line = try timeline("wait 1.5s\nkey t\nwait 250ms\nresize 40x10\nwait 0ms\nkey q", speed: 4)
        let times = line.events.map(\.time)
        #expect(line.events.map(\.event) == [.key(.character("t")), .resize(columns: 40, rows: 10), .key(.character("q")), .end])
        #expect(zip(times, [1.5, 2.0, 2.0, 2.25]).allSatisfy(close))
        #expect(close(line.duration, 2.25))
    }

    @Test func resizeAndEndTakeNoTime() throws {
        let line = try timeline("resize 10x10\nresize 20x20\nend\nkey t", speed: 10)
        #expect(line.events.map(\.event) == [.resize(columns: 10, rows: 10), .resize(columns: 20, rows: 20), .end])
        #expect(line.events.allSatisfy { $0.time == 0 })
        #expect(line.duration == 0)
        #expect(line.events.last?.line == 3)
    }

    @Test func emptyScriptEndsAtOnce() throws {
        let line = try timeline("")
        #expect(line.events == [ScriptTimeline.TimedEvent(time: 0, event: .end, line: nil)])
        #expect(line.duration == 0)
    }

    @Test func trailingWaitCountsInDuration() throws {
        let line = try timeline("key t\nwait 2s", speed: 10)
        #expect(close(line.duration, 2.1))
        #expect(close(line.events.last!.time, 2.1))
    }

    @Test func typingSpeedIsRespected() throws {
        let text = String(repeating: "x", count: 120)
        for speed in [1.0, 5.0, 12.0, 30.0, 1000.0] {
            let line = try timeline("type \(text)", speed: speed)
            #expect(close(line.duration, 120 / speed), "speed \(speed)")
            let times = line.events.map(\.time)
            for (index, time) in times.dropLast().enumerated() {
                #expect(close(time, Double(index) / speed))
            }
        }
        // Twice the speed, half the typing time.
        let slow = try timeline("type hello world\nkey Enter", speed: 6)
        let fast = try timeline("type hello world\nkey Enter", speed: 12)
        #expect(close(slow.duration, 2 * fast.duration))
    }

    @Test func timesNeverDecrease() throws {
        let line = try timeline(BuiltInScripts.tour, speed: 7)
        let times = line.events.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(times.last == line.duration)
    }

    @Test func strangeSpeedsAreClamped() throws {
        let script = try Script.parse("type ab", fileName: "x")
        #expect(ScriptTimeline(script: script, typingSpeed: 0).typingSpeed == 1)
        #expect(ScriptTimeline(script: script, typingSpeed: -5).typingSpeed == 1)
        #expect(ScriptTimeline(script: script, typingSpeed: .infinity).typingSpeed == 1000)
        #expect(ScriptTimeline(script: script, typingSpeed: .nan).typingSpeed == ScriptTimeline.defaultTypingSpeed)
        #expect(ScriptTimeline(script: script, typingSpeed: 0).duration == 2)
        #expect(ScriptTimeline(script: script).typingSpeed == 12)
    }

    @Test func scriptsBuiltInCodeCannotOverflow() {
        let script = Script(
            fileName: "code",
            steps: [
                ScriptStep(.wait(milliseconds: .max), line: 1), ScriptStep(.wait(milliseconds: .max), line: 2),
                ScriptStep(.wait(milliseconds: -5), line: 3),
            ])
        let line = ScriptTimeline(script: script)
        #expect(line.duration == 7200)
    }

    @Test func deterministic() throws {
        let a = try timeline(BuiltInScripts.tour, speed: 12)
        let b = try timeline(BuiltInScripts.tour, speed: 12)
        #expect(a.events == b.events)
    }
}
