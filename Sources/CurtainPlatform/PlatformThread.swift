/// An operating-system thread. `pthread_t` is an integer on glibc (zero before
/// `pthread_create`) and a non-null pointer on Darwin (`pthread_t _Nullable *` as
/// `pthread_create`'s out-parameter, so optional until created): this file hides that.
package struct PlatformThread: @unchecked Sendable {
    package let handle: pthread_t

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread; the error number when none could be made (`EAGAIN`).
    package static func start(_ body: @escaping @Sendable () -> Void) -> Result<PlatformThread, PlatformError> {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        // Both declare the start routine `void *(*)(void *)` with a nullable argument (Darwin's
        // pthread.h since its nullability annotations), so one closure serves.
        let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }
        #if canImport(Darwin)
        var created: pthread_t?
        let status = pthread_create(&created, nil, entry, context)
        #else
        var created = pthread_t()
        let status = pthread_create(&created, nil, entry, context)
        #endif
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return .failure(PlatformError(code: status))
        }
        #if canImport(Darwin)
        guard let thread = created else { return .failure(PlatformError(code: EAGAIN)) }
        #else
        let thread = created
        #endif
        return .success(PlatformThread(handle: thread))
    }

    /// Lets the thread's resources go when it ends (nobody joins it).
    package func detach() { pthread_detach(handle) }

    /// Waits for the thread to end.
    package func join() { pthread_join(handle, nil) }
}

/// An error number from a system call, with its text.
package struct PlatformError: Error, Equatable, CustomStringConvertible {
    package let code: Int32
    package init(code: Int32) { self.code = code }
    package var description: String { String(cString: strerror(code)) }
}
