/// Hands memory the program freed back to the system: glibc's `malloc_trim`, looked up at
/// run time (musl has none; Darwin's allocator returns freed pages by itself, so there it
/// does nothing).
package func trimFreedMemory() {
    #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
}
