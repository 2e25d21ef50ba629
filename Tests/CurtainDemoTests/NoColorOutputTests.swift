import Foundation
import Testing

// NO_COLOR (https://no-color.org) reaches what the demo writes besides the terminal: a
// recording and `--output ansi` show what a terminal with NO_COLOR showed, no colours and the
// dim as the faint attribute.

/// One printed character of ANSI text and the rendition it was printed with.
struct RenderedCharacter {
    var character: Character
    var faint: Bool
    var colored: Bool
}

/// Reads `text` (printable characters and SGR sequences, as `--output ansi` writes) into rows of
/// characters with their rendition. Other escape sequences are skipped; each line starts from
/// the rendition the previous one ended with.
func renderedRows(_ text: String) -> [[RenderedCharacter]] {
    var rows: [[RenderedCharacter]] = [[]]
    var faint = false, foreground = false, background = false
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        if scalar == "\n" { rows.append([]); continue }
        guard scalar == "\u{1B}" else {
            rows[rows.count - 1].append(RenderedCharacter(character: Character(scalar), faint: faint,
                                                          colored: foreground || background))
            continue
        }
        guard scalars.next() == "[" else { continue }
        var parameters = ""
        var final: Unicode.Scalar = "m"
        while let next = scalars.next() {
            if (0x40...0x7E).contains(next.value) { final = next; break }
            parameters.unicodeScalars.append(next)
        }
        guard final == "m" else { continue }
        var values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        while let value = values.popFirst() {
            switch value {
            case 0: faint = false; foreground = false; background = false
            case 2: faint = true
            case 22: faint = false
            case 38, 48:
                let isForeground = value == 38
                let kind = values.popFirst()
                values = values.dropFirst(kind == 2 ? 3 : 1)
                if isForeground { foreground = true } else { background = true }
            case 30...37, 90...97: foreground = true
            case 39: foreground = false
            case 40...47, 100...107: background = true
            case 49: background = false
            default: break
            }
        }
    }
    if rows.last?.isEmpty == true { rows.removeLast() }
    return rows
}

/// Whether `text` holds an SGR colour sequence of the 256-colour or direct kind, or a basic one.
func containsColorSequence(_ text: String) -> Bool {
    renderedRows(text).joined().contains { $0.colored }
}

@Suite("NO_COLOR in output and recordings")
struct NoColorOutputTests {
    /// A toast over the Colours pane: the pane is dimmed, the Unicode pane beside it is not.
    static let toastScript = "key t\ntype hello\nwait 2s\n"

    @Test("--output ansi with NO_COLOR: no colours, the dimmed pane faint, the others not")
    func ansiOutputHonoursNoColor() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try scratch.write("toast.txt", Array(Self.toastScript.utf8))
        let arguments = ["--headless", "--script", "toast.txt", "--output", "ansi"]
        let plain = try DemoCLI.run(arguments, in: scratch, environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        #expect(!containsColorSequence(plain.text))
        #expect(!plain.text.contains("38;5") && !plain.text.contains("48;5"))
        let rows = renderedRows(plain.text)
        #expect(rows.count == 24)
        // Row 3 runs through the dimmed Colours pane (columns 0–39) and the Unicode pane.
        #expect(rows[3][0].character == "│")
        #expect(rows[3][0].faint, "the dimmed pane's border is faint")
        #expect(rows[3][40].character == "│")
        #expect(!rows[3][40].faint, "the pane beside it is not dimmed")

        // Without NO_COLOR (or with it empty, which no-color.org says to ignore) the dim is a
        // colour, not faint.
        let colored = try DemoCLI.run(arguments, in: scratch)
        let empty = try DemoCLI.run(arguments, in: scratch, environment: ["NO_COLOR": ""])
        #expect(colored.stdout == empty.stdout)
        #expect(colored.text.contains("38;5"))
        let coloredRows = renderedRows(colored.text)
        #expect(coloredRows[3][0].colored && !coloredRows[3][0].faint)
    }

    @Test("a headless recording with NO_COLOR has no colours and shows the dim as faint")
    func recordingHonoursNoColor() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try scratch.write("toast.txt", Array(Self.toastScript.utf8))
        let run = try DemoCLI.run(["--headless", "--script", "toast.txt", "--record", "plain.cast"], in: scratch,
                                  environment: ["NO_COLOR": "1"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let cast = try CastFile(String(decoding: try scratch.read("plain.cast"), as: UTF8.self))
        #expect(!containsColorSequence(cast.output))
        #expect(!cast.output.contains("38;5") && !cast.output.contains("48;5"))
        #expect(renderedRows(cast.output).joined().contains { $0.faint }, "the dimmed pane is faint")

        let colored = try DemoCLI.run(["--headless", "--script", "toast.txt", "--record", "a.cast"], in: scratch)
        let empty = try DemoCLI.run(["--headless", "--script", "toast.txt", "--record", "b.cast"], in: scratch,
                                    environment: ["NO_COLOR": ""])
        #expect(colored.status == 0 && empty.status == 0)
        #expect(try scratch.read("a.cast") == scratch.read("b.cast"))
        #expect(containsColorSequence(try CastFile(String(decoding: try scratch.read("a.cast"), as: UTF8.self)).output))
    }
}
