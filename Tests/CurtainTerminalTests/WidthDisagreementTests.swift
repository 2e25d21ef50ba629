import CNcurses
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// Every scalar whose width Curtain's table and glibc's `wcwidth` (which ncurses counts
    /// with) disagree on — alone, after a base it joins (a mark, a voiced sound mark such as
    /// U+FF9E, a spacing mark such as U+0903), or before one (a prepended mark) — drawn through
    /// a real session and read back from ncurses' screen: it is visible (itself, or a stand-in
    /// such as U+FFFD) and what follows it stays in its column.
    @MainActor @Suite struct WidthDisagreements {
        /// Stand-ins Curtain draws in place of what cannot be shown.
        static func isStandIn(_ scalar: UInt32) -> Bool {
            scalar == 0xFFFD || scalar == 0x2691 || (0x2400...0x2424).contains(scalar)
        }

        /// The strings to draw: one per disagreement, in the context where it shows.
        static func cases() -> [(scalar: UInt32, text: String)] {
            var cases: [(UInt32, String)] = []
            for value: UInt32 in 0...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let glibc = Int(curtain_wcwidth(wchar_t(bitPattern: value)))
                let alone = DisplayCluster(Character(scalar))
                // Both say nothing is drawn (format characters unknown to glibc): agreement.
                if alone.width != glibc, !(alone.width == 0 && glibc <= 0) {
                    cases.append((value, String(scalar)))
                }
                guard glibc != 0 else { continue } // a mark both count as zero
                var after = "a"
                after.unicodeScalars.append(scalar)
                if after.count == 1 { cases.append((value, after)) }
                var before = String(scalar)
                before += "a"
                if before.count == 1 { cases.append((value, before)) }
            }
            return cases
        }

        @Test func everyDisagreementIsVisibleAndKeepsTheColumns() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            let window = try #require(curtain_stdscr())
            let cases = Self.cases()
            #expect(cases.count > 4000)
            #expect(cases.contains { $0.text == "a\u{FF9E}" } && cases.contains { $0.text == "a\u{903}" })
            let size = Size(width: 80, height: 24)
            let slot = 8, perRow = size.width / slot
            var failures: [String] = []
            var start = 0
            while start < cases.count {
                let batch = cases[start..<min(cases.count, start + perRow * size.height)]
                start += batch.count
                var frame = CellBuffer(size: size)
                for (index, item) in batch.enumerated() {
                    let x = (index % perRow) * slot, y = index / perRow
                    frame.draw(item.text + "|", at: Point(x: x, y: y), style: .plain)
                }
                session.draw(frame)
                for (index, item) in batch.enumerated() {
                    let x = (index % perRow) * slot, y = index / perRow
                    let bar = x + TextWidth.of(item.text)
                    let name = "U+\(String(item.scalar, radix: 16, uppercase: true)) in \(item.text.unicodeScalars.map { String($0.value, radix: 16) })"
                    guard bar < x + slot, cellContents(window, x: bar, y: y).text == [0x7C] else {
                        failures.append("\(name): '|' not at column \(bar - x)")
                        continue
                    }
                    let shown = (x..<bar).flatMap { cellContents(window, x: $0, y: y).text }
                    let wanted = item.text.unicodeScalars.map(\.value)
                    let visible = shown.contains(item.scalar) || shown.contains(where: Self.isStandIn)
                    let baseKept = !wanted.contains(0x61) || shown.contains(0x61)
                    if !visible || !baseKept {
                        failures.append("\(name): ncurses shows \(shown.map { String($0, radix: 16) })")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) of \(cases.count):\n\(failures.prefix(40).joined(separator: "\n"))")
        }
    }
}
