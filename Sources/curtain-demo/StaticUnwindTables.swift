import CurtainPlatform

// The release build is one static executable (Package.swift). Linked statically, glibc's
// crtbeginT registers the program's whole `.eh_frame` with libgcc's unwinder at start, and the
// first unwind then makes libgcc read all 1.6 MiB of it and sort every frame description
// (44 000, two arrays of 344 KiB): 2.2 MiB of peak memory and most of a start's CPU. Under an
// async `main` that first unwind always comes — `dispatch_main()` ends the main thread with
// `pthread_exit`, whose cleanup is a forced unwind (docs/PERFORMANCE.md).
//
// With nothing registered, libgcc finds frames the way it does in a dynamic program: glibc's
// `_dl_find_object` gives it the `.eh_frame_hdr` table the linker sorted, and a lookup reads a
// few pages of it. So the static link wraps the registration (`--wrap=__register_frame_info`
// and its undo, Package.swift) and these do nothing; no other code calls them. Debug builds are
// dynamic and never reach them.

/// crtbeginT's registration of `.eh_frame`, skipped.
@_cdecl("__wrap___register_frame_info")
func skipFrameRegistration(_ begin: UnsafeRawPointer?, _ object: UnsafeMutableRawPointer?) {}

/// Its undo at exit: nothing was registered.
@_cdecl("__wrap___deregister_frame_info")
func skipFrameDeregistration(_ begin: UnsafeRawPointer?) -> UnsafeMutableRawPointer? { nil }
