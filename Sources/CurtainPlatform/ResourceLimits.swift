/// `setrlimit`'s resource argument is an `__rlimit_resource` enum on glibc and an `Int32`
/// on Darwin (`sys/resource.h`).
package enum ResourceLimits {
    /// No core files from this process and its children (the crash tests).
    @discardableResult
    package static func disableCoreDumps() -> Bool {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Darwin)
        return setrlimit(RLIMIT_CORE, &limit) == 0
        #else
        return setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0
        #endif
    }

    /// At most `bytes` of address space: allocations that would need more fail (a test's way
    /// to make `malloc` fail on purpose).
    @discardableResult
    package static func limitAddressSpace(to bytes: Int) -> Bool {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        #if canImport(Darwin)
        return setrlimit(RLIMIT_AS, &limit) == 0
        #else
        return setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0
        #endif
    }

    /// The largest file this process may write (`RLIMIT_FSIZE`'s soft limit), in bytes;
    /// `UInt64.max` for none, 0 when it cannot be read.
    package static var fileSizeLimit: UInt64 {
        var limit = rlimit()
        #if canImport(Darwin)
        let result = getrlimit(RLIMIT_FSIZE, &limit)
        #else
        let result = getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        #endif
        return result == 0 ? UInt64(limit.rlim_cur) : 0
    }
}
