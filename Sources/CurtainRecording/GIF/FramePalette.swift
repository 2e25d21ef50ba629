/// A frame's palette: at most `room` colours for the colours counted, each colour given its
/// index in `counts`. When there are more, the `room` most frequent are kept exactly (the
/// backgrounds and the letters' full ink) and every other colour takes the nearest of them
/// (the edges of glyphs and emoji). Among colours as frequent as the last one kept, those kept
/// are spread out (``spread(_:among:keeping:)``), so that no run of neighbouring colours is
/// dropped together: the same bytes every run.
enum FramePalette {
    static func choose(_ counts: inout ColorCounts, room: Int) -> [RGB] {
        let counted = counts.colors
        let palette: [RGB]
        if counted.count <= room {
            palette = counted.map(\.color).sorted()
        } else {
            let ranked = counted.sorted { $0.count != $1.count ? $0.count > $1.count : $0.color < $1.color }
            // The colours more frequent than the last one that fits are kept; the slots left go
            // to colours of exactly that frequency, chosen spread out.
            let boundary = ranked[room - 1].count
            let above = ranked.prefix { $0.count > boundary }.map(\.color)
            let tied = ranked.dropFirst(above.count).prefix { $0.count == boundary }.map(\.color)
            palette = (above + spread(room - above.count, among: tied, keeping: above)).sorted()
        }
        for (index, color) in palette.enumerated() { counts.setIndex(index, of: color) }
        guard counted.count > room else { return palette }
        for (color, _) in counted where counts.index(of: color) < 0 {
            counts.setIndex(nearest(to: color, in: palette), of: color)
        }
        return palette
    }

    /// `count` of the colours `tied`, each in turn the one farthest from those kept so far
    /// (`kept` and the ones chosen before it; the first of equals): of 288 backgrounds a grid
    /// apart, the 32 left out are then scattered, each next to kept ones, instead of the last
    /// columns of the grid dropped together.
    static func spread(_ count: Int, among tied: [RGB], keeping kept: [RGB]) -> [RGB] {
        guard count < tied.count else { return tied }
        // Each candidate's distance to the nearest colour kept so far.
        var nearest = tied.map { color in kept.reduce(Int.max) { min($0, distance(color, $1)) } }
        var taken = [Bool](repeating: false, count: tied.count)
        var chosen: [RGB] = []
        chosen.reserveCapacity(count)
        for _ in 0..<count {
            var best = -1
            for i in tied.indices where !taken[i] && (best < 0 || nearest[i] > nearest[best]) { best = i }
            taken[best] = true
            chosen.append(tied[best])
            for i in tied.indices where !taken[i] { nearest[i] = min(nearest[i], distance(tied[i], tied[best])) }
        }
        return chosen
    }

    /// How far apart two colours look (weighted like the eye: green most, then blue, then red).
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.red) - Int(b.red), dg = Int(a.green) - Int(b.green), db = Int(a.blue) - Int(b.blue)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// The index of the colour of `palette` nearest to `color` (``distance(_:_:)``); the first
    /// of equals.
    static func nearest(to color: RGB, in palette: [RGB]) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, candidate) in palette.enumerated() {
            let distance = distance(color, candidate)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }
}
