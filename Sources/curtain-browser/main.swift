// curtain-browser: a directory browser built on Curtain's stock views.
// Left: the entries of a directory (directories first, marked with /). Right: the first lines
// of the selected file. Enter opens a directory, Backspace goes up, i tells the selected
// entry's size and date, ? shows the keys, q quits. An entry that cannot be read is a
// notification, never a crash.
import Curtain
import CurtainTerminal
import Foundation

@MainActor
final class Browser {
    struct Entry { let name: String; let url: URL; let isDirectory: Bool }

    let app: App
    let list = ListView()
    let preview = Label("")
    let listPane = PaneView(title: "")
    let previewPane = PaneView(title: "Preview")
    private(set) var directory: URL
    private var entries: [Entry] = []

    init(directory: URL, clock: AnimationClock = SystemClock()) {
        self.directory = directory
        listPane.setContentView(list)
        previewPane.setContentView(preview)
        let panes = GridView(columns: 2, rows: 1, panes: [listPane, previewPane], minimumPaneSize: Size(width: 16, height: 5))
        let keys = Label("Enter open · ⌫ up · i info · ? help · q quit", role: \.helpBar, lineBreak: .truncate)
        app = App(root: StackView(.vertical, [.flexible(panes), .fixed(keys, 1)]), clock: clock)
        app.scene.minimumSize = Size(width: 32, height: 8)
        app.scene.tooSmallView.hint = "q quits"
        list.onSelect = { [unowned self] _ in showPreview() }
        list.onActivate = { [unowned self] _ in openSelection() }
        // `self.directory`, the one shown now: plain `directory` is the initializer's argument.
        app.scene.bind(.backspace) { [unowned self] in open(self.directory.deletingLastPathComponent()) }
        app.scene.bind(.character("i")) { [unowned self] in showInfo() }
        app.scene.bind(.character("?")) { [unowned self] in showHelp() }
        app.scene.bind(.character("q")) { [unowned self] in app.quit() }
        app.scene.focus(list)
        open(directory)
    }

    var selected: Entry? { list.selectedIndex.map { entries[$0] } }

    /// Lists `url`; on failure stays where it was and says why.
    func open(_ url: URL) {
        let manager = FileManager.default
        let names: [String]
        do { names = try manager.contentsOfDirectory(atPath: url.path) } catch {
            app.scene.notify("Cannot open \(url.lastPathComponent): \(reason(error))", severity: .error, in: listPane)
            return
        }
        let listed = names.map { name -> Entry in
            var isDirectory: ObjCBool = false
            let child = url.appendingPathComponent(name)
            _ = manager.fileExists(atPath: child.path, isDirectory: &isDirectory)
            return Entry(name: name, url: child, isDirectory: isDirectory.boolValue)
        }
        let previous = directory.lastPathComponent
        let cameUp = url.path == directory.deletingLastPathComponent().path
        directory = url
        entries = listed.sorted { ($0.isDirectory ? 0 : 1, $0.name.lowercased()) < ($1.isDirectory ? 0 : 1, $1.name.lowercased()) }
        list.items = entries.map { $0.isDirectory ? $0.name + "/" : $0.name }
        list.selectedIndex = cameUp ? entries.firstIndex { $0.name == previous } ?? 0 : 0
        listPane.title = url.path
        showPreview()
    }

    func openSelection() {
        guard let entry = selected else { return }
        if entry.isDirectory { open(entry.url) } else { showPreview() }
    }

    /// The first lines of a file, or what a directory holds.
    func showPreview() {
        guard let entry = selected else { preview.text = "(empty directory)"; return }
        previewPane.title = entry.name
        if entry.isDirectory {
            let count = try? FileManager.default.contentsOfDirectory(atPath: entry.url.path).count
            preview.text = "directory, " + (count.map { "\($0) entr\($0 == 1 ? "y" : "ies")" } ?? "not readable")
            return
        }
        let descriptor = Glibc.open(entry.url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            // The system's words: a dangling link is "no such file or directory", not a permission.
            let words = String(cString: strerror(errno))
            preview.text = ""
            app.scene.notify("Cannot read \(entry.name): \(words.prefix(1).lowercased() + words.dropFirst())",
                             severity: .error, in: previewPane)
            return
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let bytes = (try? handle.read(upToCount: 4096)) ?? Data()
        // Text is UTF-8 with no NUL (the last character may be cut by the 4 KiB read).
        let text = (0...3).lazy.compactMap { String(data: bytes.dropLast($0), encoding: .utf8) }.first
        preview.text = text.flatMap { $0.contains("\0") ? nil : $0 } ?? "binary file"
    }

    func showInfo() {
        guard let entry = selected else { return }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: entry.url.path)
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            let date = (attributes[.modificationDate] as? Date).map { $0.formatted(date: .abbreviated, time: .shortened) } ?? "?"
            app.scene.notify("\(size) bytes · modified \(date)", title: entry.name, in: previewPane)
        } catch {
            app.scene.notify("Cannot read \(entry.name): \(reason(error))", severity: .error, in: previewPane)
        }
    }

    func showHelp() {
        let help = Label("""
            ↑↓ PgUp PgDn Home End  move
            Enter      open a directory
            Backspace  go up
            i          size and date
            q          quit
            Esc        close this help
            """, role: \.modal, border: true, borderRole: \.modalBorder, title: "Keys")
        app.scene.present(FullScreenPresentationController(presentedView: help), from: list)
    }

    private func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}

let start = CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
MainActor.assumeIsolated {
    let browser = Browser(directory: start.standardizedFileURL)   // kept alive while the app runs
    browser.app.runInTerminal(programName: "curtain-browser")
}
