/// Empty `posix_spawn` attributes and file actions, ready for `posix_spawnattr_init` and
/// `posix_spawn_file_actions_init`. glibc declares both as structs; Darwin as `void *`
/// (`spawn.h`), which Swift sees as optional pointers the init functions fill.
#if canImport(Darwin)
package typealias SpawnAttributes = posix_spawnattr_t?
package typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
package typealias SpawnAttributes = posix_spawnattr_t
package typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

/// Not yet initialised: pass to `posix_spawnattr_init` before use.
package func emptySpawnAttributes() -> SpawnAttributes {
    #if canImport(Darwin)
    nil
    #else
    posix_spawnattr_t()
    #endif
}

/// Not yet initialised: pass to `posix_spawn_file_actions_init` before use.
package func emptySpawnFileActions() -> SpawnFileActions {
    #if canImport(Darwin)
    nil
    #else
    posix_spawn_file_actions_t()
    #endif
}
