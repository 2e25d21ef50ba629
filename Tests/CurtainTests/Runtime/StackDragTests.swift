import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// Holding one notification of a stack: the others stay where they are while it is held, and
/// close up once when it leaves (in one frame under reduce motion) — read from the screen's
/// rows, frame by frame.
@MainActor
@Suite struct StackDragTests {
    /// Three notifications, `#1` oldest, in a pane filling a 120 × 40 screen, at rest.
    func threeUp(reduceMotion: Bool) async -> StackFixture {
        let f = StackFixture(size: Size(width: 120, height: 40), motion: MotionSettings(reduceMotion: reduceMotion))
        for n in 1...3 {
            f.scene.notify("Build finished · #\(n)", duration: 600, in: f.pane)
            await f.pilot.advance(by: 0.1)
        }
        await f.pilot.settle()
        return f
    }

    /// The screen row showing `text`, if one does.
    func row(of text: String, in screen: CellBuffer) -> Int? {
        screen.lines(trimmingTrailingSpaces: true).firstIndex { $0.contains(text) }
    }

    func rows(_ f: StackFixture) -> [Int?] { ["#1", "#2", "#3"].map { row(of: $0, in: f.pilot.screen) } }

    @Test(arguments: [false, true])
    func theOthersStayWhileOneIsHeldAndCloseUpWhenItLeaves(reduceMotion: Bool) async throws {
        let f = await threeUp(reduceMotion: reduceMotion)
        let start = rows(f)
        let r1 = try #require(start[0]), r2 = try #require(start[1]), r3 = try #require(start[2])
        #expect(r1 < r2 && r2 < r3, "newest nearest the bottom: \(start)")
        let x = try #require(f.pilot.lines[r3].range(of: "#3")).lowerBound.utf16Offset(in: f.pilot.lines[r3])
        await f.pilot.mouseDown(at: Point(x: x, y: r3))
        let bottom = f.pane.frame.maxY - 1   // the pane's bottom border row
        for moved in 1...3 {
            f.pilot.clock.advance(by: 0.3)
            await f.pilot.drag(to: Point(x: x, y: r3 + moved))
            let held = r3 + moved < bottom ? r3 + moved : nil   // below the border it is clipped
            #expect(rows(f) == [r1, r2, held], "held \(moved) rows down:\n\(f.pilot.text)")
        }
        // Let go past half way, slowly: it leaves.
        let released = f.pilot.frames.count
        f.pilot.clock.advance(by: 0.3)
        await f.pilot.mouseUp(at: Point(x: x, y: r3 + 3))
        await f.pilot.settle()
        let gap = r3 - r2
        #expect(rows(f) == [r1 + gap, r2 + gap, nil], "closed up:\n\(f.pilot.text)")
        // Once: each row moves down only, never back; under reduce motion in one frame.
        let series = f.pilot.frames.dropFirst(released).map { frame in ["#1", "#2"].map { row(of: $0, in: frame.screen) } }
        for (i, name) in ["#1", "#2"].enumerated() {
            let seen = series.compactMap { $0[i] }
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "\(name) one way: \(seen)")
            if reduceMotion { #expect(Set(seen) == [seen.last!], "\(name) in one frame: \(seen)") }
        }
    }

    @Test func aHeldNotificationLetGoShortSpringsBackWithTheOthersStill() async throws {
        let f = await threeUp(reduceMotion: false)
        let start = rows(f)
        let r3 = try #require(start[2])
        let x = try #require(f.pilot.lines[r3].range(of: "#3")).lowerBound.utf16Offset(in: f.pilot.lines[r3])
        await f.pilot.mouseDown(at: Point(x: x, y: r3))
        f.pilot.clock.advance(by: 0.5)
        await f.pilot.drag(to: Point(x: x, y: r3 + 1))
        #expect(rows(f) == [start[0], start[1], r3 + 1], "held:\n\(f.pilot.text)")
        f.pilot.clock.advance(by: 0.5)
        let released = f.pilot.frames.count
        await f.pilot.mouseUp(at: Point(x: x, y: r3 + 1))
        await f.pilot.settle()
        #expect(rows(f) == start)
        for frame in f.pilot.frames.dropFirst(released) {
            #expect(row(of: "#1", in: frame.screen) == start[0] && row(of: "#2", in: frame.screen) == start[1],
                    "\(frame.time):\n\(frame.screen.lines(trimmingTrailingSpaces: true).suffix(12).joined(separator: "\n"))")
        }
    }

    @Test func holdingAnOlderOneLeavesTheOnesBeyondIt() async throws {
        let f = await threeUp(reduceMotion: false)
        let start = rows(f)
        let r2 = try #require(start[1])
        let x = try #require(f.pilot.lines[r2].range(of: "#2")).lowerBound.utf16Offset(in: f.pilot.lines[r2])
        await f.pilot.mouseDown(at: Point(x: x, y: r2))
        f.pilot.clock.advance(by: 0.3)
        await f.pilot.drag(to: Point(x: x, y: r2 + 1))
        #expect(rows(f)[0] == start[0], "#1 stays while #2 is held:\n\(f.pilot.text)")
        #expect(rows(f)[2] == start[2], "#3 stays")
    }
}
