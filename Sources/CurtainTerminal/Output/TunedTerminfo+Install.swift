internal import CNcurses
import CurtainPlatform

extension TunedTerminfo {
    /// Runs `body` (which creates the ncurses screen) with `TERMINFO` naming a private copy of
    /// `term`'s entry with the knobs of `CURTAIN_NCURSES_TUNING` (all by default) applied, then
    /// puts `TERMINFO` back. ncurses reads the entry once, in `newterm`.
    ///
    /// The copy is the environment variable itself where ncurses reads one from there (6.1 and
    /// later: `TERMINFO=hex:…`, the compiled bytes), so nothing is written anywhere; with 6.0
    /// (macOS's own ncurses) it is a file in a private temporary directory, removed at once.
    ///
    /// Nothing changes — `body` runs with the environment as it was — when the entry cannot be
    /// found as a file in the places ncurses looks, is not one ncurses loaded (its strings
    /// differ from what `tigetstr` says), needs no knob, or the copy cannot be made. The knobs
    /// returned are the ones ncurses was seen to load.
    ///
    /// - Parameter loaded: `term`'s strings as ``TerminfoProbe`` read them already, if it did
    ///   (nil: load the entry here to read them).
    /// - Returns: `body`'s result and the knobs applied.
    static func whileInstalled<Result>(term: String?, fileDescriptor: Int32, loaded known: [[UInt8]?]? = nil,
                                       _ body: () -> Result) -> (Result, applied: Knobs) {
        let knobs = Knobs.fromEnvironment(environment("CURTAIN_NCURSES_TUNING"))
        guard !knobs.isEmpty, let term, !term.isEmpty, !term.contains("/"), term != ".", term != "..",
              let loaded = known ?? loadedStrings(term: term, fileDescriptor: fileDescriptor),
              let (entry, applied) = findEntry(term: term, matching: loaded)?.tuned(knobs) else {
            return (body(), [])
        }
        let directory: PrivateDirectory?
        let value: String
        if curtain_ncurses_reads_entry_from_environment() {
            directory = nil
            value = "hex:" + hexadecimal(entry.bytes)
        } else {
            guard let made = PrivateDirectory(term: term, entry: entry.bytes) else { return (body(), []) }
            directory = made
            value = made.path
        }
        let previous = environment("TERMINFO")
        setenv("TERMINFO", value, 1)
        let result = body()
        if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
        directory?.remove()
        // What `body` loaded is ncurses' current terminal: the copy, unless ncurses passed it by.
        let tunedLoaded = curtain_cur_term() != nil
            && Capability.allCases.allSatisfy { TerminfoProbe.string($0.name) == entry.string($0) }
        return (result, tunedLoaded ? applied : [])
    }

    /// What ncurses loads for `term`, in the order of `Capability.allCases`: the strings
    /// compared with the file found.
    private static func loadedStrings(term: String, fileDescriptor: Int32) -> [[UInt8]?]? {
        var status: Int32 = 0
        guard term.withCString({ curtain_setupterm($0, fileDescriptor, &status) }) == curtain_OK(),
              let loaded = curtain_cur_term() else { return nil }
        defer { _ = del_curterm(loaded) }
        return Capability.allCases.map { TerminfoProbe.string($0.name) }
    }

    /// `bytes` as hexadecimal digits, two a byte.
    static func hexadecimal(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            let digits: StaticString = "0123456789ABCDEF"
            let table = digits.utf8Start
            for (index, byte) in bytes.enumerated() {
                text[2 * index] = table[Int(byte >> 4)]
                text[2 * index + 1] = table[Int(byte & 0xF)]
            }
            return bytes.count * 2
        }
    }

    /// The first compiled entry for `term` in ncurses' search order whose strings are the ones
    /// ncurses loaded.
    private static func findEntry(term: String, matching loaded: [[UInt8]?]) -> TunedTerminfo? {
        for path in candidatePaths(term: term) {
            guard let bytes = readFile(path), let entry = TunedTerminfo(bytes) else { continue }
            if zip(Capability.allCases, loaded).allSatisfy({ entry.string($0) == $1 }) { return entry }
        }
        return nil
    }

    /// Where ncurses looks for a compiled entry: `$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`
    /// (an empty element is the system's list) and the system's directories, each with the
    /// first letter of the name (or its hex code) as a subdirectory.
    static func candidatePaths(term: String) -> [String] {
        let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo",
                      "/usr/share/lib/terminfo"]
        var directories: [String] = []
        if let value = environment("TERMINFO"), !value.isEmpty { directories.append(value) }
        if let home = environment("HOME"), !home.isEmpty { directories.append(home + "/.terminfo") }
        if let list = environment("TERMINFO_DIRS") {
            for element in list.split(separator: ":", omittingEmptySubsequences: false) {
                if element.isEmpty { directories += system } else { directories.append(String(element)) }
            }
        }
        directories += system
        guard let first = term.unicodeScalars.first, first.isASCII else { return [] }
        let letter = String(first)
        let hex = String(first.value, radix: 16)
        var paths: [String] = []
        for directory in directories {
            for sub in [letter, hex.count == 1 ? "0" + hex : hex] {
                let path = directory + "/" + sub + "/" + term
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes.isEmpty ? nil : bytes
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// A directory of one compiled entry, `DIR/<first letter>/<name>`, made with `mkdtemp` (mode
/// 0700) under `$TMPDIR` or `/tmp`, for as long as ncurses needs to read it: for ncurses 6.0,
/// which reads entries only from directories.
private struct PrivateDirectory {
    let path: String
    let subdirectory: String
    let file: String

    init?(term: String, entry: [UInt8]) {
        let base = TunedTerminfo.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/curtain-terminfo.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        path = String(cString: made)
        subdirectory = path + "/" + String(term.unicodeScalars.first.map(Character.init) ?? "x")
        file = subdirectory + "/" + term
        guard mkdir(subdirectory, 0o700) == 0 else {
            rmdir(path)
            return nil
        }
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            rmdir(subdirectory)
            rmdir(path)
            return nil
        }
        let written = writeAll(descriptor, entry)
        close(descriptor)
        guard written == 0 else {
            remove()
            return nil
        }
    }

    func remove() {
        unlink(file)
        rmdir(subdirectory)
        rmdir(path)
    }
}
