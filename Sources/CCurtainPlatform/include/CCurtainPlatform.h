// What CurtainProcess needs from libc beyond what Swift's Glibc module shows (its GNU
// extensions) and where Darwin differs: each a prefixed function, compiled in shim.c with
// _GNU_SOURCE.
#ifndef CCURTAINPROCESS_H
#define CCURTAINPROCESS_H

#include <spawn.h>
#include <stddef.h>

/// Opens a pseudo-terminal's master side (close-on-exec, not the caller's controlling
/// terminal), granted and unlocked, and writes its slave's path into `name`; -1 and errno
/// on failure.
int curtain_open_pty(char *name, size_t size);

/// POSIX_SPAWN_SETSID: the child starts a session of its own.
int curtain_spawn_setsid_flag(void);

/// A pipe whose two ends are close-on-exec.
int curtain_pipe_cloexec(int ends[2]);

/// Closes every descriptor from `lowest` on in the child: a closefrom file action (glibc), or
/// the attribute flag to add to the spawn's flags (Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT, which
/// keeps only the descriptors the file actions name). Returns the flag to add (0 with glibc),
/// or -1 on failure.
int curtain_spawn_close_others(posix_spawn_file_actions_t *actions, int lowest);

/// Changes the child's working directory.
int curtain_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
