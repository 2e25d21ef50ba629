/// Positions of the splits dividing a length into segments, clamped so that each segment
/// keeps a minimum length. Positions are offsets from the start of the length.
///
/// Each split remembers a preferred fraction of the length, so shrinking and growing the
/// length back restores the layout even when clamping moved splits in between.
struct SplitPositions: Hashable, Sendable {
    private(set) var positions: [Int]
    private var fractions: [Double]
    private(set) var length: Int
    private(set) var minimum: Int

    init(segments: Int, length: Int, minimum: Int) {
        let segments = max(1, segments)
        fractions = (1..<segments).map { Double($0) / Double(segments) }
        positions = []
        self.length = max(0, length)
        self.minimum = max(0, minimum)
        reclamp()
    }

    var segmentCount: Int { fractions.count + 1 }

    /// True when the length cannot give every segment its minimum.
    var isBelowMinimum: Bool {
        let (needed, overflow) = minimum.multipliedReportingOverflow(by: segmentCount)
        return overflow || needed > length
    }

    /// Start and length of segment `index` (0-based); nil when out of range.
    func segment(_ index: Int) -> (start: Int, length: Int)? {
        guard index >= 0, index < segmentCount else { return nil }
        let start = index == 0 ? 0 : positions[index - 1]
        let end = index == positions.count ? length : positions[index]
        return (start, end - start)
    }

    mutating func setLength(_ newLength: Int, minimum newMinimum: Int) {
        length = max(0, newLength)
        minimum = max(0, newMinimum)
        reclamp()
    }

    /// Moves split `index` by `delta` cells, stopping where a neighbouring segment would get
    /// smaller than the minimum. Neighbouring splits are not pushed. Does nothing when the
    /// index is out of range or the length is below the minimum.
    mutating func move(_ index: Int, by delta: Int) {
        guard index >= 0, index < positions.count, !isBelowMinimum, length > 0 else { return }
        let low = (index == 0 ? 0 : positions[index - 1]) + minimum
        let high = (index == positions.count - 1 ? length : positions[index + 1]) - minimum
        let moved = min(max(positions[index].addingSaturating(delta), low), high)
        positions[index] = moved
        fractions[index] = Double(moved) / Double(length)
    }

    /// Recomputes positions from the preferred fractions: each split as close to its fraction
    /// as the minimum allows; below the minimum, equal segments.
    private mutating func reclamp() {
        let count = fractions.count
        let segments = count + 1
        if isBelowMinimum {
            positions = (1..<segments).map { $0 * length / segments }
            return
        }
        var result: [Int] = []
        result.reserveCapacity(count)
        var previous = 0
        for (index, fraction) in fractions.enumerated() {
            let wanted = Int((fraction * Double(length)).rounded())
            let low = previous + minimum
            let high = length - (count - index) * minimum
            let position = min(max(wanted, low), high)
            result.append(position)
            previous = position
        }
        positions = result
    }
}
