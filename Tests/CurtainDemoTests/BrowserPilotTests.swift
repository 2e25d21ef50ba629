import Curtain
import CurtainTesting
import Foundation
import Testing
@testable import curtain_browser

/// curtain-browser driven by the pilot: the help's keys and what a broken link's preview says,
/// read from the screen the browser draws.
@MainActor
@Suite struct BrowserPilotTests {
    /// A directory of `links` (name → target) and one file, removed when the test ends.
    final class Scratch {
        let root: String
        init(links: [(String, String)] = []) throws {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("curtain-browser-pilot-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            for (name, target) in links {
                try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
            }
            try "text\n".write(toFile: root + "/z-notes.txt", atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    func browse(_ scratch: Scratch) -> (Browser, Pilot) {
        let browser = Browser(directory: RawPath(Array(scratch.root.utf8)), clock: ManualClock())
        return (browser, Pilot(browser.app, size: Size(width: 80, height: 24)))
    }

    @Test func qClosesTheHelpAndASecondQQuits() async throws {
        let scratch = try Scratch()
        let (browser, pilot) = browse(scratch)
        defer { withExtendedLifetime(browser) {} }   // the app's closures hold it unowned
        await pilot.press("?")
        await pilot.settle()
        #expect(pilot.text.contains("close this help"))
        await pilot.press("q")
        await pilot.settle()
        #expect(!pilot.text.contains("close this help"), "q closes the help\n\(pilot.text)")
        #expect(!pilot.hasQuit, "the first q closes the help, it does not quit")
        await pilot.press("q")
        #expect(pilot.hasQuit)
    }

    /// Going up to a directory that has been emptied meanwhile: the preview says so under the
    /// pane's own title (it kept the name of the entry selected before, from another directory).
    @Test func anEmptiedDirectoryLeavesNoStaleTitle() async throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.root + "/inner", withIntermediateDirectories: true)
        let (browser, pilot) = browse(scratch)
        defer { withExtendedLifetime(browser) {} }
        await pilot.press(.enter) // into inner/, listed first
        await pilot.settle()
        #expect(browser.listPane.path.hasSuffix("/inner"))
        try FileManager.default.removeItem(atPath: scratch.root + "/inner")
        try FileManager.default.removeItem(atPath: scratch.root + "/z-notes.txt")
        await pilot.press(.backspace)
        await pilot.settle()
        #expect(browser.preview.text == "(empty directory)")
        #expect(browser.previewPane.title == "Preview", "no stale title: \(browser.previewPane.title)")
        #expect(!pilot.text.contains("inner"), "\(pilot.text)")
    }

    @Test func aDanglingLinkSaysWhereItPointsEscaped() async throws {
        let scratch = try Scratch(links: [("a-dangling", "/nonexistent"), ("b-coloured", "/x\u{1B}[31my")])
        let (browser, pilot) = browse(scratch)
        defer { withExtendedLifetime(browser) {} }
        await pilot.settle()
        #expect(browser.preview.text == "broken link → /nonexistent")
        #expect(pilot.text.contains("broken link → /nonexistent"), "\(pilot.text)")
        #expect(!pilot.text.contains("Cannot read"), "what the entry is, not an error\n\(pilot.text)")
        await pilot.press(.down)
        await pilot.settle()
        // Drawn as its control picture: the escape never reaches the terminal.
        #expect(pilot.text.contains("broken link → /x␛[31my"), "\(pilot.text)")
    }
}
