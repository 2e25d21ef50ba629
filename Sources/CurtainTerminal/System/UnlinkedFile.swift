import CurtainPlatform

/// A file of the program's own: made in `$TMPDIR` (or `/tmp`) and unlinked at once, closed on
/// exec; nil when none can be made. What it holds goes nowhere else, and it disappears with the
/// last descriptor.
func makeUnlinkedFile(prefix: String) -> Int32? {
    let directory = ProcessEnvironment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return nil }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return file
}
