import CurtainLayout
import Testing

@Suite("Text searched byte for byte")
struct ByteSearchTests {
    @Test("finds the first occurrence, at the start, the end or not at all")
    func occurrences() {
        let text = "LATIN SMALL LETTER A WITH GRAVE WITH"
        let range = text.firstRange(ofBytes: " WITH ")
        #expect(range.map { String(text[..<$0.lowerBound]) } == "LATIN SMALL LETTER A")
        #expect(range.map { String(text[$0]) } == " WITH ")
        #expect("xterm-direct".firstRange(ofBytes: "direct").map { String("xterm-direct"[$0.lowerBound...]) } == "direct")
        #expect("direct16".firstRange(ofBytes: "direct")?.lowerBound == "direct16".startIndex)
        #expect("xterm-256color".firstRange(ofBytes: "direct") == nil)
        #expect("dir".firstRange(ofBytes: "direct") == nil)       // the text is shorter
        #expect("ddirect".firstRange(ofBytes: "direct") != nil)   // a false start before it
        #expect("abc".firstRange(ofBytes: "")?.isEmpty == true)
    }

    @Test("in a substring, the range indexes the substring's own text")
    func inASubstring() throws {
        let name = "LATIN CAPITAL LETTER O WITH STROKE"
        let rest = name.dropFirst("LATIN CAPITAL LETTER ".count)
        let with = try #require(rest.firstRange(ofBytes: " WITH "))
        #expect(rest[..<with.lowerBound] == "O")
        #expect("WITH".firstRange(ofBytes: " WITH ") == nil)
    }

    @Test("non-ASCII text is matched by its UTF-8 bytes")
    func utf8() {
        let text = "Café 世界 🎉"
        #expect(text.firstRange(ofBytes: "世界").map { String(text[$0]) } == "世界")
        #expect(text.firstRange(ofBytes: "🎉").map { String(text[$0]) } == "🎉")
        #expect(text.firstRange(ofBytes: "Cafe") == nil)
    }
}
