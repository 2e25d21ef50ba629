import Curtain
import CurtainLayout
import CurtainScreen
import CurtainTerminal

/// Temporary: the terminal session as a ``Backend`` until `TerminalSession` conforms itself.
@MainActor
final class LegacyTerminalBackend: Backend {
    let session: TerminalSession
    init(_ session: TerminalSession) { self.session = session }

    var size: Size { session.size }

    func nextEvent(until deadline: Double?, clock: AnimationClock) -> Event? {
        let timeout: Duration? = deadline.map { .milliseconds(Int((max(0, $0 - clock.now) * 1000).rounded(.up))) }
        guard let event = session.nextEvent(timeout: timeout) else { return nil }
        switch event {
        case .key(let key):
            switch key {
            case .character(let c): return .key(.character(c))
            case .enter: return .key(.enter)
            case .backspace: return .key(.backspace)
            case .delete: return .key(.delete)
            case .escape: return .key(.escape)
            case .tab: return .key(.tab)
            case .backTab: return .key(.backTab)
            case .left: return .key(.left)
            case .right: return .key(.right)
            case .up: return .key(.up)
            case .down: return .key(.down)
            case .home: return .key(.home)
            case .end: return .key(.end)
            case .pageUp: return .key(.pageUp)
            case .pageDown: return .key(.pageDown)
            case .insert: return .key(.insert)
            case .function(let n): return .key(.function(n))
            case .controlC: return .key(.ctrl("c"))
            case .controlZ: return .key(.ctrl("z"))
            case .control(let c): return .key(.ctrl(c))
            }
        case .paste(let text): return .paste(text)
        case .mouse(let column, let row): return .mouse(MouseEvent(.press, at: Point(x: column, y: row)))
        case .resize(let size): return .resize(size)
        case .hangup: return .inputEnded
        }
    }

    func present(_ frame: CellBuffer) { session.draw(frame) }
}
