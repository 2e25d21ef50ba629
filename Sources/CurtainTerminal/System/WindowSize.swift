internal import CNcurses
import CurtainLayout

/// The size the kernel holds for the terminal on a descriptor (`TIOCGWINSZ`), which a terminal
/// emulator sets when its window is resized: nil when the descriptor is no terminal or reports
/// no size.
func windowSize(of descriptor: Int32) -> Size? {
    var rows: Int32 = 0, columns: Int32 = 0
    guard curtain_window_size(descriptor, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
    return Size(width: Int(columns), height: Int(rows))
}
