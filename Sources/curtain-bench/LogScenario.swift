import Curtain
import CurtainLayout

/// The log scenarios: a ``Log`` in a pane that fills the screen, holding 1 000 lines;
/// the measured key `t` presents a toast from the pane and starts a timer that appends 10 000
/// more lines, 500 a frame for 20 frames (30 000 lines a second), as a program's output would
/// arrive while the toast slides in. Every frame then has new lines in view: the pane is drawn
/// again (its visible lines wrapped, those that fit taken whole), the dim and the toast over it.
/// The appends happen in the timer, so they count in the scene column, not in compose+diff.
enum LogScenario {
    static let all = [
        Scenario(name: "log 10k lines + toast", setup: [], action: .events([.key(.character("t"))]),
                 makeApp: { clock in let app = makeApp(clock: clock, lines: asciiLines); return (app, app) }),
        Scenario(name: "log 10k CJK/emoji lines + toast", setup: [], action: .events([.key(.character("t"))]),
                 makeApp: { clock in let app = makeApp(clock: clock, lines: mixedLines); return (app, app) }),
    ]

    static let linesPerFrame = 500
    static let arrivingLines = 10_000

    /// Made once, before anything is measured: building strings is the program's cost, not
    /// Curtain's. The first 1 000 are in the log at the start, the rest arrive.
    static let asciiLines = (0..<(1_000 + arrivingLines)).map(asciiLine)
    static let mixedLines: [String] = {
        let samples = sampleLines(64)
        return (0..<(1_000 + arrivingLines)).map { samples[$0 % samples.count] }
    }()

    @MainActor static func makeApp(clock: ManualClock, lines: [String]) -> App {
        let pane = PaneView(title: "Log")
        let log = Log()
        pane.setContentView(log)
        log.append(contentsOf: lines[..<1_000])
        let app = App(root: pane, clock: clock)
        app.scene.bind(.character("t")) {
            let toast = ToastPresentationController(presentedView: Label("Build finished: 0 errors", border: true),
                                                    autoDismissAfter: 3)
            app.scene.present(toast, from: pane)
            var next = 1_000
            var feed: SceneTimer?
            feed = app.scene.scheduleTimer(after: FramePacing.interval, repeatingEvery: FramePacing.interval) {
                let end = min(next + linesPerFrame, lines.count)
                log.append(contentsOf: lines[next..<end])
                next = end
                if next == lines.count { feed?.cancel() }
            }
        }
        return app
    }

    /// A server log line: 60 to 100 columns of ASCII; every fifth is about 170 and wraps.
    static func asciiLine(_ i: Int) -> String {
        let paths = ["/api/v1/items?page=\(i % 40)", "/static/app.js", "/api/v1/users/\(i % 977)/settings", "/healthz"]
        var line = "12:\(10 + i / 6000 % 50):\(10 + i / 100 % 50).\(100 + i % 900) INFO  worker-\(i % 8) "
            + "GET \(paths[i % paths.count]) 200 \(i % 97).\(i % 10) ms"
        if i % 5 == 0 { line += " user-agent=\"Mozilla/5.0 (X11; Linux x86_64) curl/8.5.0\" trace=\(i &* 2_654_435_761 % 1_000_000_007)" }
        return line
    }

}
