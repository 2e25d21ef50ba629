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
    /// on the main queue's eventfd; the input sources sleep in dispatch's epoll). The process as
    /// a whole wakes once a second: libdispatch's worker-pool monitor on Linux
    /// (`src/event/workqueue.c`, a 1 s timer on its manager queue once dispatch's queues are in
    /// use), which no Curtain code arms.
    @Test func anIdleProgramMakesNoWakeUp() throws {
        let run = try Run("'\(DemoBinary.sibling("curtain-hears"))' task", columns: 60, rows: 8)
        try run.waitFor("heard: a main-actor task")
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
        #expect(allWakeUps <= 4, "the process woke \(allWakeUps) times in 3 s (libdispatch's monitor: 3)")
    }
}
