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
/// - **Variation selectors and invisible format characters** (ZWJ, ZWSP, bidi marks, tags,
///   soft hyphen) are dropped; the base is drawn at its own width (❤️ → ❤, one cell;
///   🏴 with tags → 🏴).
/// - **Combining marks** stay with their base (e + ◌́ → é, one cell); spacing marks (Mc) stay
///   while the cluster is at most two cells. Emoji modifiers (skin tones) are dropped: 👍🏽 → 👍.
/// - **Flags** (regional-indicator pairs) are drawn as `⚑` (U+2691, one cell): terminals draw
///   a pair as one flag, two letters or two flags.
/// - **Unassigned and private-use scalars, and scalars whose width glibc and Unicode 15
///   disagree on** (see the generated table's header) are drawn as `�` (U+FFFD, one cell).
/// - A cluster with nothing drawable (a lone combining mark, a lone format character) has
///   empty `text` and width 0.
///
/// `text` therefore never contains a control character, a ZWJ or a variation selector, and the
/// glibc `wcwidth` of its scalars adds up to `width`.
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
                    self = .replacement
                    return
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
                    text.unicodeScalars.append(scalar)
                case .spacingMark where width + 1 <= 2:
                    text.unicodeScalars.append(scalar)
                    width += 1
                default:
                    continue  // modifiers, variation selectors, format characters, extra scalars
                }
            }
        }
        self.init(text: text, width: width)
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
