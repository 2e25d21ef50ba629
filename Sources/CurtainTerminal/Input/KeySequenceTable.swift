import Curtain

/// The key sequences a terminal's terminfo entry lists, matched before the generic parser.
///
/// xterm-style sequences (`ESC [ 1 ; 5 A`, `ESC O P`, `ESC [ 15 ~`) are decoded without a table;
/// this covers terminals whose keys differ: on the Linux console F1 is `ESC [ [ A`, which the
/// generic parser would end at the second `[`; vt52-style terminals send `ESC A` for Up. Pure:
/// the entries come from terminfo once at start (``fromTerminfo()``) or from a test.
struct KeySequenceTable: Sendable {
    /// Sequence after the ESC → key.
    private var keys: [[UInt8]: Key] = [:]
    /// Every proper prefix of a sequence in `keys` (after the ESC).
    private var prefixes: Set<[UInt8]> = []

    /// A table of `entries`: sequences with their leading ESC. Sequences that do not start with
    /// ESC (Backspace as `^H`) or are ESC alone are left to the generic parser; for a sequence
    /// listed twice the first entry wins.
    init(_ entries: [(sequence: [UInt8], key: Key)] = []) {
        for (sequence, key) in entries where sequence.count >= 2 && sequence[0] == 0x1B {
            let tail = Array(sequence.dropFirst())
            guard keys[tail] == nil else { continue }
            keys[tail] = key
            for length in 1..<tail.count { prefixes.insert(Array(tail.prefix(length))) }
        }
    }

    var isEmpty: Bool { keys.isEmpty }

    /// The key whose sequence is ESC followed by `sequence`, if the terminal lists one.
    func key(for sequence: [UInt8]) -> Key? {
        keys.isEmpty ? nil : keys[sequence]
    }

    /// Whether ESC followed by `sequence` is the start of a longer listed sequence.
    func startsLongerSequence(_ sequence: [UInt8]) -> Bool {
        !prefixes.isEmpty && prefixes.contains(sequence)
    }
}
