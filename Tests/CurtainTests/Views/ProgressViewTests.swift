import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A spinner animates on the scene's clock only while it is drawn; a bar fills its width.
@MainActor
@Suite struct ProgressViewTests {
    /// `view` in a bordered pane on a 30 × 5 screen, recording frames.
    func shown(_ view: View, size: Size = Size(width: 30, height: 5)) -> (PaneView, Pilot) {
        let pane = PaneView(title: "Work")
        pane.setContentView(view)
        let pilot = Pilot(App(root: pane, clock: ManualClock()), size: size, recordsFrames: true)
        return (pane, pilot)
    }

    @Test func theSpinnerTakesOneStepEachIntervalAndDrawsOnlyThen() async {
        let spinner = ProgressView(label: "Deploying")
        let (_, pilot) = shown(spinner)
        #expect(pilot.lines[1].hasPrefix("│⠋ Deploying"))
        for step in 1...12 {
            await pilot.advance(by: ProgressView.spinnerInterval)
            let glyph = ProgressView.unicodeSpinner[step % ProgressView.unicodeSpinner.count]
            #expect(pilot.cell(x: 1, y: 1).grapheme.text == glyph, "step \(step)")
            #expect(pilot.cell(x: 1, y: 1).style.foreground == pilot.app.scene.theme.accent.foreground)
        }
        // One frame a step, not sixty a second: 12 steps in 1.2 s after the first frame.
        #expect(pilot.frames.count == 13)
        #expect(pilot.app.scene.nextFrameTime.map { abs($0 - 1.3) < 1e-6 } == true, "the next step is the only thing scheduled")
    }

    @Test func aRemovedOrUndrawnSpinnerSchedulesNothing() async {
        let spinner = ProgressView(label: "Deploying")
        let (pane, pilot) = shown(spinner)
        await pilot.advance(by: 0.25)
        #expect(pilot.app.scene.nextFrameTime != nil)
        spinner.removeFromSuperview()
        await pilot.advance(by: ProgressView.spinnerInterval)   // the tick already due, at most
        #expect(!spinner._isTicking)
        #expect(pilot.app.scene.nextFrameTime == nil)
        let framesBefore = pilot.frames.count
        await pilot.advance(by: 5)
        #expect(pilot.frames.count == framesBefore, "an idle app without a spinner on screen draws nothing")

        // Back on screen it spins again; with an empty frame it is not drawn and stops.
        pane.setContentView(spinner)
        await pilot.settle()
        #expect(spinner._isTicking)
        await pilot.resize(to: Size(width: 30, height: 2))   // the pane has no room inside its border
        await pilot.advance(by: 1)
        #expect(pilot.app.scene.nextFrameTime == nil, "a spinner that is not drawn asks for no step")
    }

    @Test func aSpinnerInANonDimmingToastSpinsWhileShownAndStopsWithIt() async {
        let log = Log()
        let pane = PaneView(title: "Log")
        pane.setContentView(log)
        let app = App(root: pane, clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 40, height: 10))
        log.append(contentsOf: (1...20).map { "line \($0)" })
        let spinner = ProgressView(label: "Restarting web…", role: \.toast)
        let toast = ToastPresentationController(presentedView: spinner, dimming: .none)
        app.scene.present(toast, from: pane)
        await pilot.settle()
        let row = toast.displayedFrame.minY
        let x = toast.displayedFrame.minX
        let first = pilot.cell(x: x, y: row).grapheme.text
        await pilot.advance(by: ProgressView.spinnerInterval)
        #expect(pilot.cell(x: x, y: row).grapheme.text != first)
        #expect(pilot.cell(x: x + 2, y: row).grapheme.text == "R")
        #expect(!pilot.cell(x: 1, y: 1).style.isDimmed, "the log stays readable")
        app.scene.dismiss(toast)
        await pilot.settle()
        await pilot.advance(by: 1)
        #expect(app.scene.presentations.isEmpty)
        #expect(app.scene.nextFrameTime == nil)
    }

    /// A spinner that first appears late on the clock shows the clock's step in its first
    /// frame (before, step 0, then the clock's at the next composition: a debug build stopped
    /// on the kept cells when a spinner toast came up as an alert went away, curtain-procs'
    /// "Stopping 2 commands…").
    @Test func aSpinnerFirstDrawnLateShowsTheClocksStepAtOnce() async {
        let (pane, pilot) = shown(Label("idle"))
        await pilot.advance(by: 0.65)
        let spinner = ProgressView(label: "Stopping")
        pane.setContentView(spinner)
        await pilot.settle()
        let expected = ProgressView.unicodeSpinner[ProgressView.step(at: pilot.app.clock.now) % ProgressView.unicodeSpinner.count]
        #expect(expected != ProgressView.unicodeSpinner[0])
        let first = pilot.frames.first { $0.screen[1, 1].grapheme.text != "i" }
        #expect(first.map { $0.screen[1, 1].grapheme.text } == expected, "the first frame that shows it")
    }

    @Test func theBarFillsItsWidthInEighthsAndShowsThePercentage() async {
        let bar = ProgressView(fraction: 0.5)
        let (_, pilot) = shown(bar, size: Size(width: 18, height: 3))
        // 16 columns inside the pane: " 50%" takes 4, the bar 12: six cells full.
        #expect(pilot.lines[1] == "│██████       50%│")
        bar.fraction = 0.55
        await pilot.settle()
        #expect(pilot.lines[1] == "│██████▌      55%│")
        bar.fraction = 7
        bar.label = "up"
        await pilot.settle()
        #expect(pilot.lines[1] == "│up ████████ 100%│")
        #expect(pilot.app.scene.nextFrameTime == nil, "a bar never ticks")
        #expect(!bar._isTicking)
    }

    @Test func withoutUnicodeTheSpinnerAndBarAreASCII() async {
        let spinner = ProgressView(label: "Wait…")
        let pilot = asciiPilot(spinner, size: Size(width: 20, height: 1))
        #expect(pilot.lines[0] == "| Wait...")
        await pilot.advance(by: ProgressView.spinnerInterval)
        #expect(pilot.lines[0] == "/ Wait...")
        spinner.fraction = 0.5
        await pilot.settle()
        #expect(pilot.lines[0] == "Wait... ####---- 50%")
        #expect(pilot.lines[0].unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func inRowsOfAListASpinnerAndABarSitBesideTheirText() async {
        func row(_ progress: ProgressView, _ name: String) -> StackView {
            StackView(.horizontal, [.fixed(Label(name), 6), .flexible(progress)])
        }
        let web = ProgressView(label: "starting")
        let build = ProgressView(fraction: 0.25)
        let list = StackView(.vertical, [.fixed(row(web, "web"), 1), .fixed(row(build, "build"), 1), .flexible(View())])
        let (_, pilot) = shown(list, size: Size(width: 22, height: 4))
        #expect(pilot.lines[1] == "│web   ⠋ starting    │")
        #expect(pilot.lines[2] == "│build ██▌        25%│", "ten cells of bar, a quarter full")
        await pilot.advance(by: ProgressView.spinnerInterval)
        #expect(pilot.lines[1] == "│web   ⠙ starting    │")
        web.fraction = 1
        await pilot.settle()
        #expect(pilot.lines[1] == "│web   starti…██ 100%│", "the label takes at most half the row")
        #expect(pilot.app.scene.nextFrameTime == nil, "no spinner left: nothing scheduled")
    }
}
