internal import CNcurses
internal import CNcursesWide

/// A row of cells in ncurses' own layout (`cchar_t`), built cell by cell and written in one
/// call: the storage behind ``ScreenWriter``'s runs, reused from run to run.
///
/// Swift never sees `cchar_t` (macOS declares it only inside the SDK's own module, behind a macro
/// Swift cannot set: Modules/CNcursesWide), so the cells live in raw memory of the size ncurses
/// reports and are filled and written by the C side.
final class NcursesCells {
    private let cellSize = curtain_cell_size()
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// Cells appended since the last ``removeAll()``.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        storage = .allocate(byteCount: self.capacity * cellSize, alignment: 16)
    }

    deinit { storage.deallocate() }

    func removeAll() { count = 0 }

    /// Appends a cell: `characters` NUL-terminated (a spacing character and up to four combining
    /// ones), ncurses attribute bits and a colour pair. False when this ncurses refused the pair
    /// (the cell is then blank).
    @discardableResult
    func append(characters: UnsafePointer<wchar_t>, attributes: attr_t, pair: Int32) -> Bool {
        if count == capacity { grow() }
        let accepted = curtain_set_cell(storage, Int32(count), characters, UInt(attributes), pair) == curtain_OK()
        count += 1
        return accepted
    }

    /// Writes the cells at `window`'s cursor (no wrapping, no scrolling).
    func add(to window: OpaquePointer) {
        guard count > 0 else { return }
        _ = curtain_add_cells(window, storage, Int32(count))
    }

    private func grow() {
        let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 * cellSize, alignment: 16)
        larger.copyMemory(from: storage, byteCount: count * cellSize)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
