import CNcurses
import Curtain
@testable import CurtainTerminal
import Testing

/// Keys with modifiers, Alt, Ctrl and the terminal's own sequences.
@Suite struct InputDecoderKeyTests {
    @Test(arguments: [
        ("\u{1B}[1;2A", Key(.up, modifiers: .shift)), ("\u{1B}[1;3B", Key(.down, modifiers: .alt)),
        ("\u{1B}[1;5D", Key(.left, modifiers: .control)), ("\u{1B}[1;6C", Key(.right, modifiers: [.control, .shift])),
        ("\u{1B}[1;8A", Key(.up, modifiers: [.control, .alt, .shift])), ("\u{1B}[1;5H", Key(.home, modifiers: .control)),
        ("\u{1B}[1;2F", Key(.end, modifiers: .shift)), ("\u{1B}[3;2~", Key(.delete, modifiers: .shift)),
        ("\u{1B}[3;5~", Key(.delete, modifiers: .control)), ("\u{1B}[5;3~", Key(.pageUp, modifiers: .alt)),
        ("\u{1B}[2;2~", Key(.insert, modifiers: .shift)), ("\u{1B}[1;2P", Key(.function(1), modifiers: .shift)),
        ("\u{1B}[1;5R", Key(.function(3), modifiers: .control)), ("\u{1B}[15;5~", Key(.function(5), modifiers: .control)),
        ("\u{1B}[24;2~", Key(.function(12), modifiers: .shift)), ("\u{1B}O5P", Key(.function(1), modifiers: .control)),
        ("\u{1B}O1;2Q", Key(.function(2), modifiers: .shift)), ("\u{1B}[1;1A", .up),
    ])
    func modifiersFromXtermParameters(sequence: String, key: Key) {
        #expect(decoded(sequence) == keys(key))
    }

    @Test func functionKeysInBothForms() {
        let ss3 = ["P", "Q", "R", "S"].map { "\u{1B}O\($0)" }
        let tilde = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].map { "\u{1B}[\($0)~" }
        #expect(decoded(ss3.joined()) == (1...4).map { .event(.key(.function($0))) })
        #expect(decoded(tilde.joined()) == (1...12).map { .event(.key(.function($0))) })
    }

    @Test func homeAndEndVariants() {
        #expect(decoded("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~") == keys(.home, .home, .home, .home))
        #expect(decoded("\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~") == keys(.end, .end, .end, .end))
    }

    @Test func altWithCharactersAndKeys() {
        #expect(decoded("\u{1B}x\u{1B}X\u{1B}é\u{1B}漢") == keys(.alt("x"), .alt("X"), .alt("é"), .alt("漢")))
        #expect(decoded("\u{1B}\r") == keys(Key(.enter, modifiers: .alt)))
        #expect(decoded("\u{1B}\u{7F}") == keys(Key(.backspace, modifiers: .alt)))
        #expect(decoded("\u{1B}\u{01}") == keys(Key(.character("a"), modifiers: [.control, .alt])))
        // Esc then Ctrl-C is two keys, so Ctrl-C quits after an Esc GNU screen held back.
        #expect(decoded("\u{1B}\u{03}") == keys(.escape, .ctrl("c")))
        // Alt only within the wait: Esc, the wait, then x is two keys.
        var decoder = InputDecoder()
        var output = decoder.decode([0x1B])
        decoder.idle(into: &output)
        decoder.feed([0x78][...], into: &output)
        #expect(output == keys(.escape, .character("x")))
    }

    @Test func everyControlLetter() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for (offset, letter) in letters.enumerated() {
            let code = UInt8(offset + 1)
            let expected: Key = switch code {
            case 0x08: .backspace
            case 0x09: .tab
            case 0x0D: .enter
            default: .ctrl(letter)
            }
            #expect(decoded([code]) == keys(expected), "Ctrl-\(letter)")
        }
        #expect(Key.ctrl("c").name == "Ctrl-C")
    }

    @Test func modifiedCharactersFromTerminalsThatReportThem() {
        // xterm's modifyOtherKeys and the CSI u form.
        #expect(decoded("\u{1B}[27;5;13~") == keys(Key(.enter, modifiers: .control)))
        #expect(decoded("\u{1B}[97;5u") == keys(.ctrl("a")))
        #expect(decoded("\u{1B}[97;3u") == keys(.alt("a")))
        #expect(decoded("\u{1B}[97;2u") == keys(.character("A")))
        #expect(decoded("\u{1B}[9;2u") == keys(.backTab))
    }

    @Test func keypadAndRxvtKeys() {
        #expect(decoded("\u{1B}Op\u{1B}Oy\u{1B}Ok\u{1B}OM") == keys(.character("0"), .character("9"), .character("+"), .enter))
        #expect(decoded("\u{1B}[a\u{1B}Od\u{1B}[5^") == keys(
            Key(.up, modifiers: .shift), Key(.left, modifiers: .control), Key(.pageUp, modifiers: .control)))
    }

    /// The Linux console's F1–F5 (`ESC [ [ A`…) end the generic parser at the second `[`; the
    /// terminfo table reads on. vt52-style keys (`ESC A`) come from the table too.
    @Test func theTerminalsOwnSequencesFromItsTable() {
        let linux = KeySequenceTable([
            (Array("\u{1B}[[A".utf8), .function(1)), (Array("\u{1B}[[E".utf8), .function(5)),
            (Array("\u{1B}A".utf8), .up), (Array("\u{1B}[[1;2~".utf8), Key(.function(13))),
        ])
        #expect(decoded("\u{1B}[[A\u{1B}[[Ex", table: linux) == keys(.function(1), .function(5), .character("x")))
        #expect(decoded("\u{1B}A", table: linux) == keys(.up))
        // Not a listed key after all: the generic sequence ends where it ended, the rest is read
        // afresh.
        #expect(decoded("\u{1B}[[Zy", table: linux) == keys(.character("Z"), .character("y")))
        #expect(decoded("\u{1B}[[", idle: true, table: linux) == [])
        // Generic sequences still work beside the table.
        #expect(decoded("\u{1B}[1;5A\u{1B}[[1;2~", table: linux) == keys(Key(.up, modifiers: .control), .function(13)))
    }
}

extension NcursesTests {
    /// The key strings of real terminfo entries, as the session loads them after `newterm`.
    @Suite struct TerminfoKeys {
        func table(for term: String) throws -> KeySequenceTable {
            var status: Int32 = 0
            try #require(term.withCString { setupterm($0, -1, &status) } == OK)
            defer { del_curterm(curtain_cur_term()) }
            return KeySequenceTable.fromTerminfo()
        }

        @Test func xtermKeys() throws {
            let xterm = try table(for: "xterm-256color")
            let expected: [(String, Key)] = [
                ("OA", .up), ("OB", .down), ("OD", .left), ("OC", .right), ("[Z", .backTab), ("[3~", .delete),
                ("OH", .home), ("OF", .end), ("[5~", .pageUp), ("[6~", .pageDown), ("[2~", .insert),
                ("[15~", .function(5)), ("OP", .function(1)), ("[3;2~", Key(.delete, modifiers: .shift)),
                ("[1;5A", Key(.up, modifiers: .control)),
            ]
            for (sequence, key) in expected {
                #expect(xterm.key(for: Array(sequence.utf8)) == key, "ESC \(sequence)")
            }
        }

        @Test func linuxConsoleKeys() throws {
            let linux = try table(for: "linux")
            #expect(decoded("\u{1B}[[A\u{1B}[[E\u{1B}[1~\u{1B}[A", table: linux) == keys(.function(1), .function(5), .home, .up))
        }
    }
}
