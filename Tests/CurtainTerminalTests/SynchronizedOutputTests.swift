import Curtain
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests.Drawing {
    /// Frames bracketed for a terminal that supports synchronized output: begin right before
    /// the frame's bytes, end right after; nothing at all for a frame that changed nothing.
    @Test func framesAreBracketedWhenSynchronizedOutputIsOn() throws {
        let files = ScratchTerminal()
        let session = try TerminalSession(output: files.output, input: files.input, synchronizedOutput: true)
        defer { session.stop() }
        #expect(session.usesSynchronizedOutput)
        var frame = CellBuffer(size: session.size)
        frame.put("first", x: 0, y: 0)
        session.draw(frame)
        let afterFirst = files.written
        let text = String(decoding: afterFirst, as: UTF8.self)
        let begin = try #require(text.range(of: "\u{1B}[?2026h"))
        let end = try #require(text.range(of: "\u{1B}[?2026l"))
        let content = try #require(text.range(of: "first"))
        #expect(begin.upperBound <= content.lowerBound && content.upperBound <= end.lowerBound)
        #expect(text.hasSuffix("\u{1B}[?2026l"), "nothing of the frame after the end bracket")
        #expect(!session.draw(frame), "an unchanged frame sends nothing")
        #expect(files.written == afterFirst, "not even the brackets")
        let second = String(repeating: "second-", count: 10)
        frame.put(second, x: 0, y: 1)
        session.draw(frame)
        let later = String(decoding: files.written[afterFirst.count...], as: UTF8.self)
        #expect(later.hasPrefix("\u{1B}[?2026h") && later.hasSuffix("\u{1B}[?2026l") && later.contains("second"))
        // A frame of a few cells goes out as it is: it is written whole anyway.
        let beforeSmall = files.written.count
        frame.put("tick", x: 0, y: 2)
        session.draw(frame)
        let small = String(decoding: files.written[beforeSmall...], as: UTF8.self)
        #expect(small.contains("tick") && !small.contains("2026"))
    }

    @Test func framesAreNotBracketedByDefault() throws {
        let files = ScratchTerminal()
        let session = try TerminalSession(output: files.output, input: files.input)
        defer { session.stop() }
        var frame = CellBuffer(size: session.size)
        frame.put("plain", x: 0, y: 0)
        session.draw(frame)
        #expect(!session.usesSynchronizedOutput)
        #expect(!String(decoding: files.written, as: UTF8.self).contains("2026"))
    }
}

extension NcursesTests.RestoreOnExit {
    /// A pseudo-terminal of our own plays the terminal: it answers the query as told, and the
    /// child reports whether its session brackets frames. Keys typed before the answer are
    /// not lost.
    @Test(arguments: [
        ("\u{1B}[?2026;2$y\u{1B}[?62;22c", true),
        ("\u{1B}[?2026;0$y\u{1B}[?62;22c", false),
        ("\u{1B}[?62;22c", false),
    ])
    func synchronizedOutputIsDetectedFromTheTerminalsAnswer(answer: String, supported: Bool) async throws {
        var answered = false
        let result = try runChild({
            let session = Self.startAndDraw()
            // The key typed before the answer comes first.
            let key = session.nextEventBlocking(within: 5)
            let code: Int32 = key == .key(.character("k")) ? (session.usesSynchronizedOutput ? 20 : 21) : 22
            session.stop()
            _exit(code)
        }, onOutput: { output, master, _ in
            // The device attributes request comes last (after the default colours' OSC queries).
            guard !answered, output.contains("\u{1B}[?2026$p"), output.contains("\u{1B}[c") else { return }
            answered = true
            let bytes = Array(("k" + answer).utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        })
        #expect(result.exitCode == (supported ? 20 : 21), "exit \(result.exitCode): 22 means the typed key was lost")
        let frame = result.output.components(separatedBy: "\u{1B}[c").last ?? ""
        #expect(frame.contains("\u{1B}[?2026h") == supported, "begin bracket sent only when supported")
        if supported {
            let begin = try #require(frame.range(of: "\u{1B}[?2026h"))
            let ready = try #require(frame.range(of: "ready"))
            let end = try #require(frame.range(of: "\u{1B}[?2026l"))
            #expect(begin.upperBound <= ready.lowerBound && ready.upperBound <= end.lowerBound)
        }
    }

    /// A terminal that answers nothing costs the timeout, then the program runs without brackets.
    @Test func aSilentTerminalMeansNoSynchronizedOutput() throws {
        let result = try runChild {
            let session = Self.startAndDraw()
            let code: Int32 = session.usesSynchronizedOutput ? 31 : 30
            session.stop()
            _exit(code)
        }
        #expect(result.exitCode == 30)
        #expect(!result.output.contains("\u{1B}[?2026h"))
    }
}
