import CurtainLayout
import Foundation

/// The grid the demo should show, computed with the layout core's `PaneGrid` replaying the same
/// split moves and resizes as the test: the oracle for where pane borders must be on screen.
struct ExpectedLayout {
    static let titles = ["Colours", "Unicode", "Clock", "About"]
    /// `DemoApp.minimumPaneSize` (main-actor isolated there): content of 16×5 plus the border.
    static let minimumPaneSize = Size(width: 18, height: 7)
    private(set) var grid: PaneGrid
    private(set) var size: Size

    init(columns: Int, rows: Int) {
        size = Size(width: columns, height: rows)
        grid = PaneGrid(bounds: Rect(x: 0, y: 0, width: columns, height: rows - 1), columns: 2, rows: 2,
                        minimumPaneSize: ExpectedLayout.minimumPaneSize)
    }

    mutating func resize(columns: Int, rows: Int) {
        size = Size(width: columns, height: rows)
        grid.bounds = Rect(x: 0, y: 0, width: columns, height: rows - 1)
    }

    mutating func moveVertical(by delta: Int) { grid.moveVerticalSplit(0, by: delta) }
    mutating func moveHorizontal(by delta: Int) { grid.moveHorizontalSplit(0, by: delta) }

    /// Pane `index` (0 Colours, 1 Unicode, 2 Clock, 3 About), border included.
    func pane(_ index: Int) -> Rect { grid.paneRect(column: index % 2, row: index / 2) }
    func content(_ index: Int) -> Rect { pane(index).insetBy(dx: 1, dy: 1) }

    /// The toast contract: content width − 4, two columns in, bottom border on the content's
    /// last row − 1, wrapped lines + 2 tall.
    func toast(inPane index: Int, lines: Int) -> Rect {
        let content = content(index)
        let height = lines + 2
        return Rect(x: content.minX + 2, y: content.maxY - 1 - height, width: content.width - 4, height: height)
    }
}

/// One run of the demo inside a tmux shell. The shell line records `stty -g` before and after
/// and the demo's exit status in files, so the test reads them without scraping the screen.
final class DemoSession {
    let tmux: Tmux
    let directory: URL

    init(columns: Int = 80, rows: Int = 24) throws {
        tmux = try Tmux(columns: columns, rows: rows)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("curtain-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    private func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func read(_ name: String) -> String? {
        (try? String(contentsOfFile: file(name), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Types the demo's command line into the shell and waits until the grid is drawn and still.
    /// `prefix` goes before the binary's path on that line (`env COLUMNS=300`, `ulimit -f 1;`);
    /// `shown` replaces the wait for the grid (something may cover it from the start).
    @discardableResult
    func launch(arguments: String = "", prefix: String = "",
                until shown: ((CapturedScreen) -> Bool)? = nil) throws -> CapturedScreen {
        let dir = directory.path
        try tmux.shell("stty -g > '\(dir)/before'; \(prefix)'\(DemoBinary.path)' \(arguments); echo \"status:$?\" > '\(dir)/status'; stty -g > '\(dir)/after'")
        return try settle(until: shown ?? { $0.box(titled: "Colours") != nil && $0.box(titled: "About") != nil })
    }

    /// The screen with the Clock pane's content blanked: it changes once a second by itself.
    static func withoutClock(_ screen: CapturedScreen) -> CapturedScreen {
        guard let clock = screen.box(titled: "Clock") else { return screen }
        return screen.masking(clock.insetBy(dx: 1, dy: 1))
    }

    /// Waits for the screen to change from `previous` (when given), meet `condition` and hold still.
    func settle(changedFrom previous: CapturedScreen? = nil,
                until condition: (CapturedScreen) -> Bool = { _ in true }) throws -> CapturedScreen {
        try tmux.settle(changedFrom: previous, key: DemoSession.withoutClock, until: condition)
    }

    /// Waits for the shell line to finish: the status and the `stty -g` after the demo.
    func waitForExit(timeout: Double = 15) throws -> (status: String, before: String, after: String) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let after = read("after"), !after.isEmpty, let status = read("status") {
                return (status, read("before") ?? "", after)
            }
            usleep(50_000)
        }
        throw TmuxError(message: "the demo did not exit; screen:\n\((try? tmux.screen().description) ?? "")")
    }
}

extension DemoSession {
    /// The demo at 80×24 with a toast up in the first pane and "kept" typed into it: where the
    /// suspend and stop tests start. Returns the session, its layout and that screen.
    static func withATypedToast() throws -> (DemoSession, ExpectedLayout, CapturedScreen) {
        let demo = try DemoSession(columns: 80, rows: 24)
        let layout = ExpectedLayout(columns: 80, rows: 24)
        var screen = try demo.launch()
        try demo.tmux.type("t")
        screen = try demo.settle(changedFrom: screen) { $0.lowestBox(in: layout.content(0)) != nil }
        try demo.tmux.type("kept")
        return (demo, layout, try demo.settle(changedFrom: screen) { $0.contains("kept") })
    }
}
