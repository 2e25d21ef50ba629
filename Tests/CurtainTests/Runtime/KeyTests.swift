import Testing
@testable import Curtain

@Suite struct KeyTests {
    @Test(arguments: ["t", "T", "日", "Space", "Enter", "Esc", "Tab", "Shift-Tab", "Backspace", "Delete", "Insert",
                      "Home", "End", "PageUp", "PageDown", "Up", "Down", "Left", "Right", "F1", "F12",
                      "Ctrl-C", "Ctrl-Up", "Alt-x", "Alt-Enter", "Ctrl-Alt-Delete", "Shift-F5"])
    func namesReadBackAsThemselves(name: String) throws {
        let key = try #require(Key(name: name))
        #expect(key.name == name)
    }

    @Test func namesMeanTheKeysTheSay() {
        #expect(Key(name: "Ctrl-C") == .ctrl("c"))
        #expect(Key(name: "Ctrl-c") == .ctrl("c"))
        #expect(Key(name: "BTab") == .backTab)
        #expect(Key(name: "Alt-x") == .alt("x"))
        #expect(Key(name: "Space") == .character(" "))
        #expect(Key(name: "F5") == .function(5))
        #expect(Key(name: "Ctrl-Up") == Key(.up, modifiers: .control))
    }

    @Test(arguments: ["", "enter", "ESC", "F0", "F64", "F01", "Ctrl-", "Hyper-x", "ab", "\u{1B}", "Ctrl-Ctrl"])
    func otherNamesAreNoKeys(name: String) {
        #expect(Key(name: name) == nil)
    }

    @Test func textIsTheCharacterOfAnUnmodifiedCharacterKey() {
        #expect(Key.character("é").text == "é")
        #expect(Key(.character("T"), modifiers: .shift).text == "T")
        #expect(Key.ctrl("c").text == nil)
        #expect(Key.alt("x").text == nil)
        #expect(Key.enter.text == nil)
    }
}
