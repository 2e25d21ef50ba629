internal import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// Frames to the terminal: every one on a terminal that keeps up, the latest while it is behind
/// (see ``OutputPacing``).
extension TerminalSession {
    /// Shows `frame`, sending only the cells that differ from the last frame.
    ///
    /// Until the start-up answers came (a few milliseconds; 100 at most from a terminal that
    /// answers nothing) the frame is kept back too, so the first frame drawn has the theme and
    /// the synchronized output the answers decide.
    ///
    /// While the terminal is behind — it has not yet answered the status request that followed
    /// the last frame drawn (see ``OutputPacing``) — the frame is kept instead, replacing any
    /// frame kept before it, and drawn as soon as the answer comes. So over a slow link
    /// intermediate animation frames are skipped rather than queued, and the last frame of
    /// every change is always drawn. A terminal that keeps up sees every frame.
    public func present(_ frame: CellBuffer) {
        guard !stopped else { return }
        lastFrame = frame
        if answersDue == nil, pacing.mayDraw {
            send(frame)
        } else {
            keptFrame = frame
        }
    }

    /// Draws `frame`, followed by a status request while frames are paced — after the questions
    /// about palette entries met so far (see ``PaletteConfirmation``) — in the frame's write (see
    /// ``FrameCapture``).
    @discardableResult
    func send(_ frame: CellBuffer) -> Bool {
        keptFrame = nil
        let owns = takeover.ownsTerminal
        let now = pacingClock.now
        return writer.draw(frame) { cells, bytes in
            guard owns, self.pacing.drew(cells: cells, bytes: bytes, at: now) else { return [] }
            // Palette questions only right before a status request: a terminal answers in
            // order, so once the request is answered so are they, and the session's wait for
            // outstanding answers at the end keeps them from reaching the shell.
            return self.writer.takePaletteQuestions() + OutputPacing.request
        }
    }

    /// Shows `frame` (see ``present(_:)``); sends nothing when nothing changed. A frame of
    /// another size than the last, or the first frame after a resize or resume, is painted in
    /// full. Cells outside the terminal are clipped.
    ///
    /// - Returns: whether anything was sent.
    @discardableResult
    package func draw(_ frame: CellBuffer) -> Bool {
        guard !stopped else { return false }
        lastFrame = frame
        return writer.draw(frame)
    }

    /// Makes the next ``draw(_:)`` repaint the whole terminal (e.g. after another program wrote
    /// over it).
    package func repaintAll() { writer.invalidate() }
}
