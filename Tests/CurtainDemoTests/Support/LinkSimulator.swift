import CurtainPlatform
import Foundation

/// A program on a pseudo-terminal behind a simulated link, for the pacing's end-to-end tests:
/// its output is read at once (as sshd reads it) and reaches the simulated terminal at `rate`
/// bytes a second (nil: at once); the terminal answers a status request (`ESC[5n`) and the
/// device attributes request (`ESC[c`) when every byte before it has arrived, and each answer
/// reaches the program `roundTrip` seconds later (the two halves of the trip together), or
/// later still for the answers `lateAnswers` names (status answer number → extra seconds).
/// Keys go at once. Bandwidth and round trip are separate knobs. 24-bit colour, as the toast
/// bytes test: each dim step repaints the bands.
final class LinkSimulator {
    let rate: Double?
    let roundTrip: Double
    let lateAnswers: [Int: Double]
    private let terminal: PseudoTerminal
    private let pid: pid_t
    private let start = LinkSimulator.now()
    /// Everything the program wrote, as the terminal received it (in order).
    private(set) var received: [UInt8] = []
    /// Chunks read from the program and when each reaches the terminal.
    private var inTransit: [(arrives: Double, bytes: [UInt8])] = []
    private var linkFreeAt = 0.0
    private var answers: [(due: Double, bytes: [UInt8])] = []
    private var scanned = 0
    /// Status answers sent so far.
    private(set) var statusAnswers = 0
    private(set) var exitStatus: Int32?

    init(arguments: [String], columns: Int = 80, rows: Int = 24, rate: Double?, roundTrip: Double,
         lateAnswers: [Int: Double] = [:]) throws {
        self.rate = rate
        self.roundTrip = roundTrip
        self.lateAnswers = lateAnswers
        terminal = try PseudoTerminal.open(columns: columns, rows: rows)
        var request = SpawnRequest(arguments: arguments)
        request.searchesPath = false
        request.environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLORTERM": "truecolor", "NO_COLOR": ""]
        request.streams = .terminal(path: terminal.path)
        request.group = .newSession
        pid = try Spawner.spawn(request)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        close(terminal.master)
    }

    static func now() -> Double { Double(monotonicNanoseconds()) / 1e9 }
    private var clock: Double { Self.now() - start }

    /// Runs the link for `seconds`.
    func pump(_ seconds: Double) {
        let end = clock + seconds
        while clock < end { step() }
    }

    /// Runs the link until the terminal received `text` (when given), everything written
    /// reached it and nothing more came for `quiet` seconds (a clock tick a second leaves such
    /// gaps), `limit` seconds at most (a hang guard). Returns whether it settled.
    @discardableResult
    func settle(showing text: String? = nil, quiet: Double = 0.6, limit: Double = 30) -> Bool {
        let end = clock + limit
        let wanted = text.map { Array($0.utf8) }
        var count = received.count, since = clock
        while clock < end {
            step()
            if let wanted, received.firstRange(of: wanted) == nil { continue }
            if received.count != count || !inTransit.isEmpty || !answers.isEmpty {
                count = received.count
                since = clock
            } else if clock - since >= quiet {
                return true
            }
        }
        return false
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
    }

    /// Sends `q` and waits for the program to end (a hang guard of 10 s, then it is killed).
    func quit(with keys: String = "q") -> Int32? {
        send(keys)
        let end = clock + 10
        while clock < end, exitStatus == nil {
            step()
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
        }
        return exitStatus
    }

    private func step() {
        var descriptor = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 1) > 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(terminal.master, $0.baseAddress, $0.count) }
            if count > 0 {
                let now = clock
                let leaves = max(now, linkFreeAt) + (rate.map { Double(count) / $0 } ?? 0)
                linkFreeAt = leaves
                inTransit.append((leaves, Array(buffer[0..<count])))
            }
        }
        let now = clock
        while let first = inTransit.first, first.arrives <= now {
            inTransit.removeFirst()
            received += first.bytes
            answerQueries(arrivedAt: first.arrives)
        }
        while let first = answers.first, first.due <= now {
            answers.removeFirst()
            _ = first.bytes.withUnsafeBytes { write(terminal.master, $0.baseAddress, $0.count) }
        }
    }

    private static let statusRequest = Array("\u{1B}[5n".utf8)
    private static let attributesRequest = Array("\u{1B}[c".utf8)

    private func answerQueries(arrivedAt: Double) {
        while scanned < received.count {
            let rest = received[scanned...]
            if rest.starts(with: Self.statusRequest) {
                scanned += Self.statusRequest.count
                let extra = lateAnswers[statusAnswers] ?? 0
                statusAnswers += 1
                schedule("\u{1B}[0n", at: arrivedAt + roundTrip + extra)
            } else if rest.starts(with: Self.attributesRequest) {
                scanned += Self.attributesRequest.count
                schedule("\u{1B}[?62;22c", at: arrivedAt + roundTrip)
            } else if rest.count < Self.statusRequest.count, rest.first == 0x1B {
                return // perhaps the start of a request: wait for the rest
            } else {
                scanned += 1
            }
        }
    }

    /// Answers arrive in order: a late one holds back those after it.
    private func schedule(_ answer: String, at due: Double) {
        answers.append((max(due, answers.last?.due ?? due), Array(answer.utf8)))
    }

    /// What the terminal received from byte `offset` on.
    func received(from offset: Int) -> ArraySlice<UInt8> { received[min(offset, received.count)...] }
}
