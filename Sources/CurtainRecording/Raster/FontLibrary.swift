import CurtainPlatform

/// Where the font files are: the user's first (`--font`, ``RecordingOptions/fontPaths``), then
/// Debian's packages (fonts-dejavu-core, fonts-noto-cjk, fonts-noto-color-emoji) and the same
/// files where Homebrew and users put fonts. No fontconfig: a fixed list of places, looked up in
/// order, so the same machine always picks the same files.
enum FontLibrary {
    /// Folders fonts are looked for in, in order.
    static var roots: [String] {
        var roots = ["/usr/share/fonts", "/usr/local/share/fonts"]
        if let home = getenv("HOME").map({ String(cString: $0) }) {
            roots += [home + "/.local/share/fonts", home + "/.fonts", home + "/Library/Fonts"]
        }
        roots += ["/opt/homebrew/share/fonts", "/Library/Fonts"]
        return roots
    }

    /// A font style's file names, each tried under every root, in the sub-folders Debian uses and
    /// directly.
    enum Role: CaseIterable {
        case regular, bold, italic, boldItalic, symbols, cjk, emoji

        var candidates: [String] {
            switch self {
            case .regular: ["truetype/dejavu/DejaVuSansMono.ttf", "DejaVuSansMono.ttf"]
            case .bold: ["truetype/dejavu/DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Bold.ttf"]
            case .italic: ["truetype/dejavu/DejaVuSansMono-Oblique.ttf", "DejaVuSansMono-Oblique.ttf"]
            case .boldItalic: ["truetype/dejavu/DejaVuSansMono-BoldOblique.ttf", "DejaVuSansMono-BoldOblique.ttf"]
            case .symbols: ["truetype/dejavu/DejaVuSans.ttf", "DejaVuSans.ttf"]
            case .cjk:
                ["opentype/noto/NotoSansCJK-Regular.ttc", "NotoSansCJK-Regular.ttc", "truetype/noto/NotoSansCJK-Regular.ttc",
                 "truetype/wqy/wqy-zenhei.ttc", "truetype/droid/DroidSansFallbackFull.ttf"]
            case .emoji: ["truetype/noto/NotoColorEmoji.ttf", "NotoColorEmoji.ttf"]
            }
        }
    }

    /// The first readable file for `role`, or nil.
    static func path(for role: Role) -> String? {
        for root in roots {
            for name in role.candidates where access(root + "/" + name, R_OK) == 0 {
                return root + "/" + name
            }
        }
        return nil
    }
}
