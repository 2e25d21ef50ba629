import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A list in a pane, driven by the pilot: the rows it shows, the selected row's cells, keys,
/// clicks and callbacks.
@MainActor
struct ListApp {
    let pane = PaneView(title: "Items")
    let list: ListView
    let app: App
    let pilot: Pilot

    /// The pane fills the screen; the list is inside its border, at column 1 and rows
    /// 1 ..< height - 1.
    /// `focus`: whether the list has focus from the start (false: nothing has).
    init(items: [String], size: Size = Size(width: 16, height: 8), focus: Bool = true) {
        list = ListView(items: items)
        pane.setContentView(list)
        app = App(root: pane, clock: ManualClock())
        if focus { app.scene.focus(list) } else { app.scene.focusesFirstViewAtStart = false }
        pilot = Pilot(app, size: size)
    }

    var theme: Theme { app.scene.theme }
    var rows: Int { pilot.screen.size.height - 2 }
    var width: Int { pilot.screen.size.width - 2 }

    /// The text of the list's rows, trailing spaces removed.
    var shown: [String] {
        (1...rows).map { y in
            var row = pilot.lines[y].dropFirst().dropLast()  // the pane's border
            while row.last == " " { row.removeLast() }
            return String(row)
        }
    }
}

@MainActor
@Suite struct ListViewTests {
    static let items = (1...30).map { "Item \($0 < 10 ? "0" : "")\($0)" }

    /// Checks the rows show `items[first ..< first + rows]` and that exactly the row of
    /// `selected` is drawn in `selectionStyle` across the list's width, cell by cell, the
    /// others in the text style.
    func expect(_ app: ListApp, first: Int, selected: Int, selectionStyle: Style? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = (first..<(first + app.rows)).map { Self.items[$0] }
        #expect(app.shown == expected, "rows from \(first)", sourceLocation: sourceLocation)
        #expect(app.list.selectedIndex == selected, sourceLocation: sourceLocation)
        let selection = selectionStyle ?? app.theme.selection
        for row in 0..<app.rows {
            let style = first + row == selected ? selection : app.theme.text
            let wrong = (1...app.width).filter { app.pilot.cell(x: $0, y: row + 1).style != style }
            #expect(wrong.isEmpty, "row \(row): columns \(wrong) are not in \(style)", sourceLocation: sourceLocation)
        }
    }

    @Test func scrollsToTheBottomAndBackKeepingTheSelectionInView() async {
        let app = ListApp(items: Self.items)
        let pilot = app.pilot
        expect(app, first: 0, selected: 0)
        for step in 1...7 {
            await pilot.press(.down)
            expect(app, first: max(0, step - 5), selected: step)
        }
        await pilot.press(.end)
        expect(app, first: 24, selected: 29)
        await pilot.press(.home)
        expect(app, first: 0, selected: 0)
        // A page is the height less one row: the first PageDown goes to the bottom row.
        await pilot.press(.pageDown)
        expect(app, first: 0, selected: 5)
        await pilot.press(.pageDown)
        expect(app, first: 5, selected: 10)
        for _ in 0..<4 { await pilot.press(.pageDown) }
        expect(app, first: 24, selected: 29)
        await pilot.press(.pageDown)
        expect(app, first: 24, selected: 29)
        await pilot.press(.pageUp)
        expect(app, first: 24, selected: 24)
        await pilot.press(.pageUp)
        expect(app, first: 19, selected: 19)
        for step in 1...3 {
            await pilot.press(.up)
            expect(app, first: 19 - step, selected: 19 - step)
        }
        await pilot.press(.home, .up)
        expect(app, first: 0, selected: 0)
    }

    @Test func theSelectionIsInactiveWithoutFocus() async {
        let app = ListApp(items: Self.items)
        app.app.scene.focus(app.pane)
        await app.pilot.settle()
        expect(app, first: 0, selected: 0, selectionStyle: app.theme.inactiveSelection)
        await app.pilot.press(.down)
        #expect(app.list.selectedIndex == 0, "keys go to the focused pane, not the list")
        app.list.selectionStyle = Style(foreground: .indexed(1), background: .indexed(2))
        app.list.inactiveSelectionStyle = Style(foreground: .indexed(3), background: .indexed(4))
        await app.pilot.settle()
        expect(app, first: 0, selected: 0, selectionStyle: app.list.inactiveSelectionStyle)
        app.app.scene.focus(app.list)
        await app.pilot.settle()
        expect(app, first: 0, selected: 0, selectionStyle: app.list.selectionStyle)
    }

    @Test func aPressSelectsAndAPressOnTheSelectedRowOrEnterActivates() async {
        let app = ListApp(items: Self.items, focus: false)
        var selected: [Int] = [], activated: [Int] = []
        app.list.onSelect = { selected.append($0) }
        app.list.onActivate = { activated.append($0) }
        let pilot = app.pilot
        await pilot.click(at: Point(x: 3, y: 1))
        #expect(app.app.scene.focusedView === app.list, "the press focused the list")
        #expect(activated.isEmpty, "the list did not show focus: the press on its selected row only focused it")
        await pilot.click(at: Point(x: 3, y: 3))
        #expect(selected == [2])
        expect(app, first: 0, selected: 2)
        await pilot.click(at: Point(x: 5, y: 3))
        #expect(activated == [2], "a press on the selected row of a focused list activates it")
        await pilot.press(.enter)
        #expect(activated == [2, 2])
        await pilot.press(.end)
        await pilot.click(at: Point(x: 3, y: 1))
        #expect(selected == [2, 29, 24], "a press on the top row after scrolling selects the row shown there")
        app.list.selectedIndex = 3
        #expect(selected == [2, 29, 24], "selecting from code calls no callback")
    }

    @Test func rowsAreTruncatedAndWideCharactersExact() {
        let items = ["日本語のテキストです", "a\tb", "🎉🚀✨ party time", "short"]
        // Width 9 (odd): four wide characters and `…`; width 8: three and `…`, one column free.
        for (width, first, third) in [(9, "日本語の…", "🎉🚀✨ p…"), (8, "日本語…", "🎉🚀✨ …")] {
            let app = ListApp(items: items, size: Size(width: width + 2, height: 6))
            #expect(app.shown == [first, "a␉b", third, "short"], "width \(width)")
            let cells = (1...width).map { app.pilot.cell(x: $0, y: 1) }
            #expect(cells[0].grapheme == Grapheme("日") && cells[1].grapheme.isContinuation)
            #expect(cells.allSatisfy { $0.style == app.theme.selection }, "the selected row's every cell, the free one too")
        }
    }

    @Test func aSelectionMarkerAndOverrides() async {
        let app = ListApp(items: ["one", "two"])
        app.list.selectionMarker = "› "
        app.list.style = Style(foreground: .indexed(5))
        await app.pilot.press(.down)
        #expect(app.shown.prefix(2) == ["  one", "› two"])
        #expect(app.pilot.cell(x: 3, y: 1).style == Style(foreground: .indexed(5)))
    }

    /// A row's own style, over the list's: asked for each row drawn, by index and text; the
    /// selected row keeps the selection style; a changed answer shows after `setNeedsDisplay`.
    @Test func eachRowCanHaveAStyleOfItsOwn() async {
        let app = ListApp(items: ["✓ one", "✗ two", "✓ three"])
        app.list.style = Style(background: .indexed(4))
        let failed = Box<Set<String>>(["✗ two"])
        app.list.rowStyle = { _, item in failed.value.contains(item) ? Style(foreground: .indexed(1), attributes: .bold) : nil }
        await app.pilot.settle()
        let list = Style(background: .indexed(4))
        #expect(app.pilot.cell(x: 3, y: 1).style == app.theme.selection, "the selected row")
        #expect(app.pilot.cell(x: 3, y: 2).style == Style(foreground: .indexed(1), background: .indexed(4), attributes: .bold),
                "its own foreground and attributes, the list's background")
        #expect(app.pilot.cell(x: 3, y: 3).style == list)
        failed.value = ["✓ three"]
        app.list.setNeedsDisplay()
        await app.pilot.settle()
        #expect(app.pilot.cell(x: 3, y: 2).style == list)
        #expect(app.pilot.cell(x: 3, y: 3).style == Style(foreground: .indexed(1), background: .indexed(4), attributes: .bold))
        await app.pilot.press(.down)
        #expect(app.pilot.cell(x: 3, y: 2).style == app.theme.selection, "selected: the selection style")
        #expect(app.pilot.cell(x: 3, y: 1).style == list)
    }

    @Test func changingTheItemsKeepsTheSelectionSensible() async {
        let app = ListApp(items: ["a", "b", "c", "d"])
        await app.pilot.press(.down, .down)
        app.list.items = ["x", "c", "a", "b", "d"]
        #expect(app.list.selectedIndex == 1, "still on \"c\"")
        app.list.items = ["p", "q"]
        #expect(app.list.selectedIndex == 1, "\"c\" is gone: the old index, clamped")
        app.list.items = ["c", "q", "c"]
        #expect(app.list.selectedIndex == 1, "\"q\" stays selected")
        app.list.items = []
        #expect(app.list.selectedIndex == nil)
        #expect(app.list.selectedItem == nil)
        app.list.items = ["z"]
        #expect(app.list.selectedIndex == 0)
        #expect(app.list.selectedItem == "z")
    }

    @Test func anEmptyListDrawsNothingAndPassesKeysOn() async {
        let app = ListApp(items: [])
        var passed: [String] = []
        for key in [Key.up, .down, .home, .end, .pageUp, .pageDown, .enter] {
            app.app.scene.bind(key) { passed.append(key.name) }
        }
        var activated = 0
        app.list.onActivate = { _ in activated += 1 }
        await app.pilot.press(.up, .down, .home, .end, .pageUp, .pageDown, .enter)
        #expect(passed == ["Up", "Down", "Home", "End", "PageUp", "PageDown", "Enter"])
        #expect(activated == 0)
        await app.pilot.click(at: Point(x: 2, y: 2))
        #expect(app.shown.allSatisfy { $0.isEmpty })
        #expect((1...app.width).allSatisfy { app.pilot.cell(x: $0, y: 1).style == app.theme.text })
    }

    @Test func keysItDoesNotUseGoOnAlongTheChain() async {
        let app = ListApp(items: Self.items)
        var count = 0
        app.app.scene.bind(.character("x")) { count += 1 }
        app.app.scene.bind(.down) { count += 100 }
        await app.pilot.press("x", "Down", "Ctrl-Up")
        #expect(count == 1, "x reached the binding; Down moved the selection")
    }

    @Test func theWheelScrollsWithoutMovingTheSelection() async {
        let app = ListApp(items: Self.items)
        await app.pilot.scroll(up: false, at: Point(x: 3, y: 3))
        #expect(app.shown.first == "Item 04")
        #expect(app.list.selectedIndex == 0)
        await app.pilot.press(.down)
        expect(app, first: 1, selected: 1)
    }

    @Test func fittingSizeIsOneRowPerItemAndShrinkingKeepsTheSelectionInView() async {
        let app = ListApp(items: Self.items)
        #expect(app.list.fittingSize(width: 10) == Size(width: 10, height: 30))
        await app.pilot.press(.pageDown)
        #expect(app.list.selectedIndex == 5)
        await app.pilot.resize(to: Size(width: 16, height: 5))
        #expect(app.shown == ["Item 04", "Item 05", "Item 06"])
        #expect(app.pilot.cell(x: 1, y: 3).style == app.theme.selection)
    }
}
