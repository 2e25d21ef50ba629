/// A key the user pressed: a character or a named key, with the modifiers the terminal reported.
///
/// One type for every source of keys — the terminal, a script, a test — so a program handles
/// each key once:
///
/// ```swift
/// final class PromptView: View {
///     var input = ""
///
///     override func handleKey(_ key: Key) -> Bool {
///         switch key {
///         case .enter: input = ""                     // submitted
///         case .ctrl("u"): input = ""
///         default:
///             guard let character = key.text else { return false }
///             input.append(character)
///         }
///         setNeedsDisplay()
///         return true
///     }
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
        /// Enter (Return).
        case enter
        /// Tab; with Shift it is ``Key/backTab``.
        case tab
        /// Backspace: deletes backward.
        case backspace
        /// The forward-delete key.
        case delete
        /// Esc pressed on its own (an Esc that arrives just before another key is Alt with that
        /// key).
        case escape
        /// The Up arrow.
        case up
        /// The Down arrow.
        case down
        /// The Left arrow.
        case left
        /// The Right arrow.
        case right
        /// Home.
        case home
        /// End.
        case end
        /// Page Up.
        case pageUp
        /// Page Down.
        case pageDown
        /// Insert.
        case insert
        /// A function key: F1 is `.function(1)`.
        case function(Int)
    }

    /// Modifier keys held with the key.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        /// One bit per modifier.
        public let rawValue: UInt8
        /// The modifiers whose bits are set in `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Shift: reported with named keys only, since a shifted character is the character itself.
        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Alt (Option, Meta).
        public static let alt = Modifiers(rawValue: 1 << 1)
        /// Ctrl.
        public static let control = Modifiers(rawValue: 1 << 2)
    }

    /// What was pressed.
    public var code: Code
    /// The modifier keys held with it.
    public var modifiers: Modifiers

    /// The key `code` with `modifiers` held. The static members (``enter``, ``ctrl(_:)``, …)
    /// read better for the common keys.
    ///
    /// - Parameters:
    ///   - code: what was pressed.
    ///   - modifiers: the modifier keys held with it; none by default.
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

    /// Enter with no modifiers.
    public static let enter = Key(.enter)
    /// Tab with no modifiers.
    public static let tab = Key(.tab)
    /// Shift-Tab.
    public static let backTab = Key(.tab, modifiers: .shift)
    /// Backspace with no modifiers.
    public static let backspace = Key(.backspace)
    /// The forward-delete key with no modifiers.
    public static let delete = Key(.delete)
    /// Esc with no modifiers.
    public static let escape = Key(.escape)
    /// The Up arrow with no modifiers.
    public static let up = Key(.up)
    /// The Down arrow with no modifiers.
    public static let down = Key(.down)
    /// The Left arrow with no modifiers.
    public static let left = Key(.left)
    /// The Right arrow with no modifiers.
    public static let right = Key(.right)
    /// Home with no modifiers.
    public static let home = Key(.home)
    /// End with no modifiers.
    public static let end = Key(.end)
    /// Page Up with no modifiers.
    public static let pageUp = Key(.pageUp)
    /// Page Down with no modifiers.
    public static let pageDown = Key(.pageDown)
    /// Insert with no modifiers.
    public static let insert = Key(.insert)
}
