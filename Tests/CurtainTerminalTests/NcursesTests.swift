import CNcurses
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

/// The characters of the cell at (x, y) of `window`, and its attributes and pair.
func cellContents(_ window: OpaquePointer, x: Int, y: Int) -> (text: [UInt32], attributes: attr_t, pair: Int32) {
    var cell = cchar_t()
    curtain_wmove(window, Int32(y), Int32(x))
    curtain_win_wch(window, &cell)
    var chars = [wchar_t](repeating: 0, count: 8)
    var attributes: attr_t = 0
    var shortPair: Int16 = 0
    var pair: Int32 = 0
    getcchar(&cell, &chars, &attributes, &shortPair, &pair)
    let text = chars.prefix { $0 != 0 }.map { UInt32(bitPattern: $0) }
    return (text, attributes, pair)
}

extension NcursesTests {
    @Suite struct WideCharacterAPI {
        @Test func padRoundTripsWideCharactersThroughTheWideAPI() throws {
            let files = ScratchTerminal()
            let screen = try #require(newterm(nil, files.output, files.input))
            defer { delscreen(screen) }
            let pad = try #require(newpad(4, 20))
            defer { delwin(pad) }
            let text = "漢字😀"
            let wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
            #expect(mvwaddwstr(pad, 1, 2, wide) == OK)
            // Each character takes two cells: 漢 at 2, 字 at 4, 😀 at 6.
            var read: [UInt32] = []
            for column in stride(from: 2, to: 8, by: 2) {
                var cell = cchar_t()
                #expect(mvwin_wch(pad, 1, Int32(column), &cell) == OK)
                read.append(UInt32(bitPattern: cell.chars.0))
            }
            #expect(read == text.unicodeScalars.map(\.value))
            // The same through the string reader: continuation cells are skipped by ncurses.
            var cells = [cchar_t](repeating: cchar_t(), count: 7)
            #expect(mvwin_wchnstr(pad, 1, 2, &cells, 6) == OK)
            #expect(UInt32(bitPattern: cells[0].chars.0) == 0x6F22)
            // endwin reports ERR on a file (it cannot restore tty modes there) but leaves curses mode.
            #expect(doupdate() == OK)
            endwin()
            #expect(isendwin())
        }
    }
}
