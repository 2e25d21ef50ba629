/// What the package reads from `/proc`, which only Linux has (Darwin answers such questions
/// with `proc_pidinfo` and `sysctl`, not ported yet). Each caller says what it does without:
///
/// - curtain-bench: peak and current resident memory (`/proc/self/status` `VmHWM`,
///   `/proc/self/statm`) and resetting the peak (`/proc/self/clear_refs`) — 0 elsewhere.
/// - Tests: context switches of a child (`/proc/<pid>/status`), a shell's children
///   (`/proc/<pid>/task/<pid>/children`), a child's command line and this test binary's path
///   (`/proc/self/exe`).
/// - ``currentThreadID()``'s fallback (`/proc/thread-self`).
package enum LinuxProcFiles {
    /// Whether this system has `/proc` with Linux's layout.
    package static var available: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The value of `field` (e.g. `VmHWM`) in `/proc/<process>/status`, first number of the
    /// line; nil without /proc or without the field.
    package static func statusField(_ field: String, process: String = "self") -> Int? {
        guard available, let file = fopen("/proc/\(process)/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(field + ":") else { continue }
            return text.dropFirst(field.count + 1).split { $0 == " " || $0 == "\t" || $0 == "\n" }.first.flatMap { Int($0) }
        }
        return nil
    }
}
