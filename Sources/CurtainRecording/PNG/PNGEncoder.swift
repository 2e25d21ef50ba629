/// A PNG of the last frame (a screenshot): frames are only kept until the next one comes; the
/// last is drawn and written when the recording ends.
final class PNGEncoder: FrameEncoder {
    private let options: RecordingOptions
    private var last: FrameSequencer.Kept?
    private(set) var failure: String?

    init(options: RecordingOptions) throws(RecordingSetupError) {
        self.options = options
        _ = try GlyphSource(options: options)  // the fonts are checked now, not at the end
    }

    func encode(_ kept: FrameSequencer.Kept, into out: inout [UInt8]) { last = kept }

    func finish(into out: inout [UInt8]) {
        guard let frame = last?.frame else { return }
        do throws(RecordingSetupError) {
            out += PNGFile.encode(try FrameRenderer(options: options, size: frame.size).render(frame))
        } catch {
            failure = error.message
        }
    }
}
