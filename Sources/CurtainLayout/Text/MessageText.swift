/// Text from outside the program — a file's name, a script, the command line — made safe and
/// unambiguous to show in a message or a view:
///
/// ```swift
/// let name = "notes\u{1B}]0;owned\u{07}.txt" // a file's name, as the directory gave it
/// FileHandle.standardError.write(Data("mytool: cannot open \(MessageText.quoted(name))\n".utf8))
/// label.text = MessageText.escaping(name) // notes␛]0;owned␇.txt
/// ```
///
/// Messages go to a terminal, and text never reaches the terminal as raw bytes: an escape
/// sequence in a script (`key t\e]0;PWNED\a`) would otherwise retitle the window, a CR would
/// overwrite the message, and an invisible character would make `key<NBSP>t` read as the
/// valid `key t`. So:
///
/// - C0 controls are shown as their control pictures, as the views draw them on screen
///   (ESC → `␛`, BEL → `␇`, CR → `␍`, tab → `␉`), and DEL as `␡`;
/// - C1 controls and invisible or space-like non-ASCII characters (no-break and other
///   Unicode spaces, line and paragraph separators, format characters such as U+200B,
///   U+FEFF and the bidi overrides, and every default-ignorable code point) are shown as
///   their code point in angle brackets: `<U+00A0>`.
///
/// Nothing it produces is escaped again, so a message can be passed through it once more on
/// its way out (the command line does) without `␛` turning into `<U+241B>`. The price: a
/// literal `␛` in a script reads like an ESC in a message, which is rare and harmless.
///
/// Emoji sequences stay whole: a zero-width joiner, variation selector or tag inside a
/// grapheme cluster that starts with an emoji is what makes it the picture it is
/// (👩‍👩‍👧, ❤️), not a hidden character.
public enum MessageText {
    /// `text` with every character that could be misread, or act on the terminal, escaped.
    public static func escaping(_ text: String) -> String {
        // Most text is printable ASCII, which needs nothing: one pass over its bytes.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        for character in text {
            // `#`, `*` and digits are emoji bases too (keycaps: #️⃣).
            let isEmojiCluster = character.unicodeScalars.first?.properties.isEmoji ?? false
            for scalar in character.unicodeScalars {
                if isEmojiCluster && isPartOfEmoji(scalar) {
                    result.unicodeScalars.append(scalar)
                } else if let picture = controlPicture(scalar) {
                    result.unicodeScalars.append(picture)
                } else if needsCodePoint(scalar) {
                    result += codePoint(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `'text'`, escaped: how messages quote a piece of the user's input.
    public static func quoted(_ text: String) -> String {
        "'" + escaping(text) + "'"
    }

    /// U+2400…U+241F for C0 controls and U+2421 for DEL: what the views draw for them too.
    private static func controlPicture(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: "\u{2421}"
        default: nil
        }
    }

    private static func needsCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return false }
        if value <= 0x9F { return true }  // C1 controls
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    /// ZWJ, variation selectors and tags: invisible alone, but parts of an emoji sequence.
    private static func isPartOfEmoji(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE0E, 0xFE0F, 0xE0020...0xE007F: true
        default: false
        }
    }

    /// `<U+00A0>`: at least four upper-case hex digits, as Unicode writes code points.
    package static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }
}
