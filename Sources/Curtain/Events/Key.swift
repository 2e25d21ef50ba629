/// A key the user pressed: a character or a named key, with the modifiers the terminal reported.
///
/// One type for every source of keys — the terminal, a script, a test — so a program handles
/// each key once:
///
/// ```swift
/// override func handleKey(_ key: Key) -> Bool {
///     switch key {
///     case .enter: submit()
///     case .ctrl("u"): clear()
///     default:
///         guard let character = key.text else { return false }
///         insert(character)
///     }
///     return true
/// }
/// ```
///
/// Terminals report modifiers only for some keys: Ctrl with letters and a few symbols (Ctrl-C
/// arrives as `.ctrl("c")`, always lower case), Alt as an Esc sent just before the key
/// (`.alt("x")`), and Shift, Ctrl and Alt with arrows, Home, End, PageUp/Down, Insert, Delete
/// and function keys on xterm-compatible terminals. Shift with a character is not reported: it
/// is the character itself (`T`, not Shift-t). Shift-Tab is ``backTab``.
public struct Key: Hashable, Sendable {
    /// What was pressed, without modifiers.
    public enum Code: Hashable, Sendable {
        /// A character, wide characters included.
        case character(Character)
        case enter
        case tab
        case backspace
        /// The forward-delete key.
        case delete
        case escape
        case up, down, left, right
        case home, end, pageUp, pageDown, insert
        /// A function key: F1 is `.function(1)`.
        case function(Int)
    }

    /// Modifier keys held with the key.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Alt (Option, Meta).
        public static let alt = Modifiers(rawValue: 1 << 1)
        public static let control = Modifiers(rawValue: 1 << 2)
    }

    public var code: Code
    public var modifiers: Modifiers

    public init(_ code: Code, modifiers: Modifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// The character this key types: the character of a `.character` key pressed without Ctrl
    /// or Alt, nil for every other key. Text views insert it.
    public var text: Character? {
        guard case .character(let character) = code, modifiers.isDisjoint(with: [.control, .alt]) else { return nil }
        return character
    }
}

extension Key {
    /// A character key with no modifiers: `.character("t")`, `.character("日")`.
    public static func character(_ character: Character) -> Key { Key(.character(character)) }

    /// Ctrl with a character: `.ctrl("c")` is Ctrl-C. Letters are taken in lower case, as
    /// terminals report them.
    public static func ctrl(_ character: Character) -> Key {
        Key(.character(Character(character.lowercased())), modifiers: .control)
    }

    /// Alt with a character: `.alt("x")` is Alt-x.
    public static func alt(_ character: Character) -> Key { Key(.character(character), modifiers: .alt) }

    /// A function key with no modifiers: `.function(1)` is F1.
    public static func function(_ number: Int) -> Key { Key(.function(number)) }

    public static let enter = Key(.enter)
    public static let tab = Key(.tab)
    /// Shift-Tab.
    public static let backTab = Key(.tab, modifiers: .shift)
    public static let backspace = Key(.backspace)
    public static let delete = Key(.delete)
    public static let escape = Key(.escape)
    public static let up = Key(.up)
    public static let down = Key(.down)
    public static let left = Key(.left)
    public static let right = Key(.right)
    public static let home = Key(.home)
    public static let end = Key(.end)
    public static let pageUp = Key(.pageUp)
    public static let pageDown = Key(.pageDown)
    public static let insert = Key(.insert)
}
