/// What the package reads from `/proc`, which only Linux has (Darwin answers such questions
/// with `proc_pidinfo` and `sysctl`, not ported yet). Each caller says what it does without:
///
/// - curtain-bench: peak and current resident memory (`/proc/self/status` `VmHWM`,
///   `/proc/self/statm`) and resetting the peak (`/proc/self/clear_refs`) — 0 elsewhere.
/// - Tests: context switches of a child (`/proc/<pid>/status`), a shell's children
///   (`/proc/<pid>/task/<pid>/children`), a child's command line and this test binary's path
///   (`/proc/self/exe`).
/// - ``currentThreadID()``'s fallback (`/proc/thread-self`).
/// - curtain-demo: where its program headers are (`/proc/self/auxv`), to give back the unwind
///   tables' pages the main thread's exit read — nothing elsewhere.
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

    /// Entry `type` of this process's auxiliary vector (`AT_PHDR`…, `/proc/self/auxv`: pairs of
    /// machine words); nil without /proc or without the entry. (`getauxval` is not in Swift's
    /// Glibc module.)
    package static func auxiliaryValue(_ type: UInt) -> UInt? {
        guard available else { return nil }
        let descriptor = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var pair: (UInt, UInt) = (0, 0)
        let size = MemoryLayout<(UInt, UInt)>.size
        while withUnsafeMutableBytes(of: &pair, { read(descriptor, $0.baseAddress, size) }) == size {
            if pair.0 == type { return pair.1 }
            if pair.0 == 0 { return nil } // AT_NULL ends the vector
        }
        return nil
    }
}
