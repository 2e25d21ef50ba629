// The C library, whichever this system has. Every other file of the package imports
// CurtainPlatform instead of Glibc or Darwin, and reaches a libc difference only through the
// small files beside this one (one difference each).
#if canImport(Darwin)
@_exported import Darwin
#elseif canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#else
#error("Curtain needs Darwin, Glibc or Musl")
#endif
