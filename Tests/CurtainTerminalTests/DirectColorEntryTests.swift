import CurtainScreen
import Testing

@testable import CurtainTerminal

@Suite("Direct colour from the terminal family's entry")
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

    /// kitty sets `TERM=xterm-kitty`; ncurses-term calls its direct entry `kitty-direct`, not
    /// `xterm-kitty-direct`.
    @Test func kittysDirectEntryIsKittyDirect() {
        #expect(DirectColorEntry.candidates(for: "xterm-kitty").first == "kitty-direct")
        #expect(DirectColorEntry.candidates(for: "kitty") == ["kitty-direct"])
        #expect(DirectColorEntry.candidates(for: "alacritty") == ["alacritty-direct"])
        #expect(DirectColorEntry.candidates(for: "st-256color") == ["st-direct"])
        #expect(DirectColorEntry.candidates(for: "iTerm2.app") == ["iterm2-direct"])
        #expect(DirectColorEntry.candidates(for: "xterm-ghostty") == ["xterm-direct"], "an xterm of no family of its own")
    }

    /// Terminals that keep `TERM=xterm-256color` say who they are in their own variables; a
    /// multiplexer inside them keeps those variables but draws with its own entry.
    @Test func theFamilyFromTheTerminalsVariables() {
        func candidates(_ term: String, _ variables: [String: String]) -> [String] {
            DirectColorEntry.candidates(for: term, environment: { variables[$0] })
        }
        #expect(candidates("xterm-256color", ["VTE_VERSION": "7600"]) == ["vte-direct", "xterm-direct"])
        #expect(candidates("xterm-256color", ["KONSOLE_VERSION": "230401"]) == ["konsole-direct", "xterm-direct"])
        #expect(candidates("xterm-256color", ["TERM_PROGRAM": "iTerm.app"]) == ["iterm2-direct", "xterm-direct"])
        #expect(candidates("xterm-256color", ["TERM_PROGRAM": "vscode"]) == ["vscode-direct", "xterm-direct"])
        #expect(candidates("xterm-256color", ["TERM_PROGRAM": "WezTerm"]) == ["xterm-direct"])
        #expect(candidates("xterm-256color", ["KITTY_WINDOW_ID": "1"]) == ["kitty-direct", "xterm-direct"])
        #expect(candidates("xterm-256color", ["TERM_PROGRAM": "Apple_Terminal"]) == ["xterm-direct"])
        #expect(candidates("xterm-256color", ["VTE_VERSION": ""]) == ["xterm-direct"])
        #expect(candidates("tmux-256color", ["KITTY_WINDOW_ID": "1"]) == ["tmux-direct"])
        #expect(candidates("screen-256color", ["VTE_VERSION": "7600"]).isEmpty)
    }

    @Test func replacedOnlyWhenItHelps() {
        let installed: [String: Bool] = ["xterm-256color": false, "xterm-direct": true, "kitty": true,
                                         "vt-256color": false]
        let lookUp = { (name: String) in installed[name] }
        #expect(DirectColorEntry.replacement(for: "xterm-256color", wanted: true, hasDirectColor: lookUp) == "xterm-direct")
        #expect(DirectColorEntry.replacement(for: "xterm-256color", wanted: false, hasDirectColor: lookUp) == nil)
        #expect(DirectColorEntry.replacement(for: "kitty", wanted: true, hasDirectColor: lookUp) == nil, "it has RGB already")
        #expect(DirectColorEntry.replacement(for: "vt-256color", wanted: true, hasDirectColor: lookUp) == nil, "no sibling installed")
        // kitty installs xterm-kitty itself; its direct entry comes from ncurses-term.
        #expect(DirectColorEntry.replacement(for: "xterm-kitty", wanted: true,
                                             hasDirectColor: { ["xterm-kitty": false, "kitty-direct": true][$0] }) == "kitty-direct")
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

        /// The table against the terminfo installed here: every entry it says ncurses-term ships
        /// is installed and has RGB, and each family's names and variables lead to it.
        @Test(arguments: DirectColorFamily.all)
        func eachFamilysEntryIsInstalledWithRGB(family: DirectColorFamily) throws {
            let probe = { (name: String) in DirectColorEntry.installedEntryHasDirectColor(name, fileDescriptor: -1) }
            guard family.source == .ncursesTerm else {
                // foot ships foot and foot-direct itself: here they are only what the table says.
                #expect(DirectColorEntry.candidates(for: "foot") == family.entries)
                return
            }
            for entry in family.entries {
                #expect(probe(entry) == true, "\(family.name): \(entry) is not installed with RGB (apt-get install ncurses-term)")
            }
            for term in family.terms {
                // A name that is not installed (xterm-kitty, from kitty itself) counts as 256 colours.
                let replacement = DirectColorEntry.replacement(for: term, wanted: true,
                                                               hasDirectColor: { $0 == term ? (probe($0) ?? false) : probe($0) })
                #expect(replacement == family.entries.first, "TERM=\(term)")
            }
            for hint in family.hints {
                let variables = [hint.variable: hint.value ?? "1"]
                let replacement = DirectColorEntry.replacement(for: "xterm-256color", environment: { variables[$0] },
                                                               wanted: true, hasDirectColor: probe)
                #expect(replacement == family.entries.first, "TERM=xterm-256color \(hint.variable)=\(variables[hint.variable]!)")
            }
        }
    }
}
