import Curtain

/// The list's pane. Its title is the directory's path, cut at its start when the top border has
/// no room for all of it, so that its end, where the user is, stays in view (a pane's title is
/// otherwise cut at its end: `/tmp/a/deep/lev…`).
final class PathPane: PaneView {
    /// The path shown in the title, as it is displayed (escaped).
    var path = "" {
        didSet { fitTitle() }
    }

    init() { super.init(title: "") }

    override func layoutSubviews() {
        super.layoutSubviews()
        fitTitle()
    }

    private func fitTitle() {
        // The border keeps a corner, a line cell and a space on each side of the title.
        let room = frame.width - 6
        guard room > 1, TextWidth.of(path) > room else {
            title = path
            return
        }
        var tail: [Character] = []
        var width = 1  // the ellipsis
        for character in path.reversed() {
            let characterWidth = TextWidth.of(String(character))
            if width + characterWidth > room { break }
            tail.append(character)
            width += characterWidth
        }
        title = "…" + String(tail.reversed())
    }
}
