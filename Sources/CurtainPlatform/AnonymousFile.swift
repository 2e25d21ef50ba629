import CCurtainPlatform

/// A file of the program's own that no other program can open and that disappears with its
/// last descriptor, closed on exec: in memory on Linux (`memfd_create`), so making one writes
/// nothing to a disk; elsewhere (Darwin has no `memfd_create`) a file made in `$TMPDIR` (or
/// `/tmp`) and unlinked at once. Nil when none can be made.
package enum AnonymousFile {
    package static func make(named name: String) -> Int32? {
        let file = curtain_anonymous_file(name)
        if file >= 0 { return file }
        let directory = ProcessEnvironment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var template = Array("\(base)/\(name)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return made
    }
}
