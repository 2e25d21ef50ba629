import Curtain
import Testing

@testable import CurtainDemoKit

@Suite("Built-in tour")
struct ScriptTourTests {
    @Test func tourParses() throws {
        let script = try Script.parse(BuiltInScripts.tour, fileName: "tour")
        #expect(!script.steps.isEmpty)
    }

    @Test func tourIsUnderThirtySeconds() throws {
        let timeline = ScriptTimeline(script: try Script.parse(BuiltInScripts.tour, fileName: "tour"))
        #expect(timeline.duration < 30)
        #expect(timeline.duration > 10)  // long enough to see each step
    }

    @Test func tourShowsEveryStep() throws {
        let commands = try Script.parse(BuiltInScripts.tour, fileName: "tour").commands
        let keys = commands.compactMap { if case .key(let key) = $0 { key } else { nil } }
        for key: Key in [.character("t"), .enter, .backspace, .left, .right, .up, .down, .character("m"), .escape, .tab, .backTab, .character("q")] {
            #expect(keys.contains(key), "tour never presses \(key.name)")
        }
        #expect(commands.first == .wait(milliseconds: 1200))  // the grid is shown before anything happens
        #expect(keys.first == .character("t"))
        #expect(keys.last == .character("q"))
        let typed = commands.compactMap { if case .type(let text) = $0 { text } else { nil } }.joined()
        #expect(typed.contains("日本語のテキスト"))
        #expect(typed.contains("🎉"))
        // Tab moves the focus to a pane before the arrows (inside the toast they would move its
        // caret, not the splits), and no arrow comes before it. m comes after Tab and the
        // arrows (with the toast focused it would be typed into it), Esc dismisses the modal,
        // BTab brings the focus back, and the tour dismisses the toast (t to focus it, then
        // Esc) before quitting.
        let tab = try #require(keys.firstIndex(of: .tab))
        let arrows: [Key] = [.left, .right, .up, .down]
        #expect(keys[tab + 1] == .left)
        #expect(!keys[..<tab].contains { arrows.contains($0) }, "an arrow pressed while the toast has the focus")
        let modal = try #require(keys.firstIndex(of: .character("m")))
        #expect(modal > tab)
        #expect(Array(keys[(modal - 1)...(modal + 2)]) == [.down, .character("m"), .escape, .backTab])
        // Then toast away (t to focus it, Esc), notifications that stack, a card to drag away.
        let ending = Array(keys.drop { $0 != .backTab }.dropFirst())
        #expect(ending == [.character("t"), .escape, .character("n"), .character("n"), .character("n"), .character("c"), .character("q")])
        let script = try Script.parse(BuiltInScripts.tour, fileName: "tour")
        #expect(script.commands.contains { if case .drag = $0 { true } else { false } }, "the tour drags something away")
        #expect(script.commands.contains(.waitSettled))
    }

    @Test func tourExplainsItself() {
        let lines = BuiltInScripts.tour.split(separator: "\n")
        let comments = lines.filter { $0.trimmingPrefix(while: { $0 == " " }).hasPrefix("#") }
        #expect(comments.count >= 15)
    }

    @Test func namedScripts() {
        #expect(BuiltInScripts.named("tour") == BuiltInScripts.tour)
        #expect(BuiltInScripts.named("Tour") == nil)
        #expect(BuiltInScripts.named("") == nil)
        #expect(BuiltInScripts.names.allSatisfy { BuiltInScripts.named($0) != nil })
    }
}
