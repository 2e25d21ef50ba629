import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// Two panes side by side, each a presentation context, the left one focused.
@MainActor
struct TwoPanes {
    let left = PaneView(title: "Left")
    let right = PaneView(title: "Right")
    let app: App
    let pilot: Pilot

    init(size: Size = Size(width: 60, height: 16), motion: MotionSettings = MotionSettings()) async {
        let root = SplitRoot(left, right)
        app = App(root: root, clock: ManualClock(), motion: motion)
        pilot = Pilot(app, size: size)
        app.scene.focus(left)
        await pilot.advance(by: 0.1)
    }
}

@MainActor
final class SplitRoot: View {
    let left: View, right: View
    init(_ left: View, _ right: View) {
        self.left = left
        self.right = right
        super.init()
        addSubview(left)
        addSubview(right)
    }
    override func layoutSubviews() {
        left.frame = Rect(x: 0, y: 0, width: frame.width / 2, height: frame.height)
        right.frame = Rect(x: frame.width / 2, y: 0, width: frame.width - frame.width / 2, height: frame.height)
    }
}

@MainActor
@Suite struct NotificationTests {
    @Test func aNotificationNeitherTakesFocusNorDimsAndLeavesAfterItsDuration() async throws {
        let panes = await TwoPanes()
        var reasons: [DismissalReason] = []
        let note = panes.app.scene.notify("Copied 3 files", in: panes.right)
        note.onDismiss = { reasons.append($0) }
        await panes.pilot.settle()
        let row = try #require(panes.pilot.lines.firstIndex { $0.contains("Copied 3 files") })
        #expect(panes.pilot.lines[row].hasSuffix("│ Copied 3 files │  │"), "bottom right of the right pane, as wide as its text")
        let textX = try #require(panes.pilot.lines[row].firstIndex(of: "C")).utf16Offset(in: panes.pilot.lines[row])
        #expect(panes.pilot.cell(x: textX, y: row).style == Theme.dark.information)
        #expect(panes.app.scene.focusedView === panes.left, "focus stayed where it was")
        #expect(!panes.pilot.cell(x: 32, y: 2).style.isDimmed, "its context is not dimmed")
        await panes.pilot.advance(by: 2.9 - panes.pilot.clock.now)
        #expect(panes.pilot.text.contains("Copied 3 files"), "still there at 2.9 s")
        await panes.pilot.advance(by: 1)
        #expect(!panes.pilot.text.contains("Copied 3 files"))
        #expect(reasons == [.timedOut])
    }

    /// Reduce motion (asked for, or turned on by the app over a slow link) removes movement,
    /// never reading time: the notification and a timed toast stay as long as without it.
    @Test func reduceMotionKeepsTheReadingTime() async throws {
        let panes = await TwoPanes(motion: MotionSettings(reduceMotion: true))
        panes.app.scene.notify("Copied 3 files", in: panes.right)
        panes.app.scene.present(ToastPresentationController(presentedView: Label("Saved", border: true),
                                                            autoDismissAfter: 2), from: panes.left)
        await panes.pilot.advance(by: 0.5)
        #expect(panes.pilot.text.contains("Copied 3 files"), "still there half a second later")
        #expect(panes.pilot.text.contains("Saved"))
        await panes.pilot.advance(by: 1.4)
        #expect(panes.pilot.text.contains("Saved"), "the toast's 2 s are kept")
        await panes.pilot.advance(by: 0.2)
        #expect(!panes.pilot.text.contains("Saved"))
        await panes.pilot.advance(by: 2.9 - panes.pilot.clock.now)
        #expect(panes.pilot.text.contains("Copied 3 files"), "the notification's 3 s are kept")
        await panes.pilot.advance(by: 0.2)
        #expect(!panes.pilot.text.contains("Copied 3 files"), "and it leaves at once: nothing moves")
    }

    @Test func itWaitsWhileThePointerRestsOnItAndStartsAgainWhenItLeaves() async throws {
        let panes = await TwoPanes()
        panes.app.scene.notify("Hover me", duration: 2, in: panes.right)
        await panes.pilot.settle()
        #expect(panes.app.scene.wantsPointerMotion, "the backend is asked for pointer motion")
        let row = try #require(panes.pilot.lines.firstIndex { $0.contains("Hover me") })
        await panes.pilot.hover(at: Point(x: 52, y: row))
        await panes.pilot.advance(by: 5)
        #expect(panes.pilot.text.contains("Hover me"), "kept while hovered")
        await panes.pilot.hover(at: Point(x: 5, y: 5))
        await panes.pilot.advance(by: 1.9)
        #expect(panes.pilot.text.contains("Hover me"), "the delay started again when the pointer left")
        await panes.pilot.advance(by: 0.5)
        await panes.pilot.settle()
        #expect(!panes.pilot.text.contains("Hover me"))
        #expect(!panes.app.scene.wantsPointerMotion)
    }

    @Test func notificationsInOneContextStackAndOthersStayApart() async {
        let panes = await TwoPanes()
        panes.app.scene.notify("First", in: panes.right)
        await panes.pilot.settle()
        panes.app.scene.notify("Second", in: panes.right)
        panes.app.scene.notify("Elsewhere", in: panes.left)
        await panes.pilot.settle()
        let first = panes.pilot.lines.firstIndex { $0.contains("First") }
        let second = panes.pilot.lines.firstIndex { $0.contains("Second") }
        #expect(first != nil && second != nil && first! < second!, "the newest nearest the edge")
        #expect(panes.pilot.text.contains("Elsewhere"))
    }

    @Test func severitiesUseTheirThemeColours() async throws {
        let panes = await TwoPanes()
        panes.app.scene.notify("Disk full", severity: .error, in: panes.right)
        await panes.pilot.settle()
        let row = try #require(panes.pilot.lines.firstIndex { $0.contains("Disk full") })
        let x = try #require(panes.pilot.lines[row].firstIndex(of: "D")).utf16Offset(in: panes.pilot.lines[row])
        #expect(panes.pilot.cell(x: x, y: row).style == Theme.dark.error)
    }
}

@MainActor
@Suite struct AlertTests {
    func presentAlert(_ panes: TwoPanes, answers: Box<[String]>) async -> AlertController {
        let alert = AlertController(title: "Clear", message: "Clear the log?", actions: [
            AlertAction("Yes", shortcut: "y") { answers.value.append("yes") },
            AlertAction("No", shortcut: "n", role: .cancel) { answers.value.append("no") },
        ])
        panes.app.scene.present(alert, from: panes.left)
        await panes.pilot.settle()
        return alert
    }

    /// Every answer's key shows: underlined in the title when the title holds it, else after
    /// the title in parentheses ("Stop (x)"), underlined there — a custom shortcut is never secret.
    @Test func aShortcutTheTitleDoesNotHoldIsShownAfterIt() async throws {
        let panes = await TwoPanes()
        let alert = AlertController(message: "Stop the command?", actions: [
            AlertAction("Stop", shortcut: "x", role: .destructive),
            AlertAction("Keep going", shortcut: "k", role: .cancel),
        ])
        panes.app.scene.present(alert, from: panes.left)
        await panes.pilot.settle()
        // Where a text starts on the screen: its row and column (the alert's rows are one
        // column per character).
        func place(of text: String) -> (x: Int, y: Int)? {
            for (y, line) in panes.pilot.lines.enumerated() {
                let characters = Array(line), wanted = Array(text)
                guard characters.count >= wanted.count else { continue }
                if let x = (0...(characters.count - wanted.count)).first(where: { Array(characters[$0..<($0 + wanted.count)]) == wanted }) {
                    return (x, y)
                }
            }
            return nil
        }
        let stop = try #require(place(of: "Stop (x)"), "\(panes.pilot.text)")
        #expect(panes.pilot.cell(x: stop.x + 6, y: stop.y).style.attributes.contains(.underline), "the x after Stop")
        #expect(!panes.pilot.cell(x: stop.x, y: stop.y).style.attributes.contains(.underline), "Stop holds no x")
        // 24 columns of buttons in a 22-column alert: the second goes on a line of its own,
        // whole, and the alert is a row taller — never cut.
        let keep = try #require(place(of: "Keep going"), "\(panes.pilot.text)")
        #expect(keep.y == stop.y + 1, "\(panes.pilot.text)")
        #expect(panes.pilot.cell(x: keep.x, y: keep.y).style.attributes.contains(.underline), "the title's own k")
        #expect(place(of: "Keep going (k)") == nil)
        await panes.pilot.press("x")
        await panes.pilot.settle()
        #expect(!panes.pilot.text.contains("Stop the command?"), "x answers it")
    }

    @Test func anAlertDimsTrapsFocusAndAnswersByShortcut() async throws {
        let panes = await TwoPanes()
        let answers = Box<[String]>([])
        let alert = await presentAlert(panes, answers: answers)
        #expect(panes.pilot.lines[1].hasPrefix("│  ┌─ Clear"), "a sheet against the top of its pane's content")
        #expect(panes.pilot.text.contains("Clear the log?"))
        #expect(panes.pilot.cell(x: 1, y: 14).style.isDimmed, "its context is dimmed")
        #expect((panes.app.scene.focusedView as? Button)?.title == "Yes", "the likely answer has focus")
        await panes.pilot.press(.tab)
        #expect((panes.app.scene.focusedView as? Button)?.title == "No")
        await panes.pilot.press(.tab)
        #expect((panes.app.scene.focusedView as? Button)?.title == "Yes", "Tab stays inside the alert")
        await panes.pilot.click(at: Point(x: 5, y: 12))
        #expect(alert.state == .presented, "a press on the dimmed area leaves the question standing")
        await panes.pilot.click(at: Point(x: 45, y: 8))
        #expect((panes.app.scene.focusedView as? Button)?.title == "Yes", "a press in another pane does not take the focus away")
        await panes.pilot.press("y")
        #expect(answers.value == ["yes"])
        #expect(alert.answer?.title == "Yes")
        await panes.pilot.settle()
        #expect(!panes.pilot.text.contains("Clear the log?"))
        #expect(panes.app.scene.focusedView === panes.left, "focus is back")
    }

    @Test func escapePicksTheCancelAction() async {
        let panes = await TwoPanes()
        let answers = Box<[String]>([])
        let alert = await presentAlert(panes, answers: answers)
        var reason: DismissalReason?
        alert.onDismiss = { reason = $0 }
        await panes.pilot.press(.escape)
        await panes.pilot.settle()
        #expect(answers.value == ["no"])
        #expect(reason == .escapeKey)
    }

    @Test func enterActivatesTheFocusedButtonAndArrowsMoveBetweenThem() async {
        let panes = await TwoPanes()
        let answers = Box<[String]>([])
        _ = await presentAlert(panes, answers: answers)
        await panes.pilot.press(.right)
        await panes.pilot.press(.enter)
        #expect(answers.value == ["no"])
    }

    @Test func theShortcutLetterIsUnderlined() async throws {
        let panes = await TwoPanes()
        _ = await presentAlert(panes, answers: Box([]))
        let row = try #require(panes.pilot.lines.firstIndex { $0.contains("Yes") && $0.contains("No") })
        let x = try #require(panes.pilot.lines[row].range(of: "Yes")).lowerBound.utf16Offset(in: panes.pilot.lines[row])
        #expect(panes.pilot.cell(x: x, y: row).style.attributes.contains(.underline))
        #expect(!panes.pilot.cell(x: x + 1, y: row).style.attributes.contains(.underline))
    }
}

/// A reference to a value, for closures that record into it.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
