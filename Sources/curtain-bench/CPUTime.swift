import CurtainPlatform

/// CPU time of the calling thread in nanoseconds: what the work cost, not how long the
/// scheduler kept us waiting.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

/// Runs `body` and adds its thread CPU time in nanoseconds to `sample`.
@inline(__always)
func measure<T>(_ sample: inout UInt64, _ body: () throws -> T) rethrows -> T {
    let start = threadCPUNanoseconds()
    let result = try body()
    sample &+= threadCPUNanoseconds() &- start
    return result
}

/// Median and 99th percentile of samples in nanoseconds (nearest-rank); zeros when empty.
struct Percentiles {
    var median: Double = 0
    var p99: Double = 0
    var count = 0

    init(_ samples: [UInt64]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        count = sorted.count
        median = Double(sorted[(sorted.count - 1) / 2])
        let rank = Int((Double(sorted.count) * 0.99).rounded(.up)) - 1
        p99 = Double(sorted[min(max(rank, 0), sorted.count - 1)])
    }
}
