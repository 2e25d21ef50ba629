import CurtainLayout
import PropertyBased
import Testing

@Suite("LayoutNode")
struct LayoutNodeTests {
    func render(_ node: LayoutNode, width: Int) -> (rows: [String], collisions: [Point]) {
        let size = node.fittingSize(width: width)
        var canvas = Canvas(width: width, height: size.height)
        canvas.paint(node.arrange(in: Rect(x: 0, y: 0, width: width, height: size.height)))
        return (canvas.rows, canvas.collisions)
    }

    @Test func textFitsItsWrappedLines() {
        let node = LayoutNode.text("the quick brown fox")
        #expect(node.fittingSize(width: 10) == Size(width: 10, height: 2))
        #expect(node.fittingSize(width: 0) == Size(width: 0, height: 0))
        #expect(node.fittingSize(width: -5) == Size(width: 0, height: 0))
        #expect(render(node, width: 10).rows == ["the quick ", "brown fox "])
    }

    @Test func borderedPaddedTextRendersExactly() {
        let node = LayoutNode.border(title: "Toast", .padding(EdgeInsets(horizontal: 1, vertical: 0), .text("hello world")))
        #expect(node.fittingSize(width: 11) == Size(width: 11, height: 4))
        let (rows, collisions) = render(node, width: 11)
        #expect(rows == [
            "+Toast----+",
            "| hello   |",
            "| world   |",
            "+---------+",
        ])
        #expect(collisions.isEmpty)
    }

    @Test func titleIsTruncatedToTheTopLine() {
        let node = LayoutNode.border(title: "A long title", .text("x"))
        #expect(node.arrange(in: Rect(x: 0, y: 0, width: 6, height: 3)).first
                == .border(Rect(x: 0, y: 0, width: 6, height: 3), title: "A l\u{2026}"))
        // Too small for a border: nothing at all.
        #expect(node.arrange(in: Rect(x: 0, y: 0, width: 1, height: 3)).isEmpty)
        #expect(node.fittingSize(width: 1).height == 0)
        #expect(node.fittingSize(width: 2).height == 2)
    }

    @Test func verticalStackAddsHeightsAndSpacing() {
        let node = LayoutNode.vstack([.text("one"), .empty, .text("two three"), .text("")], spacing: 1)
        #expect(node.fittingSize(width: 5) == Size(width: 5, height: 4))  // 1 + 1 + 2; empties take no spacing
        let (rows, collisions) = render(node, width: 5)
        #expect(rows == ["one  ", "     ", "two  ", "three"])
        #expect(collisions.isEmpty)
    }

    @Test func verticalStackClipsWholeRowsWhenShort() {
        let node = LayoutNode.vstack([.text("a"), .text("b c d")], spacing: 0)
        let placements = node.arrange(in: Rect(x: 3, y: 4, width: 1, height: 2))
        #expect(placements == [
            .text(line: "a", origin: Point(x: 3, y: 4), tag: 0),
            .text(line: "b", origin: Point(x: 3, y: 5), tag: 0),
        ])
    }

    @Test func horizontalStackGivesFixedWidthsFirstAndSharesTheRest() {
        let node = LayoutNode.hstack([
            .frame(FrameConstraints(width: 3), .text("abc", tag: 1)),
            .text("left side", tag: 2),
            .text("right", tag: 3),
        ], spacing: 1)
        // 15 columns: 2 gaps, 3 fixed, 10 shared as 5 + 5.
        #expect(node.fittingSize(width: 15) == Size(width: 15, height: 2))
        let (rows, collisions) = render(node, width: 15)
        #expect(rows == ["abc left  right", "    side       "])
        #expect(collisions.isEmpty)
        // Odd remainder goes to the leftmost flexible child.
        let two = LayoutNode.hstack([.text("aaaa"), .text("bbbb")], spacing: 0)
        let placements = two.arrange(in: Rect(x: 0, y: 0, width: 7, height: 1))
        #expect(placements == [
            .text(line: "aaaa", origin: Point(x: 0, y: 0), tag: 0),
            .text(line: "bbb", origin: Point(x: 4, y: 0), tag: 0),
        ])
    }

    @Test func framesConstrainSizes() {
        let text = LayoutNode.text("a b c d e f")  // one letter per line at width 1
        #expect(LayoutNode.frame(FrameConstraints(minHeight: 3), .text("a")).fittingSize(width: 5).height == 3)
        #expect(LayoutNode.frame(FrameConstraints(maxHeight: 2), text).fittingSize(width: 1).height == 2)
        #expect(LayoutNode.frame(FrameConstraints(height: 4), .text("a")).fittingSize(width: 5).height == 4)
        #expect(LayoutNode.frame(FrameConstraints(width: 3), text).fittingSize(width: 10) == Size(width: 3, height: 3))
        #expect(LayoutNode.frame(FrameConstraints(width: 30), text).fittingSize(width: 10).width == 10)
        #expect(LayoutNode.frame(FrameConstraints(maxWidth: 5), text).fittingSize(width: 10) == Size(width: 5, height: 2))
        // maxHeight clips arranged content to its rows.
        let clipped = LayoutNode.frame(FrameConstraints(maxHeight: 2), text).arrange(in: Rect(x: 0, y: 0, width: 1, height: 10))
        #expect(clipped.count == 2)
    }

    @Test func paddingAndZeroRoom() {
        let node = LayoutNode.padding(EdgeInsets(all: 1), .text("hi"))
        #expect(node.fittingSize(width: 4).height == 3)
        #expect(node.fittingSize(width: 2).height == 2)  // no column left for the text
        #expect(LayoutNode.padding(EdgeInsets(all: -3), .text("hi")).fittingSize(width: 2).height == 1)
        #expect(node.arrange(in: Rect(x: 0, y: 0, width: -4, height: 3)).isEmpty)
    }

    // MARK: Properties

    static let words = ["a", "bb", "word", "longer-word", "漢字", "の", "。", "👍🏽", "\n", " "]
    static let texts = Gen.int(in: 0...(words.count - 1)).array(of: 0...25).map { indices in
        indices.map { words[$0] }.joined(separator: " ")
    }

    /// Nodes built from a text, each giving their text at least one column from width `minimum`.
    static func nodes(_ text: String) -> [(name: String, node: LayoutNode, minimum: Int)] {
        [
            ("text", .text(text), 1),
            ("border", .border(title: "T", .text(text)), 3),
            ("padded border", .border(.padding(EdgeInsets(horizontal: 1, vertical: 0), .text(text))), 5),
            ("vstack", .vstack([.text(text), .text("footer line")], spacing: 1), 1),
            ("hstack", .hstack([.frame(FrameConstraints(width: 2), .text("ab")), .text(text), .text(text)], spacing: 1), 6),
            ("minHeight", .frame(FrameConstraints(minHeight: 2), .text(text)), 1),
        ]
    }

    @Test func fittingHeightNeverGrowsWithWidth() async {
        await propertyCheck(count: 60, input: Self.texts) { text in
            for (name, node, minimum) in Self.nodes(text) {
                var previous = Int.max
                for width in minimum...200 {
                    let height = node.fittingSize(width: width).height
                    #expect(height <= previous, "\(name) of \(text.debugDescription): \(height) rows at width \(width), \(previous) at \(width - 1)")
                    previous = height
                }
            }
        }
    }

    @Test func fittingIsExact() async {
        // Laid out at its fitting size, a node shows every wrapped line, inside its rect,
        // without overlaps, and its last row is not empty.
        await propertyCheck(count: 60, input: Self.texts, Gen.int(in: 1...80)) { text, width in
            for (name, node, _) in Self.nodes(text) {
                let size = node.fittingSize(width: width)
                let rect = Rect(x: 7, y: 3, width: width, height: size.height)
                let placements = node.arrange(in: rect)
                var canvas = Canvas(width: 7 + width, height: 3 + size.height)
                canvas.paint(placements)
                #expect(canvas.collisions.isEmpty, "\(name) of \(text.debugDescription) at \(width): overlaps or out of rect \(canvas.collisions)")
                var shownLines = 0
                for placement in placements {
                    if case .text(let line, let origin, _) = placement {
                        shownLines += 1
                        #expect(rect.contains(origin) && origin.x + TextWidth.of(line) <= rect.maxX,
                                "\(name) at \(width): \(line.debugDescription) at \(origin) outside \(rect)")
                    }
                }
                if name == "text" {
                    #expect(shownLines == TextWrapper.lineCount(text, width: width), "text at \(width)")
                }
                if name == "border" || name == "padded border" || name == "vstack" {
                    let inner = name == "vstack" ? width : name == "border" ? width - 2 : width - 4
                    let expected = TextWrapper.lineCount(text, width: inner) + (name == "vstack" ? TextWrapper.lineCount("footer line", width: width) : 0)
                    #expect(shownLines == expected, "\(name) at \(width): \(shownLines) of \(expected) lines shown")
                }
                // A text ending in a newline has an empty last line of its own: that is content.
                let endsWithEmptyLine = TextWrapper.wrap(text, width: 200).last == ""
                if size.height > 0, name != "minHeight", !endsWithEmptyLine || name.contains("border") || name == "vstack" {
                    let lastRow = canvas.rows.last ?? ""
                    #expect(lastRow.contains { $0 != " " } || lastRow.isEmpty,
                            "\(name) of \(text.debugDescription) at \(width): empty last row")
                }
            }
        }
    }
}
