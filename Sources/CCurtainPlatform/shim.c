// glibc hides these behind _GNU_SOURCE; Darwin names some differently or lacks them (each
// Darwin branch was checked against the SDK's spawn.h, sys/spawn.h and stdlib.h in public
// mirrors, not compiled: no Mac here).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>
#include "CCurtainProcess.h"

/// Marks `descriptor` close-on-exec (Darwin has neither O_CLOEXEC for posix_openpt nor pipe2).
static int close_on_exec(int descriptor) {
    int flags = fcntl(descriptor, F_GETFD);
    return flags < 0 ? -1 : fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC);
}

int curtain_open_pty(char *name, size_t size) {
#if defined(__APPLE__)
    // Darwin's posix_openpt takes only O_RDWR and O_NOCTTY. The moment before the flag is set
    // matters only to a program spawning from two threads at once.
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master >= 0 && close_on_exec(master) != 0) {
        int error = errno;
        close(master);
        errno = error;
        return -1;
    }
#else
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
#endif
    if (master < 0) return -1;
    // ptsname_r: glibc; Darwin since macOS 10.13.4.
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
        int error = errno;
        close(master);
        errno = error;
        return -1;
    }
    return master;
}

// Both systems have it: glibc 2.26, Darwin's sys/spawn.h (0x0400).
int curtain_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int curtain_pipe_cloexec(int ends[2]) {
#if defined(__APPLE__)
    if (pipe(ends) != 0) return -1;
    if (close_on_exec(ends[0]) != 0 || close_on_exec(ends[1]) != 0) {
        int error = errno;
        close(ends[0]);
        close(ends[1]);
        errno = error;
        return -1;
    }
    return 0;
#else
    return pipe2(ends, O_CLOEXEC);
#endif
}

int curtain_spawn_close_others(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__APPLE__)
    // Darwin has no closefrom action; its attribute flag closes every descriptor the file
    // actions do not name, which here are 0, 1 and 2 (lowest is always 3).
    (void)actions;
    (void)lowest;
    return POSIX_SPAWN_CLOEXEC_DEFAULT;
#else
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest) == 0 ? 0 : -1;
#endif
}

// glibc 2.29; Darwin since macOS 10.15.
int curtain_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}
