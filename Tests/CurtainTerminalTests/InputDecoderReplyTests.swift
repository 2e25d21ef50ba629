import Curtain
@testable import CurtainTerminal
import Testing

/// The terminal's answers to queries: replies, never keys.
@Suite struct InputDecoderReplyTests {
    @Test func primaryDeviceAttributes() {
        #expect(decoded("\u{1B}[?62;22c") == [.reply(.primaryDeviceAttributes([62, 22]))])
        // xterm lists many features: longer than any key sequence, still a reply.
        let xterm = "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28;29c"
        #expect(decoded(xterm) == [.reply(.primaryDeviceAttributes([64, 1, 2, 6, 9, 15, 16, 17, 18, 21, 22, 28, 29]))])
    }

    @Test func modeReports() {
        #expect(decoded("\u{1B}[?2026;2$y") == [.reply(.modeReport(mode: 2026, state: .reset, isPrivate: true))])
        #expect(decoded("\u{1B}[?2026;1$y\u{1B}[?2026;0$y\u{1B}[?1;4$y\u{1B}[4;3$y\u{1B}[?5;9$y") == [
            .reply(.modeReport(mode: 2026, state: .set, isPrivate: true)),
            .reply(.modeReport(mode: 2026, state: .notRecognized, isPrivate: true)),
            .reply(.modeReport(mode: 1, state: .permanentlyReset, isPrivate: true)),
            .reply(.modeReport(mode: 4, state: .permanentlySet, isPrivate: false)),
            .reply(.modeReport(mode: 5, state: .notRecognized, isPrivate: true)),
        ])
    }

    @Test func deviceStatusAndCursorPosition() {
        #expect(decoded("\u{1B}[0n\u{1B}[3n") == [.reply(.deviceStatus(0)), .reply(.deviceStatus(3))])
        #expect(decoded("\u{1B}[?12;40R\u{1B}[5;7R") == [
            .reply(.cursorPosition(row: 12, column: 40)), .reply(.cursorPosition(row: 5, column: 7)),
        ])
        // `CSI 1 ; 5 R` is how xterm sends Ctrl-F3: a key, not a report.
        #expect(decoded("\u{1B}[1;5R") == keys(Key(.function(3), modifiers: .control)))
    }

    @Test func operatingSystemCommandsWithEitherTerminator() {
        #expect(decoded("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}") == [
            .reply(.operatingSystemCommand(number: 11, text: "rgb:1e1e/1e1e/2e2e")),
        ])
        #expect(decoded("\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\x") == [
            .reply(.operatingSystemCommand(number: 10, text: "rgb:ffff/ffff/ffff")), .event(.key(.character("x"))),
        ])
        #expect(decoded("\u{1B}]52;c;aGVsbG8=\u{07}") == [.reply(.operatingSystemCommand(number: 52, text: "c;aGVsbG8="))])
        #expect(decoded("\u{1B}]l title\u{07}") == [.reply(.operatingSystemCommand(number: -1, text: "l title"))])
    }

    @Test func otherRepliesAreNeverKeys() {
        #expect(decoded("\u{1B}[>41;354;0c\u{1B}[?1u") == [
            .reply(.other(Array(">41;354;0c".utf8))), .reply(.other(Array("?1u".utf8))),
        ])
        // A reply cut off by the wait is dropped, not typed: only Alt-[ by hand is a key.
        #expect(decoded("x\u{1B}[?2026;2", idle: true) == keys(.character("x")))
        #expect(decoded("\u{1B}]11;rgb:00", idle: true) == [])
        // An overlong OSC string is read to its end and dropped.
        #expect(decoded("\u{1B}]2;" + String(repeating: "t", count: 5000) + "\u{07}y") == keys(.character("y")))
    }

    /// `ESC ]` typed by hand is Alt-], then what followed.
    @Test func altCloseBracketIsNoReply() {
        #expect(decoded("\u{1B}]a", idle: true) == keys(.alt("]"), .character("a")))
        #expect(decoded("\u{1B}]\r") == keys(.alt("]"), .enter))
    }

    /// Replies and keys interleaved in one read: the keys in their order, the replies apart.
    @Test func keysBetweenRepliesKeepTheirOrder() {
        let output = decoded("a\u{1B}[A\u{1B}[?2026;2$yé\u{1B}\u{1B}[?62c\u{1B}]11;rgb:0/0/0\u{1B}\\b")
        #expect(output.events == [
            .key(.character("a")), .key(.up), .key(.character("é")), .key(.escape), .key(.character("b")),
        ])
        #expect(output.replies.count == 3)
    }
}

/// Reading the terminal's answers to the synchronized-output query.
@Suite struct SynchronizedOutputReplies {
    func detect(_ text: String) -> SynchronizedOutput.Detection {
        var detection = SynchronizedOutput.Detection()
        for reply in replies(text) { detection.note(reply) }
        return detection
    }

    @Test func aTerminalThatKnowsTheModeIsSupported() {
        for state in [1, 2] {
            let detection = detect("\u{1B}[?2026;\(state)$y\u{1B}[?62;22c")
            #expect(detection == .init(modeKnown: true, complete: true))
            #expect(detection.supported)
        }
    }

    @Test func notRecognisedOrPermanentlyResetIsNotSupported() {
        for state in [0, 4] {
            let detection = detect("\u{1B}[?2026;\(state)$y\u{1B}[?1;2c")
            #expect(detection.modeKnown == false && detection.complete && !detection.supported)
        }
    }

    @Test func onlyDeviceAttributesMeansNotSupported() {
        let detection = detect("\u{1B}[?62;4;22c")
        #expect(detection.complete && detection.modeKnown == nil && !detection.supported)
    }

    @Test func keysTypedMeanwhileAreKeptInOrder() {
        let text = "a\u{1B}[A\u{1B}[?2026;2$yé\u{1B}\u{1B}[?62c"
        let detection = detect(text)
        #expect(detection.supported && detection.complete)
        #expect(events(text) == [.key(.character("a")), .key(.up), .key(.character("é")), .key(.escape)])
    }

    @Test func aReplyCutOffIsNotComplete() {
        let partial = detect("\u{1B}[?2026;2")
        #expect(!partial.complete && partial.modeKnown == nil)
        #expect(!detect("\u{1B}[").complete)
        #expect(events("x\u{1B}[?2026;2", idle: true) == [.key(.character("x"))], "dropped, never keys")
    }

    @Test func otherRepliesAreNeitherTheModeNorKeys() {
        let text = "\u{1B}[?2027;1$y\u{1B}[?1u\u{1B}[?62c"
        let detection = detect(text)
        #expect(detection.modeKnown == nil && detection.complete)
        #expect(events(text).isEmpty, "replies never become key presses")
    }
}
