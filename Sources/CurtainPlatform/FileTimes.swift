/// A file's modification time: glibc names the field `st_mtim`, Darwin `st_mtimespec`
/// (`sys/stat.h`, with `_DARWIN_C_SOURCE`, Swift's default).
extension stat {
    package var modificationTime: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }
}
