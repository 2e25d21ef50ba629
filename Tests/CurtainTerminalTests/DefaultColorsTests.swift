import Curtain
import CurtainScreen
import CurtainTerminal
import Foundation
import CurtainPlatform
import Testing

@testable import CurtainTerminal

@Suite("Default colours as the terminal reports them")
struct DefaultColorsReportTests {
    @Test(arguments: [
        ("rgb:ffff/ffff/ffff", (255, 255, 255)), ("rgb:0000/0000/0000", (0, 0, 0)),
        ("rgb:1e1e/1e1e/2e2e", (30, 30, 46)), ("rgb:f/8/0", (255, 136, 0)), ("rgb:ff/80/00", (255, 128, 0)),
        ("rgb:fff/800/000", (255, 128, 0)), ("rgba:ffff/fafa/f0f0/cccc", (255, 250, 240)),
        ("#fdf6e3", (253, 246, 227)), ("#FFF", (255, 255, 255)), ("#ffffeeee0000", (255, 238, 0)),
    ])
    func coloursInEveryFormTerminalsSend(text: String, expected: (Int, Int, Int)) throws {
        let color = try #require(DefaultColorsReport.color(Substring(text)))
        let channels: [Int] = [Int(color.red), Int(color.green), Int(color.blue)]
        let wanted: [Int] = [expected.0, expected.1, expected.2]
        #expect(channels == wanted)
    }

    @Test(arguments: ["?", "white", "rgb:ff/ff", "rgb:ff/ff/ff/ff", "rgb:fffff/0/0", "rgb:gg/00/00", "rgb://",
                      "rgba:ff/ff/ff", "#ffff", "#", "rgb:+f/0/0", "rgb:ｆ/0/0", ""])
    func anythingElseIsNoColour(text: String) {
        #expect(DefaultColorsReport.color(Substring(text)) == nil)
    }

    @Test func theBackgroundDecidesTheForegroundComesWhenReported() {
        var report = DefaultColorsReport()
        report.note(.operatingSystemCommand(number: 10, text: "rgb:3333/3333/3333"))
        #expect(report.colors == nil)                                   // a foreground alone says nothing
        report.note(.operatingSystemCommand(number: 11, text: "rgb:ffff/ffff/ffff"))
        #expect(report.colors == TerminalColors(foreground: (51, 51, 51), background: (255, 255, 255)))
        report.note(.operatingSystemCommand(number: 12, text: "rgb:0000/0000/0000"))   // the cursor colour
        report.note(.operatingSystemCommand(number: 11, text: "?"))
        report.note(.deviceStatus(0))
        let background = report.colors.map { [$0.background.red, $0.background.green, $0.background.blue] }
        #expect(background == [UInt8(255), 255, 255])

        var backgroundOnly = DefaultColorsReport()
        backgroundOnly.note(.operatingSystemCommand(number: 11, text: "rgb:0000/2b2b/3636"))
        #expect(backgroundOnly.colors == TerminalColors(background: (0, 43, 54)))
        #expect(backgroundOnly.colors?.isLight == false)
    }

    @Test func theLinuxConsoleIsNotAsked() {
        #expect(!DefaultColorsReport.shouldAsk(term: "linux"))
        #expect(!DefaultColorsReport.shouldAsk(term: "linux-16color"))
        #expect(!DefaultColorsReport.shouldAsk(term: nil))
        for term in ["xterm-256color", "tmux-256color", "screen", "xterm-direct", "alacritty"] {
            #expect(DefaultColorsReport.shouldAsk(term: term))
        }
    }
}

extension NcursesTests.RestoreOnExit {
    /// A child that starts a session, reads events for `listen` seconds, and draws what it
    /// knows of the terminal's colours: `colors:none` or `colors:<fg>/<bg>` in hex.
    static func startAndReport(listen: Double = 0) -> Never {
        guard let session = try? TerminalSession(programName: "child") else { _exit(99) }
        session._awaitStartUpAnswersBlocking()
        let clock = SystemClock()
        let end = clock.now + listen
        while clock.now < end { _ = session._nextEventBlocking(until: end, clock: clock) }
        let text: String
        if let colors = session.terminalColors {
            func hex(_ c: (red: UInt8, green: UInt8, blue: UInt8)) -> String {
                String(format: "%02x%02x%02x", c.red, c.green, c.blue)
            }
            text = "colors:\(hex(colors.foreground))/\(hex(colors.background)):\(colors.isLight ? "light" : "dark")"
        } else {
            text = "colors:none"
        }
        var frame = CellBuffer(size: session.size)
        frame.put(text, x: 0, y: 0)
        session.draw(frame)
        session.stop()
        _exit(0)
    }

    /// Answers like a terminal: the status request, device attributes, and OSC 10/11 with
    /// `foreground` and `background` when given (`delayUntil`: only once the output contains it).
    final class FakeTerminal {
        let foreground: String?, background: String?
        let answersAttributes: Bool
        let delayColorsUntil: String?
        private var answered: Set<String> = []
        init(foreground: String? = nil, background: String?, answersAttributes: Bool = true, delayColorsUntil: String? = nil) {
            self.foreground = foreground
            self.background = background
            self.answersAttributes = answersAttributes
            self.delayColorsUntil = delayColorsUntil
        }

        func respond(_ output: String, _ master: Int32) {
            func once(_ key: String, _ reply: String) {
                guard !answered.contains(key) else { return }
                answered.insert(key)
                _ = reply.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
            }
            let colorsNow = delayColorsUntil.map { output.contains($0) } ?? true
            if colorsNow, output.contains("\u{1B}]10;?"), let foreground { once("10", "\u{1B}]10;rgb:\(foreground)\u{1B}\\") }
            if colorsNow, output.contains("\u{1B}]11;?"), let background { once("11", "\u{1B}]11;rgb:\(background)\u{07}") }
            if output.contains("\u{1B}[5n") { once("dsr", "\u{1B}[0n") }
            if answersAttributes, output.contains("\u{1B}[c") { once("da1", "\u{1B}[?62;22c") }
        }
    }

    @Test func aLightTerminalIsKnownFromItsAnswerBeforeTheFirstFrame() async throws {
        let terminal = FakeTerminal(foreground: "2020/2020/2020", background: "ffff/ffff/ffff")
        let result = try runChild({ Self.startAndReport() }, onOutput: { output, master, _ in terminal.respond(output, master) })
        #expect(result.output.contains("colors:202020/ffffff:light"), "\(result.output.debugDescription)")
        // The query is control strings only, and the answers are not echoed.
        let screen = result.output.components(separatedBy: "colors:").first ?? ""
        #expect(!screen.contains("rgb:"))
        #expect(!result.output.contains("10;?\u{1B}\\10") && result.echoes)
    }

    @Test func aDarkTerminalIsKnownToo() async throws {
        let terminal = FakeTerminal(background: "1e1e/1e1e/2e2e")
        let result = try runChild({ Self.startAndReport() }, onOutput: { output, master, _ in terminal.respond(output, master) })
        #expect(result.output.contains("colors:e5e5e5/1e1e2e:dark"), "\(result.output.debugDescription)")
    }

    @Test func noAnswerLeavesTheColoursUnknownAndTheProgramStarts() async throws {
        // Device attributes but no OSC answers (tmux 3.3, most terminals without OSC 11)…
        let silentColors = FakeTerminal(background: nil)
        let first = try runChild({ Self.startAndReport() }, onOutput: { output, master, _ in silentColors.respond(output, master) })
        #expect(first.output.contains("colors:none"))
        // … and a terminal that answers nothing at all: the wait ends by itself.
        let silent = FakeTerminal(background: nil, answersAttributes: false)
        let second = try runChild({ Self.startAndReport() }, onOutput: { output, master, _ in silent.respond(output, master) })
        #expect(second.output.contains("colors:none"))
    }

    @Test func anAnswerAfterTheStartStillCounts() async throws {
        // Over a slow link the colours come after the wait: the next events take them in.
        let terminal = FakeTerminal(background: "ffff/ffff/ffff", answersAttributes: false, delayColorsUntil: "\u{1B}[?1049h")
        let result = try runChild({ Self.startAndReport(listen: 0.6) }, onOutput: { output, master, _ in terminal.respond(output, master) })
        #expect(result.output.contains("colors:000000/ffffff:light"), "\(result.output.debugDescription)")
    }

    /// A late answer (GNU screen relays the background ~3 ms after it answered the device
    /// attributes itself) ends the session's wait at once, not at the app's next timer or key,
    /// so the loop follows the new appearance then (`App.run(on:)` does after every wait): the
    /// wait that began after the first frame ends with the light colours known well before its
    /// 1.5 s deadline.
    @Test func aLateAnswerEndsTheWaitAtOnce() async throws {
        let terminal = FakeTerminal(background: "ffff/ffff/ffff", delayColorsUntil: "late-colours")
        let result = try runChild({
            unsetenv("NO_COLOR")   // the test process may have it: light and dark are one theme then
            guard let session = try? TerminalSession(programName: "child") else { _exit(99) }
            let clock = SystemClock()
            let scene = Scene(root: Label("late-colours", role: \.helpBar), size: session.size, clock: clock)
            if let frame = scene.renderFrame() { session.present(frame) }
            let start = clock.now
            // The wait, blocking in poll: a forked child has no dispatch queue to run the loop on.
            while clock.now < start + 1.5, session.terminalColors?.isLight != true {
                _ = session._nextEventBlocking(until: start + 1.5, clock: clock)
            }
            let lightAfter = session.terminalColors?.isLight == true ? clock.now - start : nil
            session.stop()
            _exit(lightAfter.map { $0 < 1 ? 0 : 2 } ?? 3)
        }, onOutput: { output, master, _ in terminal.respond(output, master) })
        #expect(result.exitCode == 0, "0: light within 1 s; 2: only at the deadline; 3: never")
    }

    @Test func theUsersWordWinsOverTheTerminalsAnswer() async throws {
        let terminal = FakeTerminal(background: "ffff/ffff/ffff")
        let result = try runChild({
            setenv("CURTAIN_BACKGROUND", "#102030", 1)
            Self.startAndReport()
        }, onOutput: { output, master, _ in terminal.respond(output, master) })
        #expect(result.output.contains("colors:e5e5e5/102030:dark"), "\(result.output.debugDescription)")
        // COLORFGBG only when the terminal did not answer.
        let fgbg = try runChild({
            setenv("COLORFGBG", "0;15", 1)
            Self.startAndReport()
        }, onOutput: { output, master, _ in FakeTerminal(background: "0000/0000/0000").respond(output, master) })
        #expect(fgbg.output.contains("colors:e5e5e5/000000:dark"), "\(fgbg.output.debugDescription)")
    }

    @Test func theLinuxConsoleIsNotAskedAboutColours() async throws {
        var asked = false
        let result = try runChild({
            setenv("TERM", "linux", 1)
            Self.startAndReport()
        }, onOutput: { output, master, _ in
            if output.contains("]11;?") { asked = true }
            if output.contains("\u{1B}[c") { _ = write(master, "\u{1B}[?6c", 5) }
        })
        #expect(!asked)
        #expect(result.output.contains("colors:none"))
    }
}
