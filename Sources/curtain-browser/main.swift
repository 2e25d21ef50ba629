// curtain-browser: a directory browser built on Curtain's stock views.
// Left: the entries of a directory (directories first, marked with /). Right: the first lines
// of the selected file. Enter opens a directory, Backspace goes up, i tells the selected
// entry's size and date, ? shows the keys (Esc or q closes them), q quits. An entry that
// cannot be read is a notification, never a crash. Names are kept as the bytes the file
// system has (RawPath.swift, Entry.swift), and only regular files are read (FilePreview.swift).
import Curtain
import CurtainTerminal
import Foundation

@MainActor
final class Browser {
    let app: App
    let list = ListView()
    let preview = Label("")
    let listPane = PathPane()
    static let previewTitle = "Preview"
    let previewPane = PaneView(title: Browser.previewTitle)
    private(set) var directory: RawPath
    private var entries: [Entry] = []

    init(directory: RawPath, clock: AnimationClock = SystemClock()) {
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
        app.scene.bind(.backspace) { [unowned self] in open(self.directory.parent) }
        app.scene.bind(.character("i")) { [unowned self] in showInfo() }
        app.scene.bind(.character("?")) { [unowned self] in showHelp() }
        app.scene.bind(.character("q")) { [unowned self] in app.quit() }
        app.scene.focus(list)
        open(directory)
    }

    var selected: Entry? { list.selectedIndex.map { entries[$0] } }

    /// Where an entry of the directory shown is (its path is made only when it is needed).
    func path(of entry: Entry) -> RawPath { directory.appending(entry.name) }

    /// Lists `path`; on failure stays where it was and says why.
    func open(_ path: RawPath) {
        let found: [Entry]
        switch path.entries() {
        case .success(let entries): found = entries
        case .failure(let error):
            app.scene.notify("Cannot open \(path.shown): \(error)", severity: .error, in: listPane)
            return
        }
        let previous = directory.name
        let cameUp = path == directory.parent
        directory = path
        // Per entry: its text and one sort key; an entry's path is made only when it is opened
        // or read, and the list lays out and styles only the rows in view (a directory of
        // 100 000 entries stays quick).
        entries = Entry.sorted(found)
        list.items = entries.map { $0.isDirectory ? $0.shown + "/" : $0.shown }
        list.selectedIndex = cameUp ? entries.firstIndex { $0.name == previous } ?? 0 : 0
        listPane.path = path.shown
        showPreview()
    }

    func openSelection() {
        guard let entry = selected else { return }
        if entry.isDirectory { open(path(of: entry)) } else { showPreview() }
    }

    /// The first lines of a file, what a special file is, or what a directory holds.
    func showPreview() {
        guard let entry = selected else {
            // Nothing selected: the preview speaks of the directory, under the pane's own name
            // (the name of the entry last selected, elsewhere, stayed as its title).
            previewPane.title = Self.previewTitle
            preview.text = "(empty directory)"
            return
        }
        previewPane.title = entry.shown
        if entry.isDirectory {
            let count = try? path(of: entry).entries().get().count
            preview.text = "directory, " + (count.map { "\($0) entr\($0 == 1 ? "y" : "ies")" } ?? "not readable")
            return
        }
        switch FilePreview.text(of: path(of: entry)) {
        case .success(let text): preview.text = text
        case .failure(let error):
            // The system's words: "permission denied", "input/output error".
            preview.text = ""
            app.scene.notify("Cannot read \(entry.shown): \(error)", severity: .error, in: previewPane)
        }
    }

    func showInfo() {
        guard let entry = selected else { return }
        switch path(of: entry).status() {
        case .success(let info):
            let modified = Date(timeIntervalSince1970: Double(info.modificationTime.tv_sec))
            let date = modified.formatted(date: .abbreviated, time: .shortened)
            app.scene.notify("\(info.st_size) bytes · modified \(date)", title: entry.shown, in: previewPane)
        case .failure(let error):
            app.scene.notify("Cannot read \(entry.shown): \(error)", severity: .error, in: previewPane)
        }
    }

    func showHelp() {
        let help = Label("""
            ↑↓ PgUp PgDn Home End  move
            Enter      open a directory
            Backspace  go up
            i          size and date
            q          quit
            Esc, q     close this help
            """, role: \.modal, border: true, borderRole: \.modalBorder, title: "Keys")
        app.scene.present(HelpPresentationController(presentedView: help), from: list)
    }
}

/// Writes `text` to standard error, its control characters shown as pictures (a name may
/// hold any byte but `/` and NUL).
func writeError(_ text: String) {
    let pictured = text.unicodeScalars.map { scalar in
        scalar.value < 0x20 ? String(Unicode.Scalar(0x2400 + scalar.value)!) : scalar.value == 0x7F ? "\u{2421}" : String(scalar)
    }
    let line = Array((pictured.joined() + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

switch RawPath.fromArguments() {
case .help:
    print("""
        \(RawPath.usage)
        Browses DIRECTORY (default: the current one): ↑↓ select, Enter opens a directory,
        Backspace goes up, i tells the size and date, ? shows the keys, q quits.
        """)
case .mistake(let message):
    writeError("curtain-browser: \(message)")
    exit(2)
case .browse(let directory):
    let browser = Browser(directory: directory)   // kept alive while the app runs
    await browser.app.run(programName: "curtain-browser")
}
