import Foundation

/// The commands to run: from the arguments, or a Procfile's `name: command` lines.
struct CommandList {
    struct Entry: Equatable { let name: String; let command: String }

    /// An error in the arguments or the Procfile, said as `file:line: what`.
    struct Problem: Error { let message: String }

    static let usage = "usage: curtain-procs COMMAND... | --file Procfile"

    /// Reads `arguments` (without the program's name).
    static func parse(arguments: [String], readFile: (String) -> String?) throws(Problem) -> [Entry] {
        if arguments.first == "--file" || arguments.first == "-f" {
            guard arguments.count == 2 else { throw Problem(message: usage) }
            let path = arguments[1]
            guard let text = readFile(path) else { throw Problem(message: "\(path): cannot be read") }
            return try procfile(text, name: path)
        }
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") && $0.count > 1 }) else {
            throw Problem(message: usage)
        }
        return arguments.enumerated().map { Entry(name: "\($0.offset + 1)", command: $0.element) }
    }

    /// A Procfile: `name: command` a line; blank lines and `#` comments skipped; names unique.
    static func procfile(_ text: String, name file: String) throws(Problem) -> [Entry] {
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let at = "\(file):\(index + 1)"
            guard let colon = line.firstIndex(of: ":") else { throw Problem(message: "\(at): expected 'name: command'") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let command = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
                throw Problem(message: "\(at): a name is letters, digits, '-', '_' or '.'")
            }
            guard !command.isEmpty else { throw Problem(message: "\(at): '\(name)' has no command") }
            guard !entries.contains(where: { $0.name == name }) else { throw Problem(message: "\(at): '\(name)' is named twice") }
            entries.append(Entry(name: name, command: command))
        }
        guard !entries.isEmpty else { throw Problem(message: "\(file): no 'name: command' line") }
        return entries
    }
}
