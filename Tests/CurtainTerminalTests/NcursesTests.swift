import CNcurses
import CNcursesWide
@testable import CurtainTerminal
import CurtainPlatform
import Testing

/// Every test that touches ncurses lives under this suite: ncurses is one process-wide state, so
/// these run one at a time (nested suites in other files extend it).
@Suite(.serialized) struct NcursesTests {}

/// A temporary file for ncurses to write to, and /dev/null to read from.
///
/// A locale other than C.UTF-8 is this thread's only (`uselocale`): the C library and ncurses
/// read the thread's locale, and tests on other threads at the same time (DisplayClusterTests
/// compares widths with glibc's `wcwidth`) must never see `LANG=C` in the middle of theirs.
final class ScratchTerminal {
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>
    /// The thread's own locale and the one it replaced, when one was set.
    private var threadLocale: (own: locale_t, replaced: locale_t?)?

    init(term: String = "xterm-256color", locale: String = "C.UTF-8") {
        setenv("TERM", term, 1)
        unsetenv("LINES")
        unsetenv("COLUMNS")
        if locale == "C.UTF-8" {
            setlocale(LC_ALL, locale)
        } else if let own = newlocale(LC_CTYPE_MASK, locale, nil) {
            threadLocale = (own, uselocale(own))
        } else {
            Issue.record("locale \(locale) is not installed")
        }
        output = tmpfile()!
        input = fopen("/dev/null", "r")!
    }

    /// Bytes written to the output file so far.
    var bytesWritten: Int {
        fflush(output)
        var info = stat()
        fstat(fileno(output), &info)
        return Int(info.st_size)
    }

    /// The output so far.
    var written: [UInt8] {
        fflush(output)
        let fd = fileno(output)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let n = pread(fd, &buffer, buffer.count, offset)
            if n <= 0 { break }
            bytes += buffer[0..<n]
            offset += off_t(n)
        }
        return bytes
    }

    deinit {
        fclose(output)
        fclose(input)
        if let threadLocale {
            uselocale(threadLocale.replaced)
            freelocale(threadLocale.own)
        }
        setlocale(LC_ALL, "C.UTF-8")
    }
}

/// The characters of the cell at (x, y) of `window`, and its attributes and pair, read back from
/// ncurses (CNcursesWide's `curtain_read_cell`: win_wch + getcchar).
func cellContents(_ window: OpaquePointer, x: Int, y: Int) -> (text: [UInt32], attributes: attr_t, pair: Int32) {
    var chars = [wchar_t](repeating: 0, count: Int(CURTAIN_CELL_CHARACTERS) + 1)
    var attributes: UInt = 0
    var pair: Int32 = 0
    curtain_read_cell(window, Int32(y), Int32(x), &chars, &attributes, &pair)
    let text = chars.prefix { $0 != 0 }.map { UInt32(bitPattern: $0) }
    return (text, attr_t(truncatingIfNeeded: attributes), pair)
}

extension NcursesTests {
    @Suite struct WideCharacterAPI {
        /// Wide characters go into ncurses' cells and come back whole, through the wide half of
        /// the shim (the same calls ScreenWriter makes).
        @Test func wideCharactersRoundTripThroughTheCells() throws {
            let files = ScratchTerminal()
            let screen = try #require(curtain_newterm(nil, files.output, files.input))
            defer { delscreen(screen) }
            let window = try #require(curtain_stdscr())
            let text = "漢字😀"
            let cells = NcursesCells()
            for scalar in text.unicodeScalars {
                let chars: [wchar_t] = [wchar_t(bitPattern: scalar.value), 0]
                #expect(cells.append(characters: chars, attributes: 0, pair: 0))
            }
            #expect(curtain_wmove(window, 1, 2) == curtain_OK())
            cells.add(to: window)
            // Each character takes two cells: 漢 at 2, 字 at 4, 😀 at 6.
            let read = stride(from: 2, to: 8, by: 2).flatMap { cellContents(window, x: $0, y: 1).text }
            #expect(read == text.unicodeScalars.map(\.value))
            // The right half of 漢 is ncurses' own continuation, not a blank.
            #expect(cellContents(window, x: 3, y: 1).text != [0x20])
            // endwin reports ERR on a file (it cannot restore tty modes there) but leaves curses mode.
            #expect(doupdate() == curtain_OK())
            endwin()
            #expect(isendwin())
        }
    }
}

extension NcursesTests {
    /// What the version switch gives the rest of the backend, in the build this test runs in:
    /// ncurses 6.1 and later (Debian's 6.4) have extended pairs and direct colour; 6.0 — macOS's,
    /// or the 6.0 mode forced on a newer header (`scripts/ncurses60-check.sh`) — has neither, and at
    /// most 256 pairs whatever terminfo says, and a pair above 255 is refused, never truncated.
    @Suite struct VersionSwitch {
        @Test func pairsAndDirectColourAreWhatThisNcursesHas() throws {
            let files = ScratchTerminal(term: "xterm-256color")
            let screen = try #require(curtain_newterm(nil, files.output, files.input))
            defer { delscreen(screen) }
            #expect(start_color() == curtain_OK())
            let pairs = curtain_COLOR_PAIRS()
            if curtain_ncurses_is_6_0_build() {
                #expect(pairs == 256)
                #expect(!curtain_ncurses_has_direct_color())
                #expect(curtain_init_pair(255, 1, 2) == curtain_OK())
                #expect(curtain_init_pair(40_000, 1, 2) == curtain_ERR())
                var foreground: Int32 = 0, background: Int32 = 0
                #expect(curtain_pair_content(255, &foreground, &background) == curtain_OK())
                #expect((foreground, background) == (1, 2))
            } else {
                #expect(pairs > 256)
                #expect(curtain_ncurses_has_direct_color())
                #expect(curtain_init_pair(40_000, 1, 2) == curtain_OK())
            }
            endwin()
        }
    }
}
