import Curtain
import Foundation
import CurtainPlatform
import Testing
import CurtainTesting
@testable import CurtainProcess

/// A command on a terminal is its whole session: it ends when its process ends, a stop ends
/// every group it made, and a process it sent off on its own never keeps its output open; one
/// thread watches every child, however many.
@Suite struct CommandSessionTests {
    /// The processes whose command line holds `marker` (made unique per test run, so that no
    /// other program's processes are counted).
    func running(_ marker: String) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { Int32($0) }.filter { id in
            guard let raw = FileManager.default.contents(atPath: "/proc/\(id)/cmdline"),
                  let state = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                  !state.contains(") Z") else { return false }
            return String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(marker)
        }
    }

    /// A number of seconds no other process sleeps for: `sleep 1000.NNNNN`.
    func uniqueSleep() -> String { "1000.\(Int.random(in: 10_000...99_999))" }

    /// Waits up to `seconds` (a bound, not a measurement) for `condition`.
    func eventually(_ seconds: Double = 20, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// `timeout` makes a process group of its own: a stop still ends it and what it runs,
    /// since both are in the command's session.
    @Test func aStopEndsEveryGroupTheCommandMade() async throws {
        let seconds = uniqueSleep()
        let child = try ChildProcess(shell: "echo start; timeout 1000 sleep \(seconds)")
        var iterator = child.output.makeAsyncIterator()
        _ = await iterator.next()
        #expect(await eventually { running("sleep \(seconds)").count >= 2 }, "timeout and its sleep (and the shell)")
        let ended = await child.stop(grace: .seconds(30))
        #expect(ended == .signaled(SIGTERM))
        #expect(running("sleep \(seconds)").isEmpty, "left running: \(running("sleep \(seconds)"))")
        #expect(!child.isGroupRunning)
    }

    /// A process that leaves the session (`setsid … &`) keeps the terminal open: the output
    /// still ends once the shell has ended and nothing of its session runs, and what held the
    /// terminal is hung up.
    @Test(.timeLimit(.minutes(1)))
    func theOutputEndsWithTheSessionThoughAnEscapeeHoldsTheTerminal() async throws {
        let seconds = uniqueSleep()
        let child = try ChildProcess(shell: "setsid sleep \(seconds) & sleep 0.3; echo holding")
        let reading = Task { () -> [String] in
            var lines: [String] = []
            for await batch in child.output { lines += batch.lines }
            return lines
        }
        let ended = await child.termination
        #expect(ended == .exited(0))
        // The output ends: a hang here is the defect (before, it waited for the escapee).
        let lines = await reading.value
        #expect(lines.contains("holding"))
        #expect(await eventually { running("sleep \(seconds)").isEmpty }, "hung up with the terminal")
    }

    /// A command that starts with `-` is run, not read by the shell as its options.
    @Test func aCommandStartingWithADashIsACommand() async throws {
        let child = try ChildProcess(shell: "-n 2>/dev/null; echo dash-ran")
        let lines = Task { () -> [String] in
            var lines: [String] = []
            for await batch in child.output { lines += batch.lines }
            return lines
        }
        #expect(await child.termination == .exited(0))
        #expect(await lines.value.contains("dash-ran"))
    }

    /// An escapee that ignores SIGHUP and SIGTERM (`trap '' TERM HUP`) is killed after the
    /// grace: when the command ends by itself (it outlived the hang-up before), and when the
    /// command is stopped (the stop ended with the session and left it running).
    @Test(.timeLimit(.minutes(1)))
    func anEscapeeThatIgnoresTheHangUpIsKilledAfterTheGrace() async throws {
        let ending = uniqueSleep(), stopped = uniqueSleep()
        let ends = try ChildProcess(shell: "setsid sh -c 'trap \"\" TERM HUP; sleep \(ending)' & sleep 0.3; echo holding")
        let drain = Task { for await _ in ends.output {} }
        #expect(await ends.termination == .exited(0))
        await drain.value
        #expect(await eventually(30) { running("sleep \(ending)").isEmpty }, "left running: \(running("sleep \(ending)"))")

        let stops = try ChildProcess(shell: "setsid sh -c 'trap \"\" TERM HUP; sleep \(stopped)' & sleep 1000")
        let drainStopped = Task { for await _ in stops.output {} }
        // The command's shell, the escaped shell and its sleep.
        #expect(await eventually { running("sleep \(stopped)").count >= 3 }, "the escapee runs")
        _ = await stops.stop(grace: .milliseconds(500))
        #expect(running("sleep \(stopped)").isEmpty, "left running: \(running("sleep \(stopped)"))")
        await drainStopped.value
    }

    /// Twenty idle children share one watching thread, and bring no thread of their own (a
    /// child used to bring two). Counted by name, among this process's threads: the tests
    /// running beside this one start and end threads of their own meanwhile.
    @Test func twentyChildrenShareOneWatchingThread() async throws {
        try #require(LinuxProcFiles.available, "counts threads in /proc")
        func curtainThreads() -> [String] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { $0.hasPrefix("curtain-") }
        }
        let seconds = uniqueSleep()
        let first = try ChildProcess(["sleep", seconds])
        var more: [ChildProcess] = []
        for _ in 0..<19 { more.append(try ChildProcess(["sleep", seconds])) }
        #expect(await eventually { running("sleep \(seconds)").count == 20 }, "\(running("sleep \(seconds)").count) running")
        let watchers = curtainThreads().filter { $0 == ChildWatcher.threadName }
        #expect(watchers.count == 1, "\(curtainThreads())")
        await withTaskGroup(of: Void.self) { group in
            for child in [first] + more { group.addTask { _ = await child.stop(grace: .seconds(5)) } }
        }
        #expect(running("sleep \(seconds)").isEmpty)
    }

    /// A second consumer of one output is a programming error, refused with a message (it used
    /// to find the output taken and silently show nothing).
    @Test func aSecondConsumerIsRefused() async {
        await #expect(processExitsWith: .failure) {
            let child = try ChildProcess(["true"])
            _ = child.output.makeAsyncIterator()
            _ = child.output.makeAsyncIterator()
        }
    }
}

/// A followed child's terminal follows its log at once: a quiet child that asks its size after
/// the log was resized gets the new size (it kept the old one until it next wrote).
@MainActor @Suite struct FollowedTerminalSizeTests {
    @Test(.timeLimit(.minutes(1)))
    func aQuietChildsTerminalFollowsTheLogAtOnce() async throws {
        let log = Log()
        log.frame = Rect(x: 0, y: 0, width: 50, height: 10)
        log.layoutSubviews()
        // The child writes nothing while it waits for its size to change (a bound all the same:
        // the test's time limit): before, a quiet child kept its old size until it next wrote.
        let child = try ChildProcess(shell: """
            while [ "$(stty size)" = "24 80" ]; do sleep 0.02; done; stty size; echo ready
            s=$(stty size); while [ "$(stty size)" = "$s" ]; do sleep 0.02; done; stty size
            """)
        let following = Task { await log.follow(child) }
        while !log.texts.contains("ready") { try await Task.sleep(for: .milliseconds(10)) }
        #expect(log.texts.first == "10 50", "the log's size once followed, before any output: \(log.texts)")
        log.frame = Rect(x: 0, y: 0, width: 70, height: 12)
        log.layoutSubviews()
        #expect(await following.value == .exited(0))
        #expect(log.texts.last == "12 70", "\(log.texts)")
    }
}

/// A command asks its terminal something, or reads its input: it gets an answer, or the end of
/// its input, and goes on (it waited for ever: a pseudo-terminal has no terminal behind it).
@Suite struct TerminalQuestionsTests {
    func lines(of child: ChildProcess) async -> [String] {
        var lines: [String] = []
        for await batch in child.output { lines += batch.lines }
        return lines
    }

    @Test(.timeLimit(.minutes(1)))
    func theCursorPositionAndDeviceAttributesAreAnswered() async throws {
        let child = try ChildProcess(["bash", "-c", #"printf 'abc\e[6n'; read -rsdR position; printf '\e[c'; read -rsdc attributes; echo; echo "got ${position#*[} ${attributes#*[}""#])
        let lines = await lines(of: child)
        #expect(await child.termination == .exited(0))
        #expect(lines.last == "got 1;4 ?62;22", "\(lines)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aCommandWhoseInputIsAtEndOfFileDoesNotWait() async throws {
        let child = try ChildProcess(shell: "read x; echo got=$x; cat; echo done; test -t 1 && echo on-a-terminal",
                                     connection: .outputTerminal(columns: 80, rows: 24))
        let lines = await lines(of: child)
        #expect(await child.termination == .exited(0))
        #expect(lines == ["got=", "done", "on-a-terminal"], "\(lines)")
    }

    @Test func questionsCutBetweenReadsAreFound() {
        var queries = TerminalQueries()
        func feed(_ text: String) -> [TerminalQueries.Question] {
            Array(text.utf8).withUnsafeBytes { queries.questions(in: $0) }
        }
        #expect(feed("a\u{1B}[6") == [])
        #expect(feed("nb\u{1B}") == [.cursorPosition])
        #expect(feed("[c\u{1B}[>c\u{1B}[5n\u{1B}[2J\u{1B}[16n") == [.primaryAttributes, .secondaryAttributes, .status])
        #expect(TerminalQueries.shownText("ab\u{1B}[31mc\u{1B}]0;title\u{07}d") == "abcd")
        // The colour questions, ended by BEL or ESC \, cut anywhere; a title is no question.
        #expect(feed("x\u{1B}]11;?\u{07}y\u{1B}]1") == [.backgroundColor(bell: true)])
        #expect(feed("0;?\u{1B}") == [])
        #expect(feed("\\\u{1B}]2;t\u{07}\u{1B}]10;x\u{07}") == [.foregroundColor(bell: false)])
        let colors = TerminalColors(foreground: (1, 2, 255), background: (0, 0, 0))
        #expect(TerminalQueries.answer(.foregroundColor(bell: false), row: 1, column: 1, colors: colors)
                == Array("\u{1B}]10;rgb:0101/0202/ffff\u{1B}\\".utf8))
        #expect(TerminalQueries.answer(.backgroundColor(bell: true), row: 1, column: 1, colors: colors)
                == Array("\u{1B}]11;rgb:0000/0000/0000\u{07}".utf8))
        #expect(TerminalQueries.answer(.backgroundColor(bell: true), row: 1, column: 1, colors: nil) == nil,
                "colours nobody told are not made up")
    }
}

/// A child's bytes become lines at its newlines alone, as on a terminal: the reader that cuts
/// them and the log that shows them agree (the log cut again at U+2028, U+2029 and U+0085,
/// which a terminal prints).
@MainActor @Suite struct ChildLinesTests {
    @Test(.timeLimit(.minutes(1)))
    func onlyANewlineEndsAChildsLine() async throws {
        let log = Log()
        let child = try ChildProcess(["printf", "one\u{2028}still one\u{0085}and\u{2029}more\\ntwo\\n"])
        #expect(await log.follow(child) == .exited(0))
        // Two lines, as a terminal shows them (the breaks are shown as the log shows such
        // characters, never as new lines).
        #expect(log.texts.count == 2, "\(log.texts)")
        #expect(log.texts.first?.hasPrefix("one") == true && log.texts.first?.hasSuffix("more") == true, "\(log.texts)")
        #expect(log.texts.last == "two")
    }

    /// A child that asks its terminal's colours (as programs do to pick a light or a dark
    /// theme) is told the colours its log shows its text in, in xterm's form, and goes on —
    /// also when it asked before the log followed it.
    @Test(.timeLimit(.minutes(2)))
    func aChildAskingItsColoursIsToldItsLogs() async throws {
        let log = Log()
        log.style = Style(foreground: .rgb(1, 2, 3), background: .indexed(4))
        let script = #"stty -echo; printf '\033]10;?\033\\'; read -rs -d '\' -t 50 fg; "#
            + #"printf '\033]11;?\a'; read -rs -d $'\a' -t 50 bg; f=${fg#*;}; echo "fg=${f%?} bg=${bg#*;}""#
        let child = try ChildProcess(["bash", "-c", script])
        // Asked before the log follows (a child asks as it starts): answered when it does.
        try await Task.sleep(for: .milliseconds(300))
        #expect(await log.follow(child) == .exited(0))
        let blue = Palette.rgb(of: 4)
        func hex(_ value: UInt8) -> String { String(format: "%04x", Int(value) * 257) }
        #expect(log.texts.last == "fg=rgb:0101/0202/0303 bg=rgb:\(hex(blue.red))/\(hex(blue.green))/\(hex(blue.blue))", "\(log.texts)")
    }

    /// Under the Pilot as on a terminal: a child in a log on a light terminal that asks its
    /// terminal's background is told the light one's (the log keeps the default colours), and
    /// the answer it prints is drawn.
    @Test(.timeLimit(.minutes(2)))
    func underThePilotAChildIsToldItsLogsColours() async throws {
        let log = Log()
        let pane = PaneView(title: "asks")
        pane.setContentView(log)
        let app = App(root: pane, clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 60, height: 10),
                          appearance: TerminalAppearance(colorDepth: .trueColor, colors: .light))
        let script = #"stty -echo; printf '\033]11;?\a'; read -rs -d $'\a' -t 50 bg; echo "bg=${bg#*;}""#
        let child = try ChildProcess(["bash", "-c", script])
        log.task { await log.follow(child) }
        let expected = "bg=rgb:ffff/ffff/ffff"
        #expect(log.shownColors.background == TerminalColors.light.background)
        #expect(await pilot.waitUntil(timeout: 50) { pilot.text.contains(expected) }, "\(pilot.text)")
        await pilot.quit()
    }

    /// A log that follows a child also tells each line, as the log shows it, in order, once:
    /// a program counts and notifies without reading the output a second time.
    @Test(.timeLimit(.minutes(1)))
    func followingTellsEachLineAsTheLogShowsIt() async throws {
        let log = Log()
        var told: [String] = []
        let child = try ChildProcess(["sh", "-c", "printf 'one\\n\\033[31mtwo\\033[0m\\n'; sleep 0.2; printf 'thr'; sleep 0.2; printf 'ee'"])
        #expect(await log.follow(child) { told.append($0) } == .exited(0))
        #expect(told == ["one", "two", "three"])
        #expect(told == log.texts)
    }

    /// The lines are cut once, by the reader of the child's bytes, and each is read into one
    /// log line: the log shows a followed child's output as it shows the same text appended
    /// with `append(ansi:)` — colours carried across lines, empty lines kept, a sequence left
    /// open at a line's end ended there (never swallowing the next line), a line redrawn with
    /// carriage returns, a last line without its newline.
    @Test(.timeLimit(.minutes(1)), arguments: [
        "\u{1B}[31mred\nstill red\u{1B}[0m\nplain\n",
        "\u{1B}[1;34mblue\nblue too\n\nand this\n",
        "x\n\n\ny\n",
        "a\u{1B}[31\nb\n",
        "cut \u{1B}]0;title\nnext\n",
        "escape at the end \u{1B}\nafter\n",
        "tab\tstop\r\nprogress 1\rprogress 2\n\u{1B}[1mbold open",
    ])
    func aFollowedChildReadsAsItsTextAppended(text: String) async throws {
        for connection in [ChildProcess.Connection.pipes, .terminal(columns: 80, rows: 24)] {
            let followed = Log()
            let child = try ChildProcess(["printf", "%s", text], connection: connection)
            #expect(await followed.follow(child) == .exited(0))
            let appended = Log()
            // A last line without its newline ends with the output all the same.
            appended.append(ansi: text.hasSuffix("\n") ? String(text.dropLast()) : text)
            #expect(followed.ansiTexts == appended.ansiTexts, "\(connection)")
        }
    }
}
