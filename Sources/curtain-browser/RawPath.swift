// Paths as the file system has them: bytes. A Linux file name is any bytes but "/" and NUL,
// not necessarily UTF-8; a String would replace the odd bytes with U+FFFD, and the name could
// no longer be opened. So the browser keeps the bytes for opening and shows them escaped.
import CurtainLayout
import CurtainPlatform

struct RawPath: Equatable {
    /// Absolute and normalised ("/", or "/a/b": no ".", "..", repeated or trailing "/").
    private(set) var bytes: [UInt8]

    /// `path` made absolute (from the current directory) and normalised without touching the
    /// file system, so going up from a link goes to where the path says, as `cd ..` does.
    init(_ path: [UInt8]) {
        var parts: [ArraySlice<UInt8>] = []
        let absolute = path.first == UInt8(ascii: "/") ? path : Self.currentDirectory() + [UInt8(ascii: "/")] + path
        for part in absolute.split(separator: UInt8(ascii: "/")) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        bytes = parts.isEmpty ? [UInt8(ascii: "/")] : parts.flatMap { [UInt8(ascii: "/")] + $0 }
    }

    /// What the command line asks for: the directory to browse (its one argument, bytes as
    /// given, or the current directory), the help, or a mistake said in one line.
    enum CommandLineRequest: Equatable {
        case browse(RawPath)
        case help
        case mistake(String)
    }

    static let usage = "usage: curtain-browser [DIRECTORY]"

    /// Reads the command line: at most one argument, `--help`/`-h`, no other option (a
    /// directory whose name starts with `-` is `./-name`), and a directory that can be opened.
    static func fromArguments() -> CommandLineRequest {
        let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0] }.map { argument in
            Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
        guard let first = arguments.first else { return .browse(RawPath(currentDirectory())) }
        if first == Array("--help".utf8) || first == Array("-h".utf8) { return .help }
        if first.first == UInt8(ascii: "-"), first.count > 1 {
            return .mistake("unknown option \(shown(first)); \(usage)")
        }
        guard arguments.count == 1 else { return .mistake("one directory at most; \(usage)") }
        let path = RawPath(first)
        switch path.status() {
        case .failure(let error): return .mistake("\(shown(first)): \(error)")
        case .success(let info) where info.st_mode & S_IFMT != S_IFDIR: return .mistake("\(shown(first)): not a directory")
        case .success: return .browse(path)
        }
    }

    var parent: RawPath { RawPath(bytes + Array("/..".utf8)) }
    var name: [UInt8] { Array(bytes.split(separator: UInt8(ascii: "/")).last ?? []) }
    func appending(_ name: [UInt8]) -> RawPath { RawPath(bytes + [UInt8(ascii: "/")] + name) }

    /// For the screen: UTF-8 as it is, each byte that is not part of valid UTF-8 as `\xE9`, and
    /// what would not be seen as `<U+200B>` (``MessageText``): a name with a zero-width space
    /// or a bidi override must not look like another name, or like a name it is not.
    /// (Control characters become their control pictures, as the views draw them.)
    var shown: String { Self.shown(bytes) }

    static func shown(_ bytes: [UInt8]) -> String {
        // Most names are valid UTF-8: one validation, no scalar-by-scalar building.
        if let text = String(validating: bytes, as: UTF8.self) { return MessageText.escaping(text) }
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                return MessageText.escaping(text)
            }
        }
    }

    /// Calls `body` with the path as a C string.
    func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `stat` (links followed), or why not.
    func status() -> Result<stat, SystemError> {
        var info = stat()
        return withCString { stat($0, &info) } == 0 ? .success(info) : .failure(SystemError(errno))
    }

    /// Where the link at this path points, as the bytes the link holds (not followed); nil when
    /// the path is no link.
    func linkTarget() -> [UInt8]? {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = withCString { path in
                buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), capacity) }
            }
            if count < 0 { return nil }
            // A target that fills the buffer may have been cut: read it again with room to spare.
            if count < capacity { return Array(buffer[..<count]) }
            capacity *= 2
        }
    }

    var isLink: Bool {
        var info = stat()
        return withCString { lstat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The entries of this directory (not "." and ".."), or why they cannot be read. The type
    /// comes with the name (`d_type`); only links and entries of a file system that does not
    /// say are looked up (`fstatat` in the directory: no path is built), and a name is copied
    /// only to be decoded, so 100 000 entries cost one pass and no allocation but their text.
    func entries() -> Result<[Entry], SystemError> {
        guard let directory = withCString({ opendir($0) }) else { return .failure(SystemError(errno)) }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [Entry] = []
        while let record = readdir(directory) {
            let type = Int32(record.pointee.d_type)
            let entry = withUnsafeBytes(of: &record.pointee.d_name) { raw -> Entry? in
                let name = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.endIndex)])
                if name.elementsEqual([UInt8(ascii: ".")]) || name.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                    return nil
                }
                var isDirectory = type == DT_DIR
                if type == DT_LNK || type == DT_UNKNOWN {
                    var info = stat()
                    isDirectory = fstatat(descriptor, raw.baseAddress!.assumingMemoryBound(to: CChar.self), &info, 0) == 0
                        && info.st_mode & S_IFMT == S_IFDIR
                }
                if let text = String(validating: name, as: UTF8.self) {
                    let shown = MessageText.escaping(text)
                    return Entry(shown: shown, raw: shown == text ? nil : Array(name), isDirectory: isDirectory)
                }
                let bytes = Array(name)
                return Entry(shown: Self.shown(bytes), raw: bytes, isDirectory: isDirectory)
            }
            if let entry { entries.append(entry) }
        }
        return .success(entries)
    }

    private static func currentDirectory() -> [UInt8] {
        guard let path = getcwd(nil, 0) else { return [UInt8(ascii: "/")] }
        defer { free(path) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: strlen(path)))
    }
}

/// An error number from the system, told in the system's words as a message goes on: "no such
/// file or directory".
struct SystemError: Error, CustomStringConvertible {
    let number: Int32
    init(_ number: Int32) { self.number = number }
    var description: String {
        let words = String(cString: strerror(number))
        return words.prefix(1).lowercased() + words.dropFirst()
    }
}
