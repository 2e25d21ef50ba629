import CurtainPlatform

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
