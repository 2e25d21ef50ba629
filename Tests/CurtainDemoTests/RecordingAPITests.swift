import Curtain
import CurtainLayout
import CurtainRecording
import CurtainTerminal
import CurtainTestSupport
import CurtainTesting
import Foundation
import Testing

/// `app.record(to:)` and `app.saveScreenshot(to:)` on an app driven by a pilot: the files read
/// back as what the app showed.
@MainActor @Suite struct RecordingAPITests {
    func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("curtain-api-\(getpid())-\(name)").path
    }

    @Test func aRecordingHasAFrameForEachChangeAndAScreenshotIsTheScreenNow() async throws {
        let label = Label("before")
        let app = App(root: label, clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 20, height: 3), appearance: TerminalAppearance(colorDepth: .trueColor))
        let gif = path("r.gif"), png = path("s.png")
        defer { for file in [gif, png] { try? FileManager.default.removeItem(atPath: file) } }
        let recording = try app.record(to: gif)
        app.scene.bind(.character("x")) { label.text = "after" }
        await pilot.advance(by: 0.5)
        await pilot.press("x")
        await pilot.advance(by: 0.5)
        #expect(recording.finish() == nil)
        let frames = try GIFDecoding.frames(Array(try Data(contentsOf: URL(fileURLWithPath: gif)))).frames
        #expect(frames.count == 2)
        try app.saveScreenshot(to: png)
        let picture = try #require(PictureDecoding.png(Array(try Data(contentsOf: URL(fileURLWithPath: png)))))
        let layout = try ScreenRecorder._pictureLayout(options: RecordingOptions())
        #expect(picture.width == 20 * layout.cellWidth + 2 * layout.originX)
        #expect(picture.width == frames.last?.picture.width && picture.height == frames.last?.picture.height)
        #expect(throws: RecordingSetupError.self) { try app.saveScreenshot(to: path("s.gif")) }
    }
}
