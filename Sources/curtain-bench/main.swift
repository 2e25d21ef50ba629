import Curtain
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainPlatform

// curtain-bench: Curtain's benchmark (its figures: docs/PERFORMANCE.md). Runs the demo headless through the real pipeline
// (DemoApp → scene → composition → diff → ncurses into a file) and reports frames, bytes
// against a plain run encoding of the same changes, and thread CPU time per frame; then text
// layout costs.
//
//   swift run -c release curtain-bench [--json] [--quick] [--only PREFIX] [--size WxH]
//   swift run -c release curtain-bench --text [--json] [--quick]
//   swift run -c release curtain-bench --editor [--quick]
//   swift run -c release curtain-bench --paste MB [--kind mixed|prose|line|word|newlines] [--type N [--middle]]
//   swift run -c release curtain-bench --removal [--quick]
//   swift run -c release curtain-bench --posting

let usage = """
    usage: curtain-bench [--json] [--quick] [--only PREFIX] [--size WxH]
           curtain-bench --text [--json] [--quick]
           curtain-bench --editor [--quick]
           curtain-bench --paste MB [--kind mixed|prose|line|word|newlines] [--type N [--middle]]
           curtain-bench --removal [--quick]
           curtain-bench --posting
      --json         machine-readable output
      --quick        fewer repetitions (for valgrind)
      --only PREFIX  only the scenarios whose name starts with PREFIX (e.g. "split"), no text layout
      --size WxH     only this size (80x24, 120x40 or any other)
      --text         only text layout (fitting height, appending a line), no scenarios: for
                     callgrind, e.g. --toggle-collect='*appendLine*'
      --editor       large texts in the demo's editable toast: pastes of 1 and 10 MB, split moves
                     and keystrokes with them (docs/TEXT.md)
      --paste MB     one paste of MB megabytes into the toast, then Esc: run it under
                     /usr/bin/time -v for the peak memory; prints the resident memory on the way
      --kind KIND    what --paste pastes (default mixed)
      --type N       after --paste, type N characters at the end, a frame after each
      --middle       type them in the middle of the text (of the middle line) instead
      --removal      removing 1 000 and 10 000 subviews one by one (front first, back first,
                     random; --quick: front first only): ms in all, ns each, and the ratio
      --posting      1 000 000 posts from 8 threads to an app's poster: posts/s, peak memory,
                     whether each thread's order held
    """
let arguments = Array(CommandLine.arguments.dropFirst())
let wantsJSON = arguments.contains("--json")
let quick = arguments.contains("--quick")
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
func value(after option: String) -> String? {
    guard let index = arguments.firstIndex(of: option) else { return nil }
    guard index + 1 < arguments.count else {
        var errors = StandardError()
        print("curtain-bench: \(option) needs a value\n\(usage)", to: &errors)
        exit(2)
    }
    return arguments[index + 1]
}
if arguments.contains("--editor") {
    let results = measureEditor(quick: quick)
    print("Large texts in the demo's pane toast (box 76 columns, editor 74; thread CPU time)")
    printTable(["measurement", "result", "note"], results.map { [$0.name, $0.value, $0.note] })
    exit(0)
}
if arguments.contains("--removal") {
    printRemoval(measureRemoval(quick: quick))
    exit(0)
}
if arguments.contains("--posting") {
    printPosting(await measurePosting())
    exit(0)
}
if let megabytes = value(after: "--paste") {
    guard let amount = Double(megabytes), amount > 0, amount <= 1000 else {
        var errors = StandardError()
        print("curtain-bench: --paste \(megabytes): expected megabytes from 0 to 1000, e.g. 10", to: &errors)
        exit(2)
    }
    let kindName = value(after: "--kind") ?? "mixed"
    guard let kind = PasteKind(rawValue: kindName) else {
        var errors = StandardError()
        print("curtain-bench: --kind \(kindName): expected mixed, prose, line, word or newlines", to: &errors)
        exit(2)
    }
    let keys = Int(value(after: "--type") ?? "0") ?? -1
    guard keys >= 0 else {
        var errors = StandardError()
        print("curtain-bench: --type: expected a number of keys, e.g. 200", to: &errors)
        exit(2)
    }
    runSinglePaste(megabytes: amount, kind: kind, keys: keys, inTheMiddle: arguments.contains("--middle"))
    exit(0)
}
let onlyPrefix = value(after: "--only")
let onlyText = arguments.contains("--text")
var sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 300, height: 100)]
if let text = value(after: "--size") {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] >= 40, parts[1] >= 16, parts[0] <= 1000, parts[1] <= 1000 else {
        var errors = StandardError()
        print("curtain-bench: --size \(text): expected COLSxROWS from 40x16 to 1000x1000, e.g. 120x40", to: &errors)
        exit(2)
    }
    sizes = [Size(width: parts[0], height: parts[1])]
}
let minimumSamples = quick ? 20 : 1000

/// The knobs applied to ncurses' terminfo entry (the same for every size).
nonisolated(unsafe) var tuning: [String] = []

@MainActor
func runScenarios() async throws -> [ScenarioResult] {
    var results: [ScenarioResult] = []
    for size in sizes {
        let sink = try TerminalSink(size: size)
        defer { sink.close() }
        tuning = sink.session._ncursesTuning
        var runner = ScenarioRunner(sink: sink, size: size, minimumSamples: minimumSamples)
        for scenario in Scenario.all(for: size) where onlyPrefix.map({ scenario.name.hasPrefix($0) }) ?? true {
            results.append(await runner.run(scenario))
        }
    }
    return results
}

let scenarios: [ScenarioResult]
do {
    scenarios = onlyText ? [] : try await runScenarios()
} catch {
    var errors = StandardError()
    print("curtain-bench: \(error)", to: &errors)
    exit(1)
}
let textWidth = 40
let texts = onlyPrefix != nil ? [] :
    measureTextLayout(width: textWidth, quick: quick) + measureAppend(width: textWidth, appends: quick ? 20 : 1000)

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        _ = bytes.withUnsafeMutableBytes { CurtainPlatform.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

if wantsJSON {
    var items: [String] = []
    for r in scenarios {
        let timing = [("scene", r.scene), ("composeDiff", r.composeDiff), ("write", r.write), ("total", r.total), ("renderCall", r.renderCalls)]
            .map { name, samples in
                let p = Percentiles(samples)
                return "\(jsonString(name)):{\"medianNs\":\(jsonNumber(p.median)),\"p99Ns\":\(jsonNumber(p.p99)),\"samples\":\(p.count)}"
            }.joined(separator: ",")
        items.append("{\"scenario\":\(jsonString(r.name)),\"width\":\(r.size.width),\"height\":\(r.size.height),"
            + "\"repetitions\":\(r.repetitions),\"frames\":\(r.frames),\"emptyFrames\":\(r.emptyFrames),"
            + "\"bytes\":\(r.bytes),\"bytesPerFrame\":\(jsonNumber(r.bytesPerFrame)),\"plainRunBytes\":\(r.plainRunBytes),"
            + "\"ratio\":\(jsonNumber(r.ratio)),\"dimSteps\":\(r.dimSteps),\"elapsedTicked\":\(r.elapsedTicked),"
            + "\"cpu\":{\(timing)}}")
    }
    let textItems = texts.map { t in
        let p = Percentiles(t.samples)
        return "{\"name\":\(jsonString(t.name)),\"lines\":\(t.lines),\"width\":\(textWidth),\"rows\":\(t.rows),"
            + "\"medianNs\":\(jsonNumber(p.median)),\"p99Ns\":\(jsonNumber(p.p99)),\"samples\":\(p.count)}"
    }
    let knobs = tuning.map(jsonString).joined(separator: ",")
    print("{\"ncursesTuning\":[\(knobs)],\"scenarios\":[\n" + items.joined(separator: ",\n") + "\n],\"text\":[\n" + textItems.joined(separator: ",\n") + "\n]}")
} else if !onlyText {
    print("Scenarios (bytes from the first repetition; CPU µs per produced frame, thread CPU time, median/p99)")
    var rows: [[String]] = []
    for r in scenarios {
        let scene = Percentiles(r.scene), compose = Percentiles(r.composeDiff), write = Percentiles(r.write)
        let total = Percentiles(r.total), calls = Percentiles(r.renderCalls)
        let isIdle = r.frames == 0
        rows.append([
            r.name + (r.elapsedTicked ? " (*)" : ""), "\(r.size.width)x\(r.size.height)",
            "\(r.frames)", "\(r.emptyFrames)", "\(r.bytes)", fixed(r.bytesPerFrame),
            "\(r.plainRunBytes)", r.plainRunBytes == 0 && r.bytes == 0 ? "-" : fixed(r.ratio, 2),
            r.dimSteps == 0 ? "-" : "\(r.dimSteps)",
            isIdle ? "-" : "\(micros(scene.median))/\(micros(scene.p99))",
            isIdle ? "-" : "\(micros(compose.median))/\(micros(compose.p99))",
            isIdle ? "-" : "\(micros(write.median))/\(micros(write.p99))",
            isIdle ? "render \(micros(calls.median))/\(micros(calls.p99))" : "\(micros(total.median))/\(micros(total.p99))",
            "\(max(total.count, calls.count))",
        ])
    }
    printTable(["scenario", "size", "frames", "empty", "bytes", "B/frame", "plain", "ratio", "dim",
                "scene µs", "compose+diff µs", "write µs", "total µs", "samples"], rows)
    print("plain: bytes of a plain run encoding of the same changes (a cursor address per run, one combined SGR")
    print("per style change, every cell); ratio = bytes / plain. Not a lower bound: erasing blanks goes below it.")
    if !tuning.isEmpty { print("ncurses tuning (CURTAIN_NCURSES_TUNING): \(tuning.joined(separator: ", "))") }
    if scenarios.contains(where: \.elapsedTicked) { print("(*) the elapsed-time pane ticked inside the measured part") }
}
if !wantsJSON, !texts.isEmpty {
    if !onlyText { print("") }
    print("Text layout (width \(textWidth), thread CPU µs, median/p99)")
    printTable(["measurement", "lines", "rows", "median µs", "p99 µs", "samples"], texts.map { t in
        let p = Percentiles(t.samples)
        return [t.name, "\(t.lines)", "\(t.rows)", micros(p.median), micros(p.p99), "\(p.count)"]
    })
}
