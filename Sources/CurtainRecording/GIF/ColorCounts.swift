/// How many pixels of each colour a frame's rectangle has, then each colour's palette index: an
/// open-addressed table kept from frame to frame (a frame's rectangle holds a few hundred
/// colours, looked up once a pixel; a dictionary's hashing was a third of the encoder's time).
struct ColorCounts {
    /// Marks a free slot (no colour has bit 31 set).
    private static let empty: UInt32 = .max
    private var keys: [UInt32]
    private var counts: [Int32]
    private var indexes: [Int32]
    /// Slots used, in the order they were filled: what ``reset()`` empties.
    private var used: [Int32] = []

    init() {
        keys = [UInt32](repeating: Self.empty, count: 1024)
        counts = [Int32](repeating: 0, count: 1024)
        indexes = [Int32](repeating: -1, count: 1024)
    }

    var count: Int { used.count }

    /// Empties the table, in time proportional to the colours it had.
    mutating func reset() {
        for slot in used {
            keys[Int(slot)] = Self.empty
            counts[Int(slot)] = 0
            indexes[Int(slot)] = -1
        }
        used.removeAll(keepingCapacity: true)
    }

    private func slot(of color: RGB) -> Int {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while keys[slot] != color && keys[slot] != Self.empty { slot = (slot + 1) & mask }
        return slot
    }

    /// Counts `n` more pixels of `color`.
    mutating func add(_ color: RGB, _ n: Int32 = 1) {
        if (used.count + 1) * 2 > keys.count { grow() }
        let slot = slot(of: color)
        if keys[slot] == Self.empty {
            keys[slot] = color
            used.append(Int32(slot))
        }
        counts[slot] += n
    }

    /// Every colour counted and its count, in no particular order.
    var colors: [(color: RGB, count: Int)] {
        used.map { (keys[Int($0)], Int(counts[Int($0)])) }
    }

    /// Gives `color` (already counted) its palette index.
    mutating func setIndex(_ index: Int, of color: RGB) {
        indexes[slot(of: color)] = Int32(index)
    }

    /// The palette index of `color`, or -1 when it was not counted.
    func index(of color: RGB) -> Int {
        Int(indexes[slot(of: color)])
    }

    private mutating func grow() {
        let old = colors.map { ($0.color, $0.count, Int(indexes[slot(of: $0.color)])) }
        let size = keys.count * 2
        keys = [UInt32](repeating: Self.empty, count: size)
        counts = [Int32](repeating: 0, count: size)
        indexes = [Int32](repeating: -1, count: size)
        used.removeAll(keepingCapacity: true)
        for (color, count, index) in old {
            let slot = slot(of: color)
            keys[slot] = color
            counts[slot] = Int32(count)
            indexes[slot] = Int32(index)
            used.append(Int32(slot))
        }
    }
}
