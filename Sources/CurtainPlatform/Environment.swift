/// The process's environment. glibc exports `environ`; Darwin has no `environ` for
/// programs (it is `_NSGetEnviron()`, `crt_externs.h`) — Swift's Darwin overlay gives both the
/// name `environ`, so the difference ends in the standard library; this file keeps the one
/// look-up the package makes.
package enum ProcessEnvironment {
    /// The `NULL`-terminated `NAME=value` strings, as `posix_spawn` takes them.
    package static var block: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { environ }

    /// The value of `name`, or nil when unset.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
