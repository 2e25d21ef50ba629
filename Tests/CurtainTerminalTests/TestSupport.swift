import Curtain
import CurtainLayout
import CurtainScreen
import CurtainTerminal

extension CellBuffer {
    /// Writes `cell` at (x, y) exactly as given, continuation cells included, without the
    /// pair-keeping rules of the drawing API: for tests that need inconsistent frames.
    /// Positions outside the buffer are ignored.
    mutating func setRaw(_ cell: Cell, x: Int, y: Int) {
        apply([CellRun(y: y, x: x, cells: [cell])])
    }

    /// Writes `text` from (x, y) as the drawing API would: wide characters followed by their
    /// continuation cell, a wide character cut by an edge drawn as a blank, and halves of wide
    /// characters left outside the written span blanked. Built on `apply` alone so it does not
    /// depend on how CurtainScreen's own text drawing evolves.
    mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain) {
        guard y >= 0, y < size.height else { return }
        var cells: [Cell] = []
        var column = x
        for character in text {
            let display = DisplayCluster(character)
            if display.width == 2 {
                if column < 0 || column + 1 >= size.width {
                    cells += [Cell(grapheme: .space, style: style), Cell(grapheme: .space, style: style)]
                } else {
                    cells += [Cell(grapheme: Grapheme(display.text), style: style), Cell(grapheme: .continuation, style: style)]
                }
            } else {
                cells.append(Cell(grapheme: Grapheme(display.text), style: style))
            }
            column += max(display.width, 1)
        }
        let start = max(x, 0), end = min(column, size.width)
        guard start < end else { return }
        // Blank the halves that stick out of [start, end).
        if start > 0, self[start, y].grapheme.isContinuation {
            var lead = self[start - 1, y]
            lead.grapheme = .space
            setRaw(lead, x: start - 1, y: y)
        }
        if end < size.width, self[end, y].grapheme.isContinuation {
            var tail = self[end, y]
            tail.grapheme = .space
            setRaw(tail, x: end, y: y)
        }
        apply([CellRun(y: y, x: x, cells: cells)])
    }
}

@MainActor
extension TerminalSession {
    /// The next event within `seconds` of real time (nil: no limit).
    func nextEvent(within seconds: Double?) async -> Event? {
        let clock = SystemClock()
        return await nextEvent(until: seconds.map { clock.now + $0 }, clock: clock)
    }
}

@MainActor
extension TerminalSession {
    /// The next event within `seconds` of real time, blocking in `poll`: for a forked child,
    /// where no dispatch queue runs.
    func nextEventBlocking(within seconds: Double?) -> Event? {
        let clock = SystemClock()
        return _nextEventBlocking(until: seconds.map { clock.now + $0 }, clock: clock)
    }
}
