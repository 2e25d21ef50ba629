/// How one grapheme cluster appears on a terminal: the text actually sent and the cells it takes.
///
/// Terminals and ncurses disagree on many clusters (ncurses 6.4 with glibc `wcwidth` advances
/// six columns for 👨‍👩‍👧 and drops the ZWJs, tmux shows it in two; ❤️ with VS16 is one column
/// in both). So instead of sending the cluster as is, Curtain draws a form whose width every
/// terminal and glibc agree on:
///
/// - **Controls** are never passed through: C0 controls become their control pictures
///   (U+2400…U+241F, e.g. tab → `␉`, newline → `␊`), DEL becomes `␡` (U+2421), "\r\n" becomes
///   `␤` (U+2424) and C1 controls (U+0080…U+009F) become `�` (U+FFFD). One cell each.
/// - **ZWJ sequences** are cut at the first ZWJ: only what precedes it is drawn
///   (👨‍👩‍👧 → 👨, two cells).
/// - **Variation selectors and invisible format characters** (ZWJ, ZWSP, bidi marks, tags)
///   are dropped; the base is drawn at its own width (❤️ → ❤, one cell;
///   🏴 with tags → 🏴).
/// - **Combining marks** stay with their base (e + ◌́ → é, one cell). A scalar that Unicode
///   joins to the base but glibc gives a cell of its own — a spacing mark (Mc, कः), a voiced
///   sound mark (ｶﾞ U+FF9E), the base after a prepended mark (؀1) — keeps its cell while the
///   cluster is at most two cells; one that cannot be drawn (no agreed width, or two cells
///   where one is left) shows as `�` in that cell. Skin tones on an emoji are dropped:
///   👍🏽 → 👍, ☝🏽 → ☝. So every scalar with a width of its own is visible, up to two cells a cluster.
/// - **Flags** (regional-indicator pairs) are drawn as `⚑` (U+2691, one cell): terminals draw
///   a pair as one flag, two letters or two flags.
/// - **Unassigned and private-use scalars, and scalars whose width glibc and Unicode 15
///   disagree on** (see the generated table's header) are drawn as `�` (U+FFFD, one cell).
/// - A cluster with nothing drawable (a lone combining mark, a lone format character) has
///   empty `text` and width 0.
///
/// `text` therefore never contains a control character, a ZWJ or a variation selector, and the
/// glibc `wcwidth` of its scalars adds up to `width`. It is one cluster, but for the `�` that
/// stands for a joined scalar that cannot be drawn (`a` + U+0ECE → `a�`).
public struct DisplayCluster: Hashable, Sendable {
    /// What is drawn: the cluster itself, or its replacement (a control picture, the first
    /// scalar of a sequence terminals disagree on, …). Never contains control characters.
    public var text: String
    /// Cells taken: 0, 1 or 2.
    public var width: Int

    public init(text: String, width: Int) {
        self.text = text
        self.width = width
    }

    /// Drawn for scalars without an agreed width (U+FFFD REPLACEMENT CHARACTER, one cell).
    public static let replacement = DisplayCluster(text: "\u{FFFD}", width: 1)

    /// The display form of `character` (see the type's documentation for the policy).
    public init(_ character: Character) {
        // Fast path: a printable ASCII character is drawn as itself.
        if character.utf8.count == 1, let byte = character.utf8.first, byte >= 0x20, byte < 0x7F {
            self.init(text: String(character), width: 1)
            return
        }
        if character.utf8.count == 2, character.utf8.first == 0x0D {   // "\r\n" (compared without normalising)
            self.init(text: "\u{2424}", width: 1)
            return
        }
        var text = ""
        var width = 0
        var hasBase = false
        var replacedBase = false
        for scalar in character.unicodeScalars {
            if scalar.value == 0x200D { break }  // ZWJ: draw only what precedes it.
            let kind = ScalarClass(scalar)
            if !hasBase {
                switch kind {
                case .ignorable:
                    continue  // e.g. a prepended format character: look further for the base.
                case .control:
                    self = DisplayCluster.controlPicture(scalar)
                    return
                case .replace:
                    // Drawn as U+FFFD; what joins it with a cell of its own (the base after a
                    // prepended mark glibc does not know) is still drawn after it.
                    text = "\u{FFFD}"
                    width = 1
                    hasBase = true
                    replacedBase = true
                case .combining:
                    // A mark with nothing to sit on: nothing safe to draw.
                    self.init(text: "", width: 0)
                    return
                case .narrow, .wide, .spacingMark:
                    if (0x1F1E6...0x1F1FF).contains(scalar.value) {
                        self.init(text: "\u{2691}", width: 1)
                        return
                    }
                    text.unicodeScalars.append(scalar)
                    width = kind.width
                    hasBase = true
                }
            } else {
                switch kind {
                case .combining:
                    if !replacedBase { text.unicodeScalars.append(scalar) }
                case .narrow where width < 2, .spacingMark where width < 2:
                    // A scalar glibc gives a cell of its own that Unicode joins to the base: a
                    // spacing mark (ः U+0903), a voiced sound mark (ﾞ U+FF9E), Thai sara am, the
                    // base after a prepended mark. It keeps its cell, as in glibc.
                    text.unicodeScalars.append(scalar)
                    width += 1
                case .replace where width < 2, .wide where width < 2 && !DisplayCluster.isSkinTone(scalar, on: text):
                    // One that cannot be drawn here (no agreed width; two cells where one is
                    // left): U+FFFD in the cell that is left, rather than nothing.
                    text.unicodeScalars.append("\u{FFFD}")
                    width += 1
                default:
                    continue  // skin tones, variation selectors, format characters, what has no room
                }
            }
        }
        self.init(text: text, width: width)
    }

    /// Whether `scalar` is a skin tone (U+1F3FB…U+1F3FF) modifying the emoji `text` starts
    /// with (☝🏽): dropped. After anything else it is a colour swatch of its own.
    static func isSkinTone(_ scalar: Unicode.Scalar, on text: String) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value) && text.unicodeScalars.first?.properties.isEmojiModifierBase == true
    }

    /// The one-cell picture shown for a control character.
    static func controlPicture(_ scalar: Unicode.Scalar) -> DisplayCluster {
        switch scalar.value {
        case 0x00..<0x20: DisplayCluster(text: String(Unicode.Scalar(0x2400 + scalar.value)!), width: 1)
        case 0x7F: DisplayCluster(text: "\u{2421}", width: 1)
        default: .replacement
        }
    }
}
