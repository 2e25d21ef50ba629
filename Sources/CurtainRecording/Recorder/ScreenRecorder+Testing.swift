/// Where the cells of a raster recording are: for tests that read the pictures back.
package struct PictureLayout: Sendable {
    package var cellWidth: Int, cellHeight: Int
    /// The top-left pixel of cell (0, 0).
    package var originX: Int, originY: Int
}

extension ScreenRecorder {
    /// The cell geometry a GIF or PNG recording with `options` draws.
    package static func _pictureLayout(options: RecordingOptions) throws(RecordingSetupError) -> PictureLayout {
        let glyphs = try GlyphSource(options: options)
        return PictureLayout(cellWidth: glyphs.cellWidth, cellHeight: glyphs.cellHeight, originX: max(0, options.padding),
                             originY: max(0, options.padding) + options.windowBarHeight)
    }
}

extension ScreenRecorder {
    /// The cell geometry an SVG recording with `options` draws.
    package static func _svgLayout(options: RecordingOptions) -> PictureLayout {
        let cell = SVGEncoder.cellSize(fontSize: options.fontSize)
        return PictureLayout(cellWidth: cell.width, cellHeight: cell.height, originX: max(0, options.padding),
                             originY: max(0, options.padding) + options.windowBarHeight)
    }
}
