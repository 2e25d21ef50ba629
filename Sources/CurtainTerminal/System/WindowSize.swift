import CurtainLayout
import CurtainPlatform

/// The size the kernel holds for the terminal on a descriptor (`TIOCGWINSZ`), which a terminal
/// emulator sets when its window is resized: nil when the descriptor is no terminal or reports
/// no size.
func windowSize(of descriptor: Int32) -> Size? {
    TerminalControl.windowSize(of: descriptor).map { Size(width: $0.columns, height: $0.rows) }
}
