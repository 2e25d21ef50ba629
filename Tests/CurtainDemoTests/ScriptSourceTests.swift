import Foundation
import Testing

// A script is read from a regular file, or from standard input with `-`; nothing else.
@Suite("Script source", .serialized, .enabled(if: DemoBinary.isAvailable, "needs the built curtain-demo"))
struct ScriptSourceTests {
    /// A FIFO nobody writes to would block the open (or the read) for ever; devices never end.
    /// Only a regular file, or `-` for standard input, is read as a script.
    @Test(arguments: ["fifo", "/dev/zero"])
    func aScriptThatIsNotARegularFileIsRefused(name: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = name.hasPrefix("/") ? name : scratch.file(name)
        if !name.hasPrefix("/") { #expect(mkfifo(path, 0o600) == 0) }
        let result = try runDemoInShell("--headless --script '\(path)'", in: scratch, timeout: 20)
        #expect(!result.timedOut, "the demo waited on \(path)")
        #expect(result.status == 2)
        #expect(result.stderr == "curtain-demo: cannot read script '\(path)': not a regular file (use a file, or - for standard input)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aScriptFromStandardInput() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try scratch.write("script", Array("key t\ntype from stdin\nwait 1s\n".utf8))
        let result = try runDemoInShell("--headless --script -", in: scratch, input: scratch.file("script"), timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("from stdin"))
        let broken = try runDemoInShell("--headless --script -", in: scratch, input: try scratch.write("bad", Array("jump\n".utf8)))
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("curtain-demo: -:1:1: "), "\(broken.stderr)")
    }
}
