import CurtainPlatform

/// An `fd_set`, with what the C macros `FD_ZERO`, `FD_SET` and `FD_ISSET` do (Swift sees no
/// function-like macros): descriptor `d` is bit `d % W` of word `d / W`, W the bits of a word.
struct DescriptorSet {
    /// Zeroed: `FD_ZERO`.
    var bits = fd_set()

    /// How many descriptors a set holds: `FD_SETSIZE`.
    static let capacity = MemoryLayout<fd_set>.size * 8

    /// Whether `descriptor` has a bit in the set.
    static func holds(_ descriptor: Int32) -> Bool { descriptor >= 0 && Int(descriptor) < capacity }

    /// `FD_SET`. The caller checked ``holds(_:)``.
    mutating func insert(_ descriptor: Int32) {
        let (word, mask) = Self.position(of: descriptor)
        withWords { $0[word] |= mask }
    }

    /// `FD_ISSET`.
    func contains(_ descriptor: Int32) -> Bool {
        let (word, mask) = Self.position(of: descriptor)
        var set = self
        return set.withWords { $0[word] & mask != 0 }
    }

    #if canImport(Darwin)
    /// Darwin: `fds_bits`, an array of `__int32_t` (`__DARWIN_NFDBITS` is 32).
    typealias Word = Int32
    private mutating func withWords<R>(_ body: (UnsafeMutableBufferPointer<Word>) -> R) -> R {
        withUnsafeMutableBytes(of: &bits.fds_bits) { body($0.bindMemory(to: Word.self)) }
    }
    #else
    /// glibc: `__fds_bits`, an array of `__fd_mask` (`long`; `__NFDBITS` is 64 on 64-bit).
    typealias Word = Int
    private mutating func withWords<R>(_ body: (UnsafeMutableBufferPointer<Word>) -> R) -> R {
        withUnsafeMutableBytes(of: &bits.__fds_bits) { body($0.bindMemory(to: Word.self)) }
    }
    #endif

    private static func position(of descriptor: Int32) -> (word: Int, mask: Word) {
        let index = Int(descriptor)
        return (index / Word.bitWidth, Word(1) << (index % Word.bitWidth))
    }
}
