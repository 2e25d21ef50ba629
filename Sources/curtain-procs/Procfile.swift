import CurtainLayout

/// The commands to run: from the arguments, or a Procfile's `name: command` lines.
struct CommandList {
    struct Entry: Equatable { let name: String; let command: String }

    /// An error in the arguments or the Procfile, said as `file:line: what`.
    struct Problem: Error { let message: String }

    static let usage = "usage: curtain-procs [--] COMMAND... | --file Procfile"

    /// What `--help` prints.
    static let help = """
        \(usage)
        Runs commands side by side, each on a terminal of its own, their output live.
        A command given as an argument is listed by its text; a Procfile has a
        'name: command' line for each (blank lines and '#' comments are skipped).
        Keys: Up/Down select, Enter starts or restarts, x stops (asking first), a starts
        all, X stops all, p shows the output in $PAGER (less -R), Tab moves to the
        output and back, q quits (asking while anything runs), Ctrl-C quits at once.
        No command outlives the program: each is stopped with SIGTERM, then SIGKILL
        after 3 seconds. A command stopped on request is shown as stopped (■), not as
        killed. Commands run with PAGER=cat and GIT_PAGER=cat unless the environment
        sets them (a pager would wait for keys no one can type): git log prints.
        A command's input is at end of file (read and cat go on, not wait); what it asks
        its terminal (the cursor position, the device attributes, its colours) is
        answered.
        """

    /// The longest name a command given as an argument gets (its text, shortened).
    static let nameLength = 28

    /// Reads `arguments` (without the program's name): commands, or `--file PATH` (also
    /// `-f PATH` and `--file=PATH`) alone. After `--` every word is a command, even one that
    /// starts with `-`. Each mistake is said with what was wrong and the usage.
    static func parse(arguments: [String]) throws(Problem) -> [Entry] {
        func mistake(_ what: String) -> Problem { Problem(message: "\(what) (\(usage))") }
        var commands: [String] = []
        var file: String?
        var index = 0
        var onlyCommands = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyCommands || !word.hasPrefix("-") || word == "-" {
                commands.append(word)
                continue
            }
            if word == "--" {
                onlyCommands = true
                continue
            }
            let path: String
            if word == "--file" || word == "-f" {
                guard index < arguments.count else { throw mistake("missing Procfile after '\(word)'") }
                path = arguments[index]
                index += 1
            } else if word.hasPrefix("--file=") {
                path = String(word.dropFirst("--file=".count))
            } else {
                throw mistake("unknown option \(MessageText.quoted(word))")
            }
            guard file == nil else { throw mistake("--file given twice") }
            file = path
        }
        if let file {
            if let command = commands.first {
                throw mistake("--file takes no commands beside it, and \(MessageText.quoted(command)) was given")
            }
            return try procfile(try read(file), name: file)
        }
        guard !commands.isEmpty else { throw mistake("no command given") }
        // Like a Procfile's `name:` with nothing after it: a blank command runs nothing.
        if let blank = commands.firstIndex(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw Problem(message: "command \(blank + 1) is empty")
        }
        return uniqueNames(commands.map { Entry(name: shortened($0), command: $0) })
    }

    /// The entries with a number after every name that repeats an earlier one ("sleep 5 #2"),
    /// shortened to make room for it: two commands the same (or the same once shortened) can be
    /// told apart in the list and in the pane's title.
    static func uniqueNames(_ entries: [Entry]) -> [Entry] {
        var taken = Set(entries.map(\.name))
        var seen: [String: Int] = [:]
        return entries.map { entry in
            seen[entry.name, default: 0] += 1
            guard let count = seen[entry.name], count > 1 else { return entry }
            var number = count
            while true {
                let suffix = " #\(number)"
                let base = entry.name.count + suffix.count > nameLength
                    ? String(entry.name.prefix(nameLength - suffix.count - 1)) + "…" : entry.name
                let name = base + suffix
                if !taken.contains(name) {
                    taken.insert(name)
                    return Entry(name: name, command: entry.command)
                }
                number += 1
            }
        }
    }

    /// The text of the Procfile at `path`, or why there is none: no such file, a directory,
    /// not readable, or not UTF-8 (with the line of the first byte that is not).
    static func read(_ path: String) throws(Problem) -> String {
        let data: [UInt8]
        switch Files.contents(of: path) {
        case .success(let bytes): data = bytes
        case .failure(.missing): throw Problem(message: "\(path): no such file")
        case .failure(.directory): throw Problem(message: "\(path): is a directory, not a Procfile")
        case .failure(.permissionDenied): throw Problem(message: "\(path): cannot be read (permission denied)")
        case .failure(.failed(let why)): throw Problem(message: "\(path): cannot be read (\(why))")
        }
        if var text = String(validating: data, as: UTF8.self) {
            // A byte-order mark, as some editors save UTF-8, is not part of the first name.
            if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
            return text
        }
        let bytes = data
        var offset = 0
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        loop: while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error, .emptyInput: break loop
            }
        }
        let line = bytes[..<offset].count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        throw Problem(message: "\(path):\(line): not UTF-8 text (byte 0x\(byte.count == 1 ? "0" : "")\(byte))")
    }

    /// A command's text as its name: on one line, at most ``nameLength`` characters (`…` at
    /// the end when cut).
    static func shortened(_ command: String) -> String {
        let flat = command.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard flat.count > nameLength else { return flat }
        return String(flat.prefix(nameLength - 1)) + "…"
    }

    /// A Procfile: `name: command` a line (`\n` or `\r\n` ends it); blank lines and `#`
    /// comments skipped; names unique. Linear in the file's size.
    static func procfile(_ text: String, name file: String) throws(Problem) -> [Entry] {
        var entries: [Entry] = []
        var names: Set<String> = []
        // "\r\n" is one Character: split on every line end, not on "\n" alone.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingSpaces()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let at = "\(file):\(index + 1)"
            guard let colon = line.firstIndex(of: ":") else { throw Problem(message: "\(at): expected 'name: command'") }
            let name = line[..<colon].trimmingSpaces()
            let command = line[line.index(after: colon)...].trimmingSpaces()
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar) else {
                throw Problem(message: "\(at): a name is letters, digits, '-', '_' or '.'")
            }
            guard !command.isEmpty else { throw Problem(message: "\(at): '\(name)' has no command") }
            guard names.insert(name).inserted else { throw Problem(message: "\(at): '\(name)' is named twice") }
            entries.append(Entry(name: name, command: command))
        }
        guard !entries.isEmpty else { throw Problem(message: "\(file): no 'name: command' line") }
        return entries
    }

    /// A letter, a digit, `-`, `_` or `.`, judged scalar by scalar: a zero-width joiner or a
    /// combining mark rides on the character before it, which alone would pass.
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "-" || scalar == "_" || scalar == "." { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs (and other horizontal white space) at its ends.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
