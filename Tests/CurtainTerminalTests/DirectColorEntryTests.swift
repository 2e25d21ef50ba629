import CurtainScreen
import Testing

@testable import CurtainTerminal

@Suite("Direct colour from TERM's -direct sibling")
struct DirectColorEntryTests {
    @Test func wantedWhenAskedForOrAnnouncedByTheTerminal() {
        #expect(DirectColorEntry.isWanted(requested: nil, colorTerm: "truecolor"))
        #expect(DirectColorEntry.isWanted(requested: nil, colorTerm: "24bit"))
        #expect(!DirectColorEntry.isWanted(requested: nil, colorTerm: nil))
        #expect(!DirectColorEntry.isWanted(requested: nil, colorTerm: "yes"))
        #expect(DirectColorEntry.isWanted(requested: .trueColor, colorTerm: nil))
        // The program's word wins over the terminal's: 256 asked, 256 drawn.
        #expect(!DirectColorEntry.isWanted(requested: .indexed256, colorTerm: "truecolor"))
    }

    @Test func theSiblingOfEachCommonName() {
        #expect(DirectColorEntry.candidates(for: "xterm-256color") == ["xterm-direct"])
        #expect(DirectColorEntry.candidates(for: "tmux-256color") == ["tmux-direct"])
        #expect(DirectColorEntry.candidates(for: "foot") == ["foot-direct"])
        #expect(DirectColorEntry.candidates(for: "xterm-16color") == ["xterm-direct"])
        #expect(DirectColorEntry.candidates(for: "xterm-direct").isEmpty)
        #expect(DirectColorEntry.candidates(for: "screen-256color").isEmpty)
        #expect(DirectColorEntry.candidates(for: "linux").isEmpty)
        #expect(DirectColorEntry.candidates(for: "").isEmpty)
    }

    @Test func replacedOnlyWhenItHelps() {
        let installed: [String: Bool] = ["xterm-256color": false, "xterm-direct": true, "kitty": true,
                                         "vt-256color": false]
        let lookUp = { (name: String) in installed[name] }
        #expect(DirectColorEntry.replacement(for: "xterm-256color", wanted: true, hasDirectColor: lookUp) == "xterm-direct")
        #expect(DirectColorEntry.replacement(for: "xterm-256color", wanted: false, hasDirectColor: lookUp) == nil)
        #expect(DirectColorEntry.replacement(for: "kitty", wanted: true, hasDirectColor: lookUp) == nil, "it has RGB already")
        #expect(DirectColorEntry.replacement(for: "vt-256color", wanted: true, hasDirectColor: lookUp) == nil, "no sibling installed")
    }

    @Test func aProgramNeverGetsMoreColoursThanTheTerminalHas() {
        #expect(ColorDepth.indexed256.limited(to: .ansi8) == .ansi8)
        #expect(ColorDepth.indexed256.limited(to: .trueColor) == .indexed256)
        #expect(ColorDepth.trueColor.limited(to: .monochrome) == .monochrome)
        #expect(ColorDepth.ansi16.limited(to: .ansi16) == .ansi16)
    }
}

extension NcursesTests {
    /// Loading terminfo entries replaces ncurses' current terminal: serialized with the others.
    @Suite struct DirectColorProbe {
        @Test func theInstalledXtermDirectEntryHasRGB() throws {
            // ncurses-term is one of the packages .ci/run installs.
            let hasIt = try #require(DirectColorEntry.installedEntryHasDirectColor("xterm-direct", fileDescriptor: -1),
                                     "xterm-direct is not installed (apt-get install ncurses-term)")
            #expect(hasIt)
            #expect(DirectColorEntry.installedEntryHasDirectColor("xterm-256color", fileDescriptor: -1) == false)
            #expect(DirectColorEntry.installedEntryHasDirectColor("no-such-terminal", fileDescriptor: -1) == nil)
        }
    }
}
