import CurtainLayout
import PropertyBased
import Testing

/// Content of a fixed number of rows, whatever the width.
struct Rows: FittingContent {
    var count: Int
    func fittingSize(width: Int) -> Size { Size(width: max(0, width), height: count) }
}

@Suite("presentationFrame")
struct PresentationFrameTests {
    static let border = EdgeInsets(all: 1)

    @Test func toastInAPaneAtTheOrigin() {
        // The example of the issue: pane 40×11, border 1 → content area (1,1,38×9).
        let frame = presentationFrame(context: Rect(x: 0, y: 0, width: 40, height: 11), safeArea: Self.border,
                                      edge: .bottom, content: Rows(count: 2))
        #expect(frame == Rect(x: 3, y: 7, width: 34, height: 2))
        #expect(frame.maxY == 9)
    }

    @Test func sheetAtTheTopOfAPaneAtANonZeroOrigin() {
        let context = Rect(x: 40, y: 12, width: 40, height: 11)
        let frame = presentationFrame(context: context, safeArea: Self.border, edge: .top, content: Rows(count: 3))
        #expect(frame == Rect(x: 43, y: 14, width: 34, height: 3))
        let bottom = presentationFrame(context: context, safeArea: Self.border, edge: .bottom, content: Rows(count: 3))
        #expect(bottom == Rect(x: 43, y: 18, width: 34, height: 3))
    }

    @Test func heightIsCappedByRoomAndMaximum() {
        let context = Rect(x: 0, y: 0, width: 40, height: 11)
        let tall = presentationFrame(context: context, safeArea: Self.border, edge: .bottom, content: Rows(count: 50))
        #expect(tall == Rect(x: 3, y: 2, width: 34, height: 7))  // content height 9 − 2
        let capped = presentationFrame(context: context, safeArea: Self.border, edge: .bottom, maximumHeight: 4,
                                       content: Rows(count: 50))
        #expect(capped == Rect(x: 3, y: 5, width: 34, height: 4))
    }

    @Test func wrapsTextContentAtTheFrameWidth() {
        // The screen with a help bar on its last row.
        let screen = Rect(x: 0, y: 0, width: 20, height: 10)
        let frame = presentationFrame(context: screen, safeArea: EdgeInsets(bottom: 1), edge: .bottom,
                                      content: LayoutNode.text("one two three four five"))
        // Width 16: "one two three" / "four five".
        #expect(frame == Rect(x: 2, y: 6, width: 16, height: 2))
    }

    @Test func noRoomGivesAnEmptyFrameAtTheAnchor() {
        let tiny = presentationFrame(context: Rect(x: 5, y: 5, width: 5, height: 3), safeArea: Self.border,
                                     edge: .bottom, content: Rows(count: 1))
        #expect(tiny.isEmpty)
        #expect(tiny == Rect(x: 8, y: 6, width: 0, height: 0))
        let zero = presentationFrame(context: .zero, safeArea: .zero, edge: .top, content: Rows(count: 1))
        #expect(zero.isEmpty)
        for edge in [PresentationEdge.top, .bottom] {
            let one = presentationFrame(context: Rect(x: 3, y: 4, width: 1, height: 1), safeArea: .zero, edge: edge,
                                        content: Rows(count: 1))
            #expect(one.isEmpty, "1×1 context, \(edge)")
            // Without insets a 1×1 context has room for exactly one cell.
            let fits = presentationFrame(context: Rect(x: 3, y: 4, width: 1, height: 1), safeArea: .zero, edge: edge,
                                         insets: .zero, content: Rows(count: 5))
            #expect(fits == Rect(x: 3, y: 4, width: 1, height: 1), "1×1 context without insets, \(edge)")
        }
        let emptyContent = presentationFrame(context: Rect(x: 0, y: 0, width: 40, height: 11), safeArea: Self.border,
                                             edge: .top, content: Rows(count: 0))
        #expect(emptyContent == Rect(x: 3, y: 2, width: 0, height: 0))
        let zeroMaximum = presentationFrame(context: Rect(x: 0, y: 0, width: 40, height: 11), safeArea: Self.border,
                                            edge: .bottom, maximumHeight: 0, content: Rows(count: 3))
        #expect(zeroMaximum == Rect(x: 3, y: 9, width: 0, height: 0))
    }

    @Test func framesStayInsideTheSafeAreaAndAgainstTheirEdge() async {
        await propertyCheck(count: 400,
                            input: Gen.int(in: -50...50), Gen.int(in: -50...50), Gen.int(in: 0...200), Gen.int(in: 0...60),
                            Gen.int(in: 0...3).array(of: 4), Gen.int(in: 0...3).array(of: 4), Gen.int(in: 0...70), Gen.bool) {
            x, y, width, height, safe, inset, rows, top in
            let context = Rect(x: x, y: y, width: width, height: height)
            let safeArea = EdgeInsets(top: safe[0], left: safe[1], bottom: safe[2], right: safe[3])
            let insets = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3])
            let edge: PresentationEdge = top ? .top : .bottom
            let frame = presentationFrame(context: context, safeArea: safeArea, edge: edge, insets: insets,
                                          content: Rows(count: rows))
            let area = context.inset(by: safeArea)
            let label = "\(edge) in \(context), safe \(safeArea), insets \(insets), \(rows) rows → \(frame)"
            #expect(area.contains(frame), "\(label): outside \(area)")
            if frame.isEmpty { return }
            #expect(frame.minX == area.minX + insets.left && frame.maxX == area.maxX - insets.right, "\(label)")
            #expect(frame.height == min(rows, area.height - insets.vertical), "\(label)")
            if top {
                #expect(frame.minY == area.minY + insets.top, "\(label)")
            } else {
                #expect(frame.maxY == area.maxY - insets.bottom, "\(label)")
            }
        }
    }

    @Test func sweepsWidthsOfATextToast() {
        let content = LayoutNode.border(.padding(EdgeInsets(horizontal: 1, vertical: 0), .text("Saved 3 files to ~/notes — 漢字 ok")))
        var previousHeight = Int.max
        for width in 1...200 {
            let context = Rect(x: 17, y: 4, width: width, height: 11)
            let frame = presentationFrame(context: context, safeArea: Self.border, edge: .bottom, content: content)
            let area = context.inset(by: Self.border)
            #expect(area.contains(frame), "width \(width): \(frame) outside \(area)")
            if width >= 2 + 4 + 5 {  // frame gives the text at least one column
                #expect(frame.height <= previousHeight, "width \(width): height \(frame.height) after \(previousHeight)")
                previousHeight = frame.height
            }
            if !frame.isEmpty { #expect(frame.maxY == area.maxY - 1, "width \(width)") }
        }
    }
}
