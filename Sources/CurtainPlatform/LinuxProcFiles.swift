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
/// - CurtainProcess: whether a process group still runs something, zombies not counted
///   (`/proc/<pid>/stat`) — nil elsewhere, and the caller counts what `kill` finds.
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

    /// Whether a process of `group` runs — one that is not a zombie: true as soon as one is
    /// seen; false when the group's processes seen are all zombies; nil when none is seen
    /// (the group is gone, or `/proc` hides it, or there is no `/proc`).
    ///
    /// `kill(-group, 0)` cannot tell: it succeeds while a zombie of the group waits to be
    /// reaped, and an orphan's zombie waits for whoever reaps orphans (PID 1, slow or
    /// never in some containers). The leader is looked at first (it is usually the one
    /// running); only when it is not, every process's `stat` is read. A process of the group
    /// cannot start one while it is a zombie, so "all seen were zombies" stays true.
    package static func processGroupRuns(_ group: Int32) -> Bool? {
        guard available, group > 0 else { return nil }
        if let leader = groupAndState(of: group), leader.group == group, !leader.isZombie { return true }
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        var sawZombie = false
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let id = Int32(name), let process = groupAndState(of: id), process.group == group else { continue }
            if !process.isZombie { return true }
            sawZombie = true
        }
        return sawZombie ? false : nil
    }

    /// Whether `process` runs (a zombie does not), from its `/proc/PID/stat`; nil where `/proc`
    /// cannot tell.
    package static func processRuns(_ process: Int32) -> Bool? {
        guard available, process > 0 else { return nil }
        return stat(of: process).map { !$0.isZombie } ?? false
    }

    /// The process group and whether the process is a zombie (or dead), from
    /// `/proc/<process>/stat`: `pid (name) state ppid pgrp …`, the name possibly holding
    /// spaces and parentheses (hence the last `)`).
    /// Every process that runs (zombies left out), by session, read from `/proc`; nil where
    /// `/proc` cannot tell (another system).
    package static func everySession() -> [Int32: [Int32]]? {
        guard available, let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        var members: [Int32: [Int32]] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let id = Int32(name), let process = stat(of: id), !process.isZombie else { continue }
            members[process.session, default: []].append(id)
        }
        return members
    }

    /// The processes that hold `path` open (a pseudo-terminal's slave side), read from
    /// `/proc/PID/fd` (only those this process may look at); nil where `/proc` cannot tell.
    /// The caller holds the master side open, so the name is live: a descriptor named
    /// `PATH (deleted)` is of an earlier terminal of that number, not this one.
    package static func holders(of path: String) -> [Int32]? {
        guard available, let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        var holders: [Int32] = []
        var target = [CChar](repeating: 0, count: 256)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let id = Int32(name), let descriptors = opendir("/proc/\(id)/fd") else { continue }
            defer { closedir(descriptors) }
            while let descriptor = readdir(descriptors) {
                let number = withUnsafeBytes(of: descriptor.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard Int(number) != nil else { continue }
                let length = readlink("/proc/\(id)/fd/\(number)", &target, target.count - 1)
                guard length > 0 else { continue }
                let linked = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if linked == path {
                    holders.append(id)
                    break
                }
            }
        }
        return holders
    }

    private static func groupAndState(of process: Int32) -> (group: Int32, isZombie: Bool)? {
        stat(of: process).map { ($0.group, $0.isZombie) }
    }

    /// What `/proc/PID/stat` says of a process's group, session and state.
    private static func stat(of process: Int32) -> (group: Int32, session: Int32, isZombie: Bool)? {
        let descriptor = open("/proc/\(process)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        // After the name in brackets: state, parent, group, session, …
        guard count > 0, let nameEnd = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(nameEnd + 1)..<count].split(separator: UInt8(ascii: " "), maxSplits: 5)
        guard fields.count >= 4, let state = fields[0].first,
              let group = Int32(String(decoding: fields[2], as: UTF8.self)),
              let session = Int32(String(decoding: fields[3], as: UTF8.self)) else { return nil }
        return (group, session, state == UInt8(ascii: "Z") || state == UInt8(ascii: "X"))
    }
}
