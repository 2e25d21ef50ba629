import CurtainScreen

/// Which ncurses colour pair shows a (foreground, background) combination.
///
/// Pairs are allocated on demand, numbered from 1 (pair 0 is the terminal's default colours), and
/// reused. A pure value: the caller defines each new pair (`curtain_init_pair`: shim.h).
///
/// When every pair is taken (`capacity` reached) a new combination is shown with the nearest
/// existing pair (``Lookup/fallback(_:)``) and ``didOverflow`` is set; nothing is ever silently
/// wrapped (which would recolour cells already on screen). The screen writer resets the cache
/// at each full repaint, when every cell is rewritten and pair numbers can be handed out
/// afresh, and schedules such a repaint when a frame had to fall back (see ``ScreenWriter``).
struct ColorPairCache: Sendable {
    struct Key: Hashable, Sendable {
        var foreground: Int32
        var background: Int32
    }

    enum Lookup: Hashable, Sendable {
        /// A pair defined earlier.
        case existing(Int32)
        /// A newly allocated pair the caller must define.
        case new(Int32)
        /// No pair left: the closest existing pair (0 if there is none).
        case fallback(Int32)

        var pair: Int32 {
            switch self {
            case .existing(let p), .new(let p), .fallback(let p): p
            }
        }
    }

    /// The highest pair number that may be allocated (`COLOR_PAIRS - 1`, at least 0): 255 with
    /// ncurses 6.0, whose COLOR_PAIRS is 256 whatever terminfo says, so pair numbers there always
    /// fit its short, 8-bit pairs.
    let capacity: Int32
    private var pairs = PairNumbers()
    private var allocated: [Key] = []
    /// How many lookups had to fall back since the last ``reset()``.
    private(set) var fallbackCount = 0
    /// True once a combination had to fall back since the last ``reset()``.
    var didOverflow: Bool { fallbackCount > 0 }

    init(colorPairs: Int) {
        capacity = Int32(clamping: max(0, colorPairs - 1))
    }

    /// Number of pairs allocated so far.
    var count: Int { allocated.count }

    /// The pair for `foreground` on `background` (ncurses colour numbers, -1 for the default).
    mutating func pair(foreground: Int32, background: Int32) -> Lookup {
        if foreground == -1 && background == -1 { return .existing(0) }
        let key = Key(foreground: foreground, background: background)
        if let pair = pairs[key] { return .existing(pair) }
        if allocated.count < Int(capacity) {
            let pair = Int32(allocated.count + 1)
            pairs.insert(pair, for: key)
            allocated.append(key)
            return .new(pair)
        }
        fallbackCount += 1
        let pair = nearestPair(to: key)
        return .fallback(pair)
    }

    /// Forgets every pair; the next lookups allocate from 1 again.
    mutating func reset() {
        pairs.removeAll()
        allocated.removeAll(keepingCapacity: true)
        fallbackCount = 0
    }

    private func nearestPair(to key: Key) -> Int32 {
        var best: Int32 = 0
        var bestDistance = Self.distance(key, Key(foreground: -1, background: -1))
        for (i, candidate) in allocated.enumerated() {
            let d = Self.distance(key, candidate)
            if d < bestDistance {
                bestDistance = d
                best = Int32(i + 1)
            }
        }
        return best
    }

    /// How different two combinations look, by CurtainScreen's colour distance; the
    /// background weighs less since it covers cells evenly while text needs its contrast.
    static func distance(_ a: Key, _ b: Key) -> Double {
        2 * ColorReduction.distance(rgb(a.foreground, foreground: true), rgb(b.foreground, foreground: true))
            + ColorReduction.distance(rgb(a.background, foreground: false), rgb(b.background, foreground: false))
    }

    /// An estimate of what an ncurses colour number looks like: a palette entry, or `0xRRGGBB`
    /// in direct colour. The default colours are assumed to be light text on a dark background.
    static func rgb(_ number: Int32, foreground: Bool) -> (red: UInt8, green: UInt8, blue: UInt8) {
        if number < 0 { return Palette.rgb(of: foreground ? 7 : 0) }
        if number < 256 { return Palette.rgb(of: UInt8(number)) }
        return (UInt8(truncatingIfNeeded: number >> 16), UInt8(truncatingIfNeeded: number >> 8), UInt8(truncatingIfNeeded: number))
    }
}

/// Pair numbers by combination, for ``ColorPairCache``: open addressing over a power-of-two
/// table, each combination packed into one 64-bit word. A first frame looks up a pair for every
/// change of colours (hundreds), and a dictionary of ``ColorPairCache/Key`` hashed each with
/// SipHash and grew by rehashing: a quarter of the cost of handing the first frame to ncurses.
private struct PairNumbers: Sendable {
    /// A word no combination packs to: (-1, -1) is pair 0, never stored.
    private static let empty = UInt64.max
    private var keys: [UInt64] = []
    private var numbers: [Int32] = []
    private var count = 0

    private static func packed(_ key: ColorPairCache.Key) -> UInt64 {
        UInt64(UInt32(bitPattern: key.foreground)) << 32 | UInt64(UInt32(bitPattern: key.background))
    }

    /// The first slot to look at: Fibonacci hashing, the high bits of the product.
    private func home(of word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - keys.count.trailingZeroBitCount))
    }

    subscript(key: ColorPairCache.Key) -> Int32? {
        guard !keys.isEmpty else { return nil }
        let word = Self.packed(key)
        let mask = keys.count - 1
        var slot = home(of: word)
        while keys[slot] != Self.empty {
            if keys[slot] == word { return numbers[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `number` for `key`, which is not stored yet.
    mutating func insert(_ number: Int32, for key: ColorPairCache.Key) {
        if (count + 1) * 2 > keys.count { grow() }
        let word = Self.packed(key)
        let mask = keys.count - 1
        var slot = home(of: word)
        while keys[slot] != Self.empty { slot = (slot + 1) & mask }
        keys[slot] = word
        numbers[slot] = number
        count += 1
    }

    mutating func removeAll() {
        guard count > 0 else { return }
        for index in keys.indices { keys[index] = Self.empty }
        count = 0
    }

    private mutating func grow() {
        let oldKeys = keys, oldNumbers = numbers
        let size = max(256, keys.count * 2)
        keys = Array(repeating: Self.empty, count: size)
        numbers = Array(repeating: 0, count: size)
        count = 0
        let mask = size - 1
        for (index, word) in oldKeys.enumerated() where word != Self.empty {
            var slot = home(of: word)
            while keys[slot] != Self.empty { slot = (slot + 1) & mask }
            keys[slot] = word
            numbers[slot] = oldNumbers[index]
            count += 1
        }
    }
}
