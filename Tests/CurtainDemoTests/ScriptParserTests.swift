import Curtain
import CurtainLayout
import Testing

@testable import CurtainDemoKit

/// The error `text` produces, or nil if it parses.
private func parseError(_ text: String, file: String = "demo.txt") -> ScriptError? {
    parseError(Array(text.utf8), file: file)
}

private func parseError(_ bytes: [UInt8], file: String = "demo.txt") -> ScriptError? {
    do {
        _ = try Script.parse(bytes, fileName: file)
        return nil
    } catch {
        return error
    }
}

private func commands(_ text: String) throws -> [ScriptCommand] {
    try Script.parse(text, fileName: "demo.txt").commands
}

@Suite("Script parsing")
struct ScriptParserTests {
    // MARK: Commands

    @Test func everyCommand() throws {
        let script = try Script.parse(
            """
            key t
            type Hello, world
            wait 400ms
            resize 60x20
            end
            """, fileName: "all.txt")
        #expect(
            script.commands == [
                .key(.character("t")), .type("Hello, world"), .wait(milliseconds: 400), .resize(columns: 60, rows: 20), .end,
            ])
        #expect(script.steps.map(\.line) == [1, 2, 3, 4, 5])
        #expect(script.fileName == "all.txt")
    }

    @Test func everyKeyName() throws {
        let names = [
            "t", "T", "m", "n", "N", "s", "c", "q", "Enter", "Esc", "Tab", "BTab", "Backspace", "Left", "Right", "Up", "Down", "Ctrl-C",
        ]
        let text = names.map { "key \($0)" }.joined(separator: "\n")
        #expect(
            try commands(text) == [
                .key(.character("t")), .key(.character("T")), .key(.character("m")), .key(.character("n")),
                .key(.character("N")), .key(.character("s")), .key(.character("c")), .key(.character("q")), .key(.enter), .key(.escape), .key(.tab),
                .key(.backTab), .key(.backspace), .key(.left), .key(.right), .key(.up), .key(.down),
                .key(.ctrl("c")),
            ])
        #expect(ScriptKeyNames.names == names)
        for name in names {
            #expect(ScriptKeyNames.key(named: name) == Key(name: name), "\(name) is the library's key of that name")
        }
    }

    @Test func lineNumbersCountBlankAndCommentLines() throws {
        let script = try Script.parse("# intro\n\nkey t\n   \n\t# indented comment\nwait 1s\n", fileName: "x")
        #expect(script.steps == [ScriptStep(.key(.character("t")), line: 3), ScriptStep(.wait(milliseconds: 1000), line: 6)])
    }

    @Test func emptyAndCommentOnlyFilesAreEmptyScripts() throws {
        #expect(try commands("") == [])
        #expect(try commands("\n\n") == [])
        #expect(try commands("# only a comment\n  # another\n") == [])
        #expect(try Script.parse([UInt8](), fileName: "empty.txt").steps.isEmpty)
    }

    @Test func indentationAndSeparatorsAreBlanks() throws {
        #expect(
            try commands("  key\tEnter  \n\twait   2s\t\nresize 10x5 ") == [
                .key(.enter), .wait(milliseconds: 2000), .resize(columns: 10, rows: 5),
            ])
    }

    // MARK: Line ends

    @Test func crlfLineEnds() throws {
        let script = try Script.parse("key t\r\ntype a b \r\nwait 1s\r\n", fileName: "x")
        #expect(script.commands == [.key(.character("t")), .type("a b "), .wait(milliseconds: 1000)])
    }

    @Test func lastLineWithoutNewline() throws {
        #expect(try commands("key t\nkey q") == [.key(.character("t")), .key(.character("q"))])
        #expect(try commands("key t\r\nkey q\r") == [.key(.character("t")), .key(.character("q"))])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try Script.parse([0xEF, 0xBB, 0xBF] + Array("key m\n".utf8), fileName: "x").commands == [.key(.character("m"))])
    }

    // MARK: type

    @Test func typeKeepsTextExactly() throws {
        #expect(try commands("type   two leading spaces") == [.type("  two leading spaces")])
        #expect(try commands("type trailing  ") == [.type("trailing  ")])
        #expect(try commands("type issue #5 # not a comment") == [.type("issue #5 # not a comment")])
        #expect(try commands("type a\\nb") == [.type("a\\nb")])
        #expect(try commands("type  ") == [.type(" ")])
        #expect(try commands("type\tx") == [.type("x")])
        #expect(try commands("type # hash first") == [.type("# hash first")])
    }

    @Test func typeKeepsUnicode() throws {
        #expect(try commands("type 日本語のテキスト") == [.type("日本語のテキスト")])
        #expect(try commands("type 🎉 👩‍👩‍👧 🇯🇵") == [.type("🎉 👩‍👩‍👧 🇯🇵")])
        // A combining mark right after the separator belongs to the text, not to the space.
        let combining = try commands("type \u{301}e\u{301}")
        #expect(combining == [.type("\u{301}e\u{301}")])
        if case .type(let text) = combining.first {
            #expect(text.unicodeScalars.map(\.value) == [0x301, 0x65, 0x301])
        }
    }

    @Test func typeKeepsControlCharacters() throws {
        #expect(try commands("type a\u{1B}[31mb\u{7}") == [.type("a\u{1B}[31mb\u{7}")])
        // A lone CR inside a line is text; only a CR right before LF ends the line.
        #expect(try commands("type a\rb\n") == [.type("a\rb")])
    }

    // MARK: wait

    @Test func durations() throws {
        let cases: [(String, Int)] = [
            ("0ms", 0), ("0s", 0), ("400ms", 400), ("1.5s", 1500), ("2s", 2000), ("0.001s", 1),
            ("1.250s", 1250), ("1.5000s", 1500), ("007ms", 7), ("12.0ms", 12), ("3600s", 3_600_000),
            ("3600000ms", 3_600_000),
        ]
        for (text, milliseconds) in cases {
            #expect(try commands("wait \(text)") == [.wait(milliseconds: milliseconds)], "wait \(text)")
        }
    }

    @Test func invalidDurations() {
        let hint = "expected a number followed by ms or s, like 400ms or 1.5s"
        #expect(parseError("wait 1.5x", file: "x.txt")?.description == "x.txt:1:6: invalid duration '1.5x' (\(hint))")
        for bad in ["5", "ms", "s", ".5s", "5.s", "1..5s", "1.5.5s", "abc", "5MS", "1e3ms", "٣s", "+5s", "5sec"] {
            let error = parseError("wait \(bad)")
            #expect(error != nil, "wait \(bad)")
            #expect(error?.column == 6)
            #expect(error?.message.hasPrefix("invalid duration '\(bad)' (") == true, "wait \(bad)")
        }
        #expect(parseError("wait -1s")?.message == "invalid duration '-1s' (durations cannot be negative; \(hint))")
        #expect(parseError("wait 3601s")?.message == "invalid duration '3601s' (at most 3600s)")
        #expect(parseError("wait 3600.001s")?.message == "invalid duration '3600.001s' (at most 3600s)")
        #expect(
            parseError("wait 99999999999999999999999999999999ms")?.message
                == "invalid duration '99999999999999999999999999999999ms' (at most 3600s)")
        #expect(
            parseError("wait 1.2345s")?.message
                == "invalid duration '1.2345s' (durations are whole milliseconds: at most 3 decimals with s, none with ms)"
        )
        #expect(parseError("wait 2.5ms")?.column == 6)
        #expect(
            parseError("wait 5 ms")?.message == "unexpected 'ms' after the duration (wait takes exactly one duration)")
    }

    @Test func waitArguments() {
        #expect(
            parseError("key t\nwait")?.description
                == "demo.txt:2:5: missing duration after 'wait' (expected a number followed by ms or s, like 400ms or 1.5s)"
        )
        #expect(
            parseError("wait 1s 2s")?.description
                == "demo.txt:1:9: unexpected '2s' after the duration (wait takes exactly one duration)")
    }

    // MARK: resize

    @Test func sizes() throws {
        #expect(try commands("resize 60x20") == [.resize(columns: 60, rows: 20)])
        #expect(try commands("resize 1x1") == [.resize(columns: 1, rows: 1)])
        #expect(try commands("resize 1000x1000") == [.resize(columns: 1000, rows: 1000)])
    }

    @Test func invalidSizes() {
        let hint = "expected COLUMNSxROWS, like 60x20"
        let range = "columns and rows must be whole numbers from 1 to 1000"
        #expect(parseError("resize 60by20")?.description == "demo.txt:1:8: invalid size '60by20' (\(hint))")
        for bad in ["60", "x20", "60x", "60X20", "60x20x3", "-1x5", "6 0x20", "a×b", "60×20"] {
            #expect(parseError("resize \(bad)") != nil, "resize \(bad)")
        }
        #expect(parseError("resize 0x20")?.message == "invalid size '0x20' (\(range))")
        #expect(parseError("resize 20x0")?.message == "invalid size '20x0' (\(range))")
        #expect(parseError("resize 1001x20")?.message == "invalid size '1001x20' (\(range))")
        #expect(
            parseError("resize 99999999999999999999999x2")?.message
                == "invalid size '99999999999999999999999x2' (\(range))")
        #expect(parseError("resize")?.description == "demo.txt:1:7: missing size after 'resize' (\(hint))")
        #expect(
            parseError("resize 60x20 80x24")?.description
                == "demo.txt:1:14: unexpected '80x24' after the size (resize takes exactly one size, like 60x20)")
    }

    // MARK: key

    @Test func keyErrors() {
        let names = "t, T, m, n, N, s, c, q, Enter, Esc, Tab, BTab, Backspace, Left, Right, Up, Down, Ctrl-C"
        #expect(
            parseError("key t\n\nkey Entr")?.description
                == "demo.txt:3:5: unknown key 'Entr' (expected one of: \(names))")
        #expect(
            parseError("key enter")?.description
                == "demo.txt:1:5: unknown key 'enter' (key names are case-sensitive: did you mean 'Enter'?)")
        #expect(
            parseError("key ESC")?.message == "unknown key 'ESC' (key names are case-sensitive: did you mean 'Esc'?)")
        #expect(
            parseError("key")?.description == "demo.txt:1:4: missing key name after 'key' (expected one of: \(names))")
        #expect(parseError("key   ")?.column == 4)
        #expect(
            parseError("key Enter Esc")?.description
                == "demo.txt:1:11: unexpected 'Esc' after the key name (key takes exactly one key; press each key on its own 'key' line)"
        )
        #expect(parseError("key x")?.message == "unknown key 'x' (expected one of: \(names))")
    }

    @Test func otherSpellingsOfKeysSuggestTheScriptName() {
        let cases = [
            ("Escape", "Esc"), ("escape", "Esc"), ("Return", "Enter"), ("return", "Enter"), ("Shift-Tab", "BTab"),
            ("S-Tab", "BTab"), ("shift-tab", "BTab"), ("Backtab", "BTab"),
        ]
        for (name, suggestion) in cases {
            #expect(
                parseError("key \(name)")?.description
                    == "demo.txt:1:5: unknown key '\(name)' (did you mean '\(suggestion)'?)", "key \(name)")
        }
    }

    @Test func trailingCommentsAreExplained() {
        let hint = "comments must be on a line of their own, starting with #"
        #expect(parseError("key t # press t")?.description == "demo.txt:1:7: unexpected '#' after the key name (\(hint))")
        #expect(parseError("wait 1s #pause")?.message == "unexpected '#pause' after the duration (\(hint))")
        #expect(parseError("resize 60x20 # small")?.message == "unexpected '#' after the size (\(hint))")
        #expect(parseError("end # done")?.message == "unexpected '#' after 'end' (\(hint))")
        #expect(parseError("key # t")?.description == "demo.txt:1:5: unknown key '#' (\(hint))")
    }

    // MARK: Other errors

    @Test func unknownCommand() {
        let expected = "unknown command 'kye' (expected one of: key, type, wait, resize, mouse, drag, end)"
        let text = (1...6).map { _ in "key t" }.joined(separator: "\n") + "\nkye Enter\n"
        #expect(parseError(text, file: "tour.txt")?.description == "tour.txt:7:1: \(expected)")
        #expect(
            parseError("  Key t")?.description
                == "demo.txt:1:3: unknown command 'Key' (expected one of: key, type, wait, resize, mouse, drag, end)")
        #expect(
            parseError("typeHello")?.message
                == "unknown command 'typeHello' (expected one of: key, type, wait, resize, mouse, drag, end)")
        #expect(parseError("key t # press t")?.message.hasPrefix("unexpected '#'") == true)
    }

    @Test func missingTypeText() {
        let message = "missing text after 'type' (expected 'type', one space and the text, like: type Hello)"
        #expect(parseError("type")?.description == "demo.txt:1:5: \(message)")
        #expect(parseError("type ")?.description == "demo.txt:1:5: \(message)")
    }

    @Test func endStopsParsing() throws {
        let script = try Script.parse("key t\nend\nthis is not a command\n\u{FF}", fileName: "x")
        #expect(script.steps == [ScriptStep(.key(.character("t")), line: 1), ScriptStep(.end, line: 2)])
        // Invalid UTF-8 after `end` is not read either.
        #expect(try Script.parse(Array("end\n".utf8) + [0xFF, 0xFE], fileName: "x").commands == [.end])
        #expect(
            parseError("end now")?.description == "demo.txt:1:5: unexpected 'now' after 'end' (end takes no arguments)")
    }

    @Test func errorsBeforeEndAreReported() {
        #expect(parseError("kye\nend")?.line == 1)
    }

    @Test func columnsCountCharactersNotBytes() {
        // "日本" is 6 bytes and 2 characters; "👩‍👩‍👧" is 18 bytes, 5 scalars, 1 character.
        #expect(parseError("\t日本 x")?.column == 2)  // unknown command '日本' at column 2
        #expect(parseError("key 👩‍👩‍👧")?.description.hasPrefix("demo.txt:1:5: unknown key '👩‍👩‍👧'") == true)
        #expect(parseError("key 👩‍👩‍👧 Esc")?.column == 7)
        #expect(parseError("key e\u{301} Esc")?.column == 7)
    }

    // MARK: UTF-8

    @Test func invalidUTF8ReportsTheBadByte() {
        let bytes = Array("key t\ntype 日本".utf8) + [0xFF] + Array("x\n".utf8)
        let error = parseError(bytes, file: "bad.txt")
        #expect(
            error?.description
                == "bad.txt:2:8: invalid UTF-8: byte 0xFF does not start a valid character (scripts must be saved as UTF-8 text)"
        )
        #expect(error?.line == 2)
        #expect(error?.column == 8)
    }

    @Test func invalidUTF8Forms() {
        let cases: [([UInt8], Int)] = [
            ([0x80], 1),  // lone continuation byte
            ([0x61, 0xC3], 2),  // truncated two-byte sequence at end of line
            ([0x61, 0xC3, 0x28], 2),  // bad continuation
            ([0xC0, 0xAF], 1),  // overlong "/"
            ([0xED, 0xA0, 0x80], 1),  // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 1),  // beyond U+10FFFF
            ([0x23, 0x20, 0xFE], 3),  // inside a comment: still an error
        ]
        for (line, column) in cases {
            let error = parseError(Array("key t\n".utf8) + line + [0x0A])
            #expect(error?.line == 2, "\(line)")
            #expect(error?.column == column, "\(line)")
            #expect(error?.message.hasPrefix("invalid UTF-8") == true, "\(line)")
        }
        // A truncated sequence right before CRLF is still reported, not swallowed with the CR.
        #expect(parseError([0x61, 0xE6, 0x97, 0x0D, 0x0A])?.column == 2)
    }

    @Test func truncatedCharacterIsCutShortNotInvalid() {
        let cutShort = "starts a character that is cut short (scripts must be saved as UTF-8 text)"
        #expect(
            parseError(Array("type caf".utf8) + [0xC3, 0x0A])?.description
                == "demo.txt:1:9: invalid UTF-8: byte 0xC3 \(cutShort)")
        // Interrupted by a byte that is not a continuation byte, or by the line end before CRLF.
        #expect(parseError([0x61, 0xC3, 0x28])?.message == "invalid UTF-8: byte 0xC3 \(cutShort)")
        #expect(parseError([0x61, 0xE6, 0x97, 0x0D, 0x0A])?.message == "invalid UTF-8: byte 0xE6 \(cutShort)")
        #expect(parseError([0xF0, 0x9F, 0x8E])?.message == "invalid UTF-8: byte 0xF0 \(cutShort)")
        // Complete sequences that encode no character still "do not start a valid character".
        let invalid = "does not start a valid character (scripts must be saved as UTF-8 text)"
        for bytes: [UInt8] in [[0x80], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80]] {
            #expect(parseError(bytes)?.message == "invalid UTF-8: byte 0x\(hex(bytes[0])) \(invalid)", "\(bytes)")
        }
    }

    // MARK: Quoted script text never reaches the terminal raw

    private static let keyNames = "t, T, m, n, N, s, c, q, Enter, Esc, Tab, BTab, Backspace, Left, Right, Up, Down, Ctrl-C"
    private static let commandNames = "expected one of: key, type, wait, resize, mouse, drag, end"

    @Test func controlCharactersAreQuotedAsControlPictures() {
        // An escape sequence that would set the terminal title if printed raw.
        #expect(
            parseError("key t\u{1B}]0;PWNED\u{7}\n")?.description
                == "demo.txt:1:5: unknown key 't␛]0;PWNED␇' (expected one of: \(Self.keyNames))")
        #expect(
            parseError("\n\n\u{0C}key t\n")?.description == "demo.txt:3:1: unknown command '␌key' (\(Self.commandNames))")
        #expect(parseError("key t\u{7F}")?.message.hasPrefix("unknown key 't␡' (") == true)
        // C1 controls have no picture: shown as code points.
        #expect(parseError("key t\u{9B}2J")?.message.hasPrefix("unknown key 't<U+009B>2J' (") == true)
    }

    @Test func invisibleCharactersAreQuotedAsCodePoints() {
        #expect(
            parseError("key\u{A0}t\n")?.description
                == "demo.txt:1:1: unknown command 'key<U+00A0>t' (\(Self.commandNames))")
        // The first byte-order mark is skipped; a second one is shown.
        #expect(
            parseError([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("key t\n".utf8))?.description
                == "demo.txt:1:1: unknown command '<U+FEFF>key' (\(Self.commandNames))")
        #expect(parseError("key t\u{200B}")?.message.hasPrefix("unknown key 't<U+200B>' (") == true)
        #expect(parseError("key \u{202E}t")?.message.hasPrefix("unknown key '<U+202E>t' (") == true)
        #expect(parseError("key\u{3000}t")?.message.hasPrefix("unknown command 'key<U+3000>t' (") == true)
        #expect(parseError("key a\u{200D}")?.message.hasPrefix("unknown key 'a<U+200D>' (") == true)
        // Emoji sequences keep their joiners and variation selectors: they are visible as a whole.
        #expect(parseError("key 👩‍👩‍👧")?.message.hasPrefix("unknown key '👩‍👩‍👧' (") == true)
        #expect(parseError("key ❤️")?.message.hasPrefix("unknown key '❤️' (") == true)
    }

    @Test func columnsCountTheSourceNotTheQuotedForm() {
        #expect(
            parseError("key \u{200B} Esc")?.description
                == "demo.txt:1:7: unexpected 'Esc' after the key name (key takes exactly one key; press each key on its own 'key' line)"
        )
        #expect(parseError("wait 1s \u{1B}[2J")?.description.hasPrefix("demo.txt:1:9: unexpected '␛[2J' after the duration") == true)
        #expect(parseError("\u{1B}\u{1B} key")?.column == 1)
    }

    @Test func crOnlyLineEndsGetAHint() {
        let hint = "; the line ends are CR only (old Mac): convert them to LF"
        #expect(
            parseError("key t\rwait 1s\r")?.description
                == "demo.txt:1:12: unexpected '1s' after the key name (key takes exactly one key; press each key on its own 'key' line)\(hint)"
        )
        #expect(parseError("wait 1s\rkey t\r")?.message == "unexpected 't' after the duration (wait takes exactly one duration)\(hint)")
        // A lone CR in a file with LF line ends is text, and gets no hint.
        #expect(parseError("key t\nkey t\rq\n")?.message == "unknown key 't␍q' (expected one of: \(Self.keyNames))")
    }

    @Test func fileNamesInDescriptionsAreEscaped() {
        let error = ScriptError(file: "a\u{1B}]0;x\u{7}.txt", line: 1, column: 2, message: "unknown command 'x'")
        #expect(error.description == "a␛]0;x␇.txt:1:2: unknown command 'x'")
        #expect(ScriptError(file: "b\r.txt", line: 3, column: nil, message: "m").description == "b␍.txt:3: m")
    }

    @Test func errorDescriptionWithoutPosition() {
        let error = ScriptError(
            file: "a.txt", line: nil, column: nil, message: "cannot read script 'a.txt': no such file or directory")
        #expect(error.description == "cannot read script 'a.txt': no such file or directory")
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

@Suite struct ScriptMouseTests {
    @Test func mouseDragAndSettledParse() throws {
        let script = try Script.parse("mouse down 10 4\nmouse drag 10 5\nmouse up 11 6\ndrag 1 2 to 3 8 over 100ms\nwait settled\n", fileName: "m")
        #expect(script.commands == [
            .mouse(.press, column: 10, row: 4), .mouse(.drag, column: 10, row: 5), .mouse(.release, column: 11, row: 6),
            .drag(from: Point(x: 1, y: 2), to: Point(x: 3, y: 8), milliseconds: 100), .waitSettled,
        ])
    }

    @Test func aDragIsAPressEvenlySpacedMovesOneAFrameAndARelease() throws {
        let timeline = ScriptTimeline(script: try Script.parse("drag 0 0 to 0 12 over 100ms", fileName: "d"))
        let mouse = timeline.events.compactMap { event -> (Double, MouseEvent)? in
            if case .mouse(let m) = event.event { return (event.time, m) } else { return nil }
        }
        #expect(mouse.first?.1.kind == .press && mouse.first?.0 == 0)
        #expect(mouse.last?.1 == MouseEvent(.release, at: Point(x: 0, y: 12)))
        let moves = mouse.filter { $0.1.kind == .drag }
        #expect(moves.count == 6, "100 ms at 60 a second")
        #expect(moves.map(\.1.location.y) == [2, 4, 6, 8, 10, 12])
        #expect(abs(moves.last!.0 - 0.1) < 1e-9)
        #expect(timeline.duration == 0.1)
    }

    @Test(arguments: [
        ("mouse", "1:6: missing action after 'mouse' (expected down, drag or up, then a cell, like: mouse down 10 4)"),
        ("mouse click 1 2", "1:7: unknown mouse action 'click' (expected down, drag or up)"),
        ("mouse up 1", "1:10: missing cell (expected a column and a row, 0-based cells like 10 4)"),
        ("mouse up -1 2", "1:10: invalid cell '-1' (expected a column and a row, 0-based cells like 10 4, each below 1000)"),
        ("drag 1 2 3 4 over 1s", "1:10: invalid drag (expected: drag COL ROW to COL ROW over DURATION, like drag 10 20 to 10 23 over 300ms)"),
        ("drag 1 2 to 3 4 over fast", "1:22: invalid duration 'fast' (expected a number followed by ms or s, like 400ms or 1.5s)"),
    ])
    func mistakesSayWhere(text: String, message: String) {
        #expect((try? Script.parse(text, fileName: "s")) == nil)
        do { _ = try Script.parse(text, fileName: "s") } catch { #expect(error.description == "s:" + message) }
    }
}
