import Curtain
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainPlatform

// The large-paste figures (docs/PERFORMANCE.md), measured on the demo's editable toast: DemoApp on a
// ManualClock at 164×48, so the pane toast's box is 76 columns (its editor 74), driven as the
// run loop drives it — an event, then frames at 60 Hz until nothing moves. No terminal: what
// is measured is the model, layout and composition, not reading the paste from a terminal.
//
//   curtain-bench --editor [--quick]           the table below
//   curtain-bench --paste MB [--kind KIND] [--type N [--middle]]
//                                              one paste (then N keys), for /usr/bin/time -v
//                                              (peak RSS) or callgrind (instructions a key)

/// Texts to paste, `bytes` long.
enum PasteKind: String, CaseIterable {
    /// The bench's mixed lines (ASCII, CJK, emoji, accents), 5–150 bytes each.
    case mixed
    /// English prose in paragraphs of about 400 bytes: most lines wrap.
    case prose
    /// One line, no line break.
    case line
    /// One line and no space either (base64, say): rows are broken between letters.
    case word
    /// Nothing but line breaks.
    case newlines

    func text(bytes: Int) -> String {
        var text = ""
        text.reserveCapacity(bytes + 200)
        switch self {
        case .mixed:
            var i = 0
            let lines = sampleLines(1_000)
            while text.utf8.count < bytes {
                text += lines[i % lines.count] + "\n"
                i += 1
            }
        case .prose:
            let sentence = "The quick brown fox jumps over the lazy dog while the curtain rises slowly. "
            while text.utf8.count < bytes {
                for _ in 0..<5 { text += sentence }
                text += "\n"
            }
        case .line:
            let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit"]
            var i = 0
            while text.utf8.count < bytes {
                text += words[i % words.count] + " "
                i += 1
            }
        case .word:
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
            for i in 0..<bytes { text.append(letters[(i &* 7919) % letters.count]) }
        case .newlines:
            text = String(repeating: "\n", count: bytes)
        }
        return text
    }
}

/// The demo with its pane toast up and focused.
@MainActor
final class EditorRig {
    let clock = ManualClock()
    let demo: DemoApp
    /// CPU nanoseconds of each frame rendered, and the frames that produced nothing.
    var frameTimes: [UInt64] = []

    init(size: Size = Size(width: 164, height: 48)) {
        demo = DemoApp(clock: clock)
        demo.scene.size = size
        _ = demo.scene.renderFrame()
        send(.key(.character("t")))
        settle()
        editor = demo.scene.focusedView as? TextEditor
        frameTimes = []
    }

    /// The toast's editor (not kept alive by the rig: the memory figures see it go).
    private(set) weak var editor: TextEditor!

    /// Hands the event to the scene; returns its CPU nanoseconds.
    @discardableResult
    func send(_ event: Event) -> UInt64 {
        var sample: UInt64 = 0
        measure(&sample) { _ = demo.scene.handle(event) }
        return sample
    }

    /// One frame 1/60 s later; returns its CPU nanoseconds.
    @discardableResult
    func frame() -> UInt64 {
        clock.advance(by: FramePacing.interval)
        var sample: UInt64 = 0
        measure(&sample) { _ = demo.scene.renderFrame() }
        frameTimes.append(sample)
        return sample
    }

    /// Frames until nothing moves (the spring at rest, the count above exact); returns how many.
    @discardableResult
    func settle(limit: Int = 100_000) -> Int {
        var frames = 0
        while demo.scene.isAnimating, frames < limit {
            frame()
            frames += 1
        }
        return frames
    }

    /// What the toast's top border says.
    var heading: String {
        let box = demo.scene.presentations.first?.displayedFrame ?? .zero
        return (box.minX..<box.maxX).map { demo.scene.screen[$0, box.minY].grapheme.text }.joined()
            .trimmingCharacters(in: Set("─┌┐ "))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop(while: set.contains).reversed().drop(while: set.contains).reversed())
    }
}

/// Resident memory of this process in bytes: the second field of /proc/self/statm, in pages.
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = fread(&buffer, 1, buffer.count, file)
    let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

struct EditorResult {
    var name: String
    var value: String
    var note: String = ""
}

func milliseconds(_ nanoseconds: UInt64) -> String { fixed(Double(nanoseconds) / 1e6, 2) }
func milliseconds(_ nanoseconds: Double) -> String { fixed(nanoseconds / 1e6, 2) }

/// Pastes `bytes` of `kind` into the toast; returns the figures of that paste.
@MainActor
func measurePaste(_ rig: EditorRig, kind: PasteKind, bytes: Int) -> [EditorResult] {
    let text = kind.text(bytes: bytes)
    let label = "\(kind.rawValue) \(bytes / 1_000_000) MB"
    // Until settled: the count above is exact and the toast has grown to its height.
    let edit = rig.send(.paste(text))
    let first = rig.frame()
    let before = rig.frameTimes.count
    let frames = rig.settle()
    let later = rig.frameTimes[before...]
    let total = edit + first + later.reduce(0, +)
    return [
        EditorResult(name: "paste \(label): the edit", value: milliseconds(edit) + " ms"),
        EditorResult(name: "paste \(label): first frame", value: milliseconds(first) + " ms",
                     note: "edit + first frame \(milliseconds(edit + first)) ms"),
        EditorResult(name: "paste \(label): until settled", value: milliseconds(total) + " ms",
                     note: "\(frames + 1) frames, slowest \(milliseconds(later.max() ?? first)) ms; \(rig.heading)"),
    ]
}

/// Moves the vertical split `moves` times (Left, Right, …) with the toast holding `text`,
/// 15 frames apart (250 ms, the tour's pace); every frame's CPU time counts.
@MainActor
func measureSplitMoves(_ rig: EditorRig, moves: Int, label: String) -> [EditorResult] {
    rig.send(.key(.tab))   // a pane has the focus: the arrows move the splits
    rig.settle()
    rig.frameTimes = []
    var pressFrames: [UInt64] = []
    for move in 0..<moves {
        let press = rig.send(.key(move % 2 == 0 ? .left : .right))
        pressFrames.append(press + rig.frame())
        for _ in 0..<14 { rig.frame() }
    }
    let all = Percentiles(rig.frameTimes)
    let first = Percentiles(pressFrames)
    let frames = rig.frameTimes.count
    let slowest = rig.frameTimes.max() ?? 0
    let untilExact = rig.settle()   // after the last move, until the count is exact again
    let heading = rig.heading
    rig.send(.key(.backTab))   // back to the toast's pane, and t gives the toast the focus again
    rig.send(.key(.character("t")))
    rig.settle()
    return [
        EditorResult(name: "split move, \(label) 10 MB: key + next frame", value: "\(milliseconds(first.median)) ms median",
                     note: "max \(milliseconds(Double(pressFrames.max() ?? 0))) ms over \(moves) moves"),
        EditorResult(name: "split move, \(label) 10 MB: every frame", value: "\(milliseconds(all.median)) ms median",
                     note: "max \(milliseconds(Double(slowest))) ms over \(frames) frames; exact \(untilExact) frames after the last: \(heading)"),
    ]
}

/// Types `count` characters at the caret, a frame after each; median and p99 per keystroke.
@MainActor
func measureTyping(_ rig: EditorRig, count: Int, label: String) -> EditorResult {
    var samples: [UInt64] = []
    for i in 0..<count {
        let key = rig.send(.key(.character(i % 6 == 5 ? " " : "x")))
        samples.append(key + rig.frame())
    }
    let p = Percentiles(samples)
    return EditorResult(name: "keystroke \(label)", value: "\(micros(p.median)) µs median",
                        note: "p99 \(micros(p.p99)) µs, \(count) keys, each with its frame")
}

@MainActor
func measureEditor(quick: Bool) -> [EditorResult] {
    var results: [EditorResult] = []
    let cases: [(PasteKind, Int)] = [(.mixed, 1), (.prose, 1), (.line, 1), (.word, 1), (.mixed, 10), (.prose, 10), (.newlines, 10), (.line, 10)]
    for (kind, megabytes) in cases {
        let rig = EditorRig()
        results += measurePaste(rig, kind: kind, bytes: megabytes * 1_000_000)
        if megabytes == 10 {
            results += measureSplitMoves(rig, moves: quick ? 4 : 20, label: kind.rawValue)
        }
        if megabytes == 1, kind == .line || kind == .word {
            let what = kind == .line ? "a 1 MB line" : "a 1 MB word"
            results.append(measureTyping(rig, count: quick ? 20 : 300, label: "at the end of \(what)"))
            rig.editor.text.caret = TextPosition(line: 0, offset: rig.editor.text.utf8Count / 2)
            rig.settle()
            results.append(measureTyping(rig, count: quick ? 20 : 300, label: "in the middle of \(what)"))
        }
        if kind == .mixed, megabytes == 10 {
            results.append(measureTyping(rig, count: quick ? 20 : 300, label: "at the end of 10 MB"))
        }
    }
    let small = EditorRig()
    small.send(.paste("hello"))
    small.settle()
    results.append(measureTyping(small, count: quick ? 20 : 300, label: "in a toast of one short line"))
    return results
}

/// One paste of `megabytes` for a peak-memory measurement (then `keys` keystrokes); prints the
/// resident memory before, after, once Esc dismissed the toast, and once the app is gone.
@MainActor
func runSinglePaste(megabytes: Double, kind: PasteKind, keys: Int, inTheMiddle: Bool) {
    let baseline = residentBytes()
    var rig: EditorRig? = EditorRig()
    let start = residentBytes()
    let results = measurePaste(rig!, kind: kind, bytes: Int(megabytes * 1_000_000))
    let afterPaste = residentBytes()
    if inTheMiddle {
        rig!.editor.text.caret = TextPosition(line: rig!.editor.text.lineCount / 2, offset: rig!.editor.text.utf8Count / 2)
        rig!.settle()
    }
    let typing = keys > 0 ? [measureTyping(rig!, count: keys, label: inTheMiddle ? "in the middle" : "at the end")] : []
    rig!.send(.key(.escape))
    rig!.settle()
    let afterEscape = residentBytes()
    rig = nil
    let afterDrop = residentBytes()
    for result in results + typing { print("\(result.name): \(result.value)  \(result.note)") }
    print("resident memory: \(fixed(Double(baseline) / 1_048_576)) MiB at start, \(fixed(Double(start) / 1_048_576)) MiB with the toast up, "
        + "\(fixed(Double(afterPaste) / 1_048_576)) MiB after the paste, \(fixed(Double(afterEscape) / 1_048_576)) MiB once Esc dismissed the toast, "
        + "\(fixed(Double(afterDrop) / 1_048_576)) MiB without the app")
}
