/// `CLOCK_MONOTONIC` in nanoseconds: the one reading of the system's clock that the package
/// makes (the animation clock, the terminal's wait deadlines, a child's hand-over interval, the
/// benchmarks). Monotonic, so an NTP adjustment or a changed date never moves a deadline. The
/// same call on glibc and Darwin (macOS 10.12 on).
package func monotonicNanoseconds() -> Int64 {
    var spec = timespec()
    // Cannot fail with a valid pointer and a clock both systems have.
    _ = clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// CPU time of the calling thread in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`, glibc and Darwin
/// alike): what work cost, not how long the scheduler kept it waiting — the benchmarks' clock.
package func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    _ = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}
