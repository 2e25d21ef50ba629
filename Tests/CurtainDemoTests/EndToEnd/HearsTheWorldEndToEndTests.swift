import Foundation
import Testing

/// Work from outside the loop reaches the screen in a real terminal (tmux), with no key
/// pressed: each way a Swift program gets to the main actor (issue "Curtain hears the world").
/// Under the Pilot the same code passed long before it showed anything in a terminal; these
/// run the built program for real.
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built examples"))
struct HearsTheWorldEndToEndTests {
    typealias Run = ExamplesEndToEndTests.Run

    @Test(arguments: [
        ("task", "heard: a main-actor task"),
        ("detached", "heard: MainActor.run from a detached task"),
        ("dispatch", "heard: DispatchQueue.main.async"),
        ("stream", "heard: line 3 of an AsyncStream"),
        ("post", "heard: a post from another thread"),
        ("child", "heard: from the child"),
    ])
    func workFromOutsideTheLoopIsDrawnWithoutAKey(way: String, expected: String) throws {
        let run = try Run("'\(DemoBinary.sibling("curtain-hears"))' \(way)", columns: 60, rows: 8)
        try run.waitFor(expected)
        try run.tmux.keys("q")
        let end = try run.exit()
        #expect(end.status == "0")
        #expect(end.restored, "the terminal's modes are back")
    }

    /// Idle, the program's main thread is never woken: no tick, no polling (it sleeps in poll
    /// on the main queue's eventfd; the input wait's thread in poll with no timeout). The
    /// process as a whole wakes once a second once a task has resumed: libdispatch's
    /// worker-pool monitor on Linux (`src/event/workqueue.c`), which no Curtain code arms.
    @Test(arguments: [("task", "heard: a main-actor task", 4), ("nothing", "heard: nothing scheduled", 0)])
    func anIdleProgramMakesNoWakeUp(way: String, expected: String, processWakeUps: Int) throws {
        let run = try Run("'\(DemoBinary.sibling("curtain-hears"))' \(way)", columns: 60, rows: 8)
        try run.waitFor(expected)
        usleep(1_500_000)
        let pid = try #require(try run.tmux.foregroundChildPID())
        func switches(onlyMainThread: Bool) -> Int {
            let tasks = onlyMainThread ? ["\(pid)"] : ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [])
            return tasks.reduce(0) { total, task in
                let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
                let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                return total + (line.flatMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0)
            }
        }
        let (mainBefore, allBefore) = (switches(onlyMainThread: true), switches(onlyMainThread: false))
        usleep(3_000_000)
        let (mainWakeUps, allWakeUps) = (switches(onlyMainThread: true) - mainBefore, switches(onlyMainThread: false) - allBefore)
        try run.tmux.keys("q")
        _ = try run.exit()
        #expect(mainWakeUps == 0, "the main thread woke \(mainWakeUps) times in 3 s of idle")
        // With nothing ever resumed, no dispatch thread exists: the process sleeps whole.
        #expect(allWakeUps <= processWakeUps, "the process woke \(allWakeUps) times in 3 s (libdispatch's monitor, once a task resumed: 3)")
    }
}
