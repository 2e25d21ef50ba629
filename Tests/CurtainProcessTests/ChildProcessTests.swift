import Curtain
import Foundation
import CurtainPlatform
import Testing
@testable import CurtainProcess

/// Children on a terminal or pipes: their lines, their end, their stop.
@Suite struct ChildProcessTests {
    /// Every batch of `child`'s output, in order.
    func batches(of child: ChildProcess) async -> [OutputBatch] {
        var all: [OutputBatch] = []
        for await batch in child.output { all.append(batch) }
        return all
    }

    func lines(of child: ChildProcess) async -> [String] {
        await batches(of: child).flatMap(\.lines)
    }

    @Test func aLineWrittenInPiecesArrivesOnceWithItsOpenPartShownFirst() async throws {
        let child = try ChildProcess(shell: "printf 'SPL'; sleep 0.3; printf 'IT-ONE\\n'; printf 'CAF\\303'; sleep 0.3; printf '\\211-TWO\\n'")
        let all = await batches(of: child)
        #expect(all.flatMap(\.lines) == ["SPLIT-ONE", "CAFÉ-TWO"])
        #expect(all.contains { $0.openLine == "SPL" }, "the open line shows while the rest is awaited: \(all)")
        #expect(!all.contains { $0.openLine.contains("\u{FFFD}") })
        #expect(await child.termination == .exited(0))
    }

    /// A child flushing a line every millisecond or so wakes a waiting consumer at most about
    /// once a frame interval: the lines in between are merged into the batch it gets, all of
    /// them, in order. (Handed over as they came, the consumer — the main actor, for a log —
    /// was woken once a read: hundreds of times a second for each busy child.)
    @Test func aWaitingConsumerIsWokenAboutOnceAFrame() async throws {
        let child = try ChildProcess(["/usr/bin/env", "python3", "-u", "-c",
                                      "import time\nfor n in range(400):\n print('line', n, flush=True); time.sleep(0.001)"])
        let start = ContinuousClock.now
        let all = await batches(of: child)
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        #expect(all.flatMap(\.lines) == (0..<400).map { "line \($0)" })
        let allowed = Int(seconds / FramePacing.interval) + 3
        #expect(all.count <= allowed, "\(all.count) batches in \(seconds) s")
    }

    @Test func onATerminalOfItsSizeWithTERMSet() async throws {
        let child = try ChildProcess(shell: "test -t 1 && echo tty; echo $TERM; stty size; tty >/dev/null && echo has-tty",
                                     connection: .terminal(columns: 100, rows: 30))
        #expect(await lines(of: child) == ["tty", ChildProcess.terminalType, "30 100", "has-tty"])
    }

    @Test func aResizeReachesTheChild() async throws {
        let child = try ChildProcess(shell: "trap 'stty size; exit 0' WINCH; echo ready; while :; do sleep 0.05; done")
        var seen: [String] = []
        for await batch in child.output {
            seen += batch.lines
            if batch.lines.contains("ready") { child.resize(columns: 120, rows: 40) }
        }
        #expect(seen == ["ready", "40 120"])
    }

    @Test func onPipesBothOutputsInOne() async throws {
        let child = try ChildProcess(shell: "test -t 1 || echo pipe; echo err >&2; exit 3", connection: .pipes)
        #expect(await lines(of: child) == ["pipe", "err"])
        #expect(await child.termination == .exited(3))
    }

    @Test func aSignalEndIsTold() async throws {
        let child = try ChildProcess(["/bin/sh", "-c", "kill -9 $$"], connection: .pipes)
        #expect(await child.termination == .signaled(9))
    }

    @Test func aMissingProgramIsAnErrorThatSaysSo() {
        #expect { try ChildProcess(["no-such-program-xyz"]) } throws: { error in
            "\(error)".contains("no-such-program-xyz") && "\(error)".contains("No such file")
        }
    }

    @Test func batchesAreBoundedAndNothingIsLost() async throws {
        let child = try ChildProcess(shell: "yes line | head -n 100000")
        let all = await batches(of: child)
        #expect(all.flatMap(\.lines).count == 100_000)
        #expect(all.allSatisfy { $0.lines.count <= ChildOutput.maximumLineCount })
    }

    /// A child that ends on SIGTERM: the stop returns as soon as the whole group is gone —
    /// the `sleep` the shell started included — not after the grace.
    @Test func aStopReturnsWhenTheGroupIsGone() async throws {
        let child = try ChildProcess(shell: "echo ready; sleep 100; :")
        var iterator = child.output.makeAsyncIterator()
        _ = await iterator.next()
        let start = ContinuousClock.now
        // The bounds tell the outcomes apart, nothing finer: a loaded machine starves the
        // stop's task for seconds (the speed of a stop is not this test's to measure).
        let ended = await child.stop(grace: .seconds(90))
        #expect(ContinuousClock.now - start < .seconds(45), "well before the grace")
        #expect(ended == .signaled(SIGTERM))
        #expect(!child.isGroupRunning)
    }

    /// One that ignores SIGTERM and SIGHUP is killed after the grace, its group with it.
    @Test func aChildIgnoringTermIsKilledAfterTheGrace() async throws {
        let child = try ChildProcess(shell: "trap '' TERM HUP; echo ready; sleep 100 & while :; do sleep 0.05; done")
        var iterator = child.output.makeAsyncIterator()
        _ = await iterator.next()
        let start = ContinuousClock.now
        let ended = await child.stop(grace: .milliseconds(400))
        let took = ContinuousClock.now - start
        // After the grace, and not after the background sleep's 100 s (a loaded machine starves
        // the stop's task for seconds: the bounds tell the outcomes apart, nothing finer).
        #expect(took >= .milliseconds(400) && took < .seconds(45), "\(took)")
        #expect(ended == .signaled(SIGKILL))
        #expect(!child.isGroupRunning, "the background sleep too")
    }

    /// A zombie left in the group — its parent does not reap it, as a slow PID 1 reaps a
    /// stopped group's orphans late — is nothing running: the stop returns once the rest is
    /// gone, not after the grace and the SIGKILL's bound (65 s here when zombies counted).
    /// The grace is long so that a full test run, whose blocking tests hold the cooperative
    /// threads for seconds (a stop took 14 s there with a 3 s grace), cannot pass for it.
    @Test func aStopDoesNotWaitForAZombieNobodyReaps() async throws {
        let child = try ChildProcess(["sleep", "100"], connection: .pipes)
        // A process of this test joins the child's group and ends, unreaped.
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, child.processIdentifier)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { for pointer in argv { free(pointer) } }
        var zombie: pid_t = 0
        try #require(posix_spawn(&zombie, "/bin/true", nil, &attributes, argv, ProcessEnvironment.block) == 0)
        var info = siginfo_t()
        try #require(waitid(P_PID, id_t(zombie), &info, WEXITED | WNOWAIT) == 0)
        defer { var status: Int32 = 0; _ = waitpid(zombie, &status, 0) }
        #expect(child.isGroupRunning, "the sleep runs")
        kill(child.processIdentifier, SIGTERM)
        #expect(await child.termination == .signaled(SIGTERM))
        #expect(kill(-child.processIdentifier, 0) == 0, "the zombie is still there")
        #expect(!child.isGroupRunning, "nothing runs")
        let start = ContinuousClock.now
        await child.stop(grace: .seconds(60))
        #expect(ContinuousClock.now - start < .seconds(30), "\(ContinuousClock.now - start)")
    }

    @Test func manyGroupsAtOnceAllStopped() async throws {
        let children = try (0..<300).map { _ in try ChildProcess(["sleep", "30"], connection: .pipes) }
        #expect(children.allSatisfy { $0.isGroupRunning })
        await withTaskGroup(of: Void.self) { group in
            for child in children { group.addTask { await child.stop(grace: .seconds(2)) } }
        }
        #expect(children.allSatisfy { !$0.isGroupRunning })
    }

    @MainActor
    @Test func aLogFollowsAChildLikeATerminal() async throws {
        let log = Log()
        let child = try ChildProcess(shell: "printf 'a\\033[31mred\\n'; printf 'still\\033[0m\\n'; printf ' 10%%\\r100%%\\n'; exit 4")
        #expect(await log.follow(child) == .exited(4))
        #expect(log.texts == ["ared", "still", "100%"])
    }

    /// Empty lines are lines, wherever they fall in a batch (the lines of a batch are appended
    /// in one call, where one newline at the very end adds none).
    @MainActor
    @Test func aLogKeepsEveryEmptyLine() async throws {
        let log = Log()
        let child = try ChildProcess(shell: "printf '\\n\\na\\n\\n\\nb\\n\\n'; sleep 0.1; printf '\\n'")
        await log.follow(child)
        #expect(log.texts == ["", "", "a", "", "", "b", "", ""])
    }
}
