#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>
#include "CCurtainProcess.h"

int curtain_open_pty(char *name, size_t size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
        int error = errno;
        close(master);
        errno = error;
        return -1;
    }
    return master;
}

int curtain_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int curtain_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int curtain_spawn_closefrom(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int curtain_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}
