// One entry of a directory, and the order the browser lists them in. Outside the main actor on
// purpose: a comparison in main-actor code checks the executor each time, and sorting 100 000
// names makes two million comparisons.

/// An entry: its name as shown (UTF-8; odd bytes and invisible characters escaped), the raw
/// bytes only where they differ from that, and whether it is a directory (or a link to one).
struct Entry {
    let shown: String
    /// The name's bytes when `shown` escapes some of them; nil when they are `shown`'s own.
    let raw: [UInt8]?
    let isDirectory: Bool

    /// The name as the file system has it, for opening.
    var name: [UInt8] { raw ?? Array(shown.utf8) }

    /// Directories first, then by name without regard to case.
    static func sorted(_ entries: [Entry]) -> [Entry] {
        var keyed = entries.map { (key: $0.shown.lowercased(), entry: $0) }
        keyed.sort { $0.entry.isDirectory != $1.entry.isDirectory ? $0.entry.isDirectory : $0.key < $1.key }
        return keyed.map(\.entry)
    }
}
