/// A frame's palette: at most `room` colours for the colours counted, each colour given its
/// index in `counts`. When there are more, the `room` most frequent are kept exactly (the
/// backgrounds and the letters' full ink) and every other colour takes the nearest of them
/// (the edges of glyphs and emoji). Ties go to the lower colour: the same bytes every run.
enum FramePalette {
    static func choose(_ counts: inout ColorCounts, room: Int) -> [RGB] {
        let counted = counts.colors
        let palette: [RGB]
        if counted.count <= room {
            palette = counted.map(\.color).sorted()
        } else {
            palette = counted.sorted { $0.count != $1.count ? $0.count > $1.count : $0.color < $1.color }
                .prefix(room).map(\.color).sorted()
        }
        for (index, color) in palette.enumerated() { counts.setIndex(index, of: color) }
        guard counted.count > room else { return palette }
        for (color, _) in counted where counts.index(of: color) < 0 {
            counts.setIndex(nearest(to: color, in: palette), of: color)
        }
        return palette
    }

    /// The index of the colour of `palette` nearest to `color` (weighted like the eye: green
    /// most, then blue, then red); the first of equals.
    static func nearest(to color: RGB, in palette: [RGB]) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, candidate) in palette.enumerated() {
            let dr = Int(color.red) - Int(candidate.red), dg = Int(color.green) - Int(candidate.green)
            let db = Int(color.blue) - Int(candidate.blue)
            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }
}
