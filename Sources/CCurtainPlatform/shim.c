// glibc hides some of these behind _GNU_SOURCE; Darwin names some differently or lacks them.
// Each Darwin branch was checked against the SDK's headers in public mirrors (spawn.h,
// sys/spawn.h, stdlib.h, sys/socket.h, sys/select.h, sys/_types/_timeval.h), not compiled:
// no Mac here (docs/ARCHITECTURE.md, "The system layer").
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include "CCurtainPlatform.h"
#if defined(__APPLE__)
#include <libproc.h>
#include <sys/event.h>
#else
#include <dirent.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#endif
#if defined(__linux__)
#include <sys/epoll.h>
#endif

/// Marks `descriptor` close-on-exec.
static int close_on_exec(int descriptor) {
    int flags = fcntl(descriptor, F_GETFD);
    return flags < 0 ? -1 : fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC);
}

#if defined(__APPLE__)
/// A kqueue, close-on-exec (Darwin's kqueue takes no flags), or -1 and errno.
static int kqueue_close_on_exec(void) {
    int queue = kqueue();
    if (queue >= 0 && close_on_exec(queue) != 0) {
        int error = errno;
        close(queue);
        errno = error;
        return -1;
    }
    return queue;
}

/// Both ends close-on-exec, or both closed and -1 with the first error.
static int both_close_on_exec(int ends[2]) {
    if (close_on_exec(ends[0]) != 0 || close_on_exec(ends[1]) != 0) {
        int error = errno;
        close(ends[0]);
        close(ends[1]);
        errno = error;
        return -1;
    }
    return 0;
}
#endif

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
    return both_close_on_exec(ends);
#else
    return pipe2(ends, O_CLOEXEC);
#endif
}

int curtain_socket_pair_cloexec(int ends[2]) {
#if defined(__APPLE__)
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, ends) != 0) return -1;
    return both_close_on_exec(ends);
#else
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends);
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

int curtain_select_capacity(void) { return FD_SETSIZE; }

int curtain_select_readable(const int *descriptors, int count, long long timeout_nanoseconds,
                            unsigned char *ready) {
    fd_set readable;
    FD_ZERO(&readable);
    int highest = -1;
    for (int i = 0; i < count; i++) {
        ready[i] = 0;
        if (descriptors[i] < 0 || descriptors[i] >= FD_SETSIZE) continue;
        FD_SET(descriptors[i], &readable);
        if (descriptors[i] > highest) highest = descriptors[i];
    }
    struct timeval timeout;
    struct timeval *limit = NULL;
    if (timeout_nanoseconds >= 0) {
        // Rounded up, so the wait never ends just before its deadline. tv_usec is a long on
        // glibc and an int (__darwin_suseconds_t) on Darwin: the casts are C's, not Swift's.
        long long microseconds = timeout_nanoseconds / 1000 + (timeout_nanoseconds % 1000 != 0);
        timeout.tv_sec = (time_t)(microseconds / 1000000);
        timeout.tv_usec = (suseconds_t)(microseconds % 1000000);
        limit = &timeout;
    }
    int result = select(highest + 1, &readable, NULL, NULL, limit);
    if (result > 0) {
        for (int i = 0; i < count; i++) {
            ready[i] = descriptors[i] >= 0 && descriptors[i] < FD_SETSIZE && FD_ISSET(descriptors[i], &readable);
        }
    }
    return result;
}

void curtain_name_current_thread(const char *name) {
#if defined(__APPLE__)
    pthread_setname_np(name);
#else
    char cut[16];
    strncpy(cut, name, sizeof cut - 1);
    cut[sizeof cut - 1] = '\0';
    pthread_setname_np(pthread_self(), cut);
#endif
}

int curtain_edge_watch_open(const int *descriptors, int count) {
#if defined(__linux__)
    int watch = epoll_create1(EPOLL_CLOEXEC);
    if (watch < 0) return -1;
    for (int i = 0; i < count; i++) {
        // EPOLLHUP and EPOLLERR are always reported: a hang-up ends the wait like input.
        struct epoll_event event;
        memset(&event, 0, sizeof event);
        event.events = EPOLLIN | EPOLLET;
        event.data.fd = descriptors[i];
        if (epoll_ctl(watch, EPOLL_CTL_ADD, descriptors[i], &event) != 0) {
            int error = errno;
            close(watch);
            errno = error;
            return -1;
        }
    }
    return watch;
#elif defined(__APPLE__)
    int watch = kqueue_close_on_exec();
    if (watch < 0) return -1;
    for (int i = 0; i < count; i++) {
        // EV_RECEIPT: the change's own result comes back at once, as an EV_ERROR event whose
        // data is 0 or the error (EINVAL for a tty kqueue cannot watch, as libuv finds).
        struct kevent change, result;
        EV_SET(&change, (uintptr_t)descriptors[i], EVFILT_READ, EV_ADD | EV_CLEAR | EV_RECEIPT, 0, 0, NULL);
        int got = kevent(watch, &change, 1, &result, 1, NULL);
        int error = got < 0 ? errno : ((result.flags & EV_ERROR) && result.data != 0 ? (int)result.data : 0);
        if (got == 0) error = EINVAL;
        if (error != 0) {
            close(watch);
            errno = error;
            return -1;
        }
    }
    return watch;
#else
    (void)descriptors;
    (void)count;
    errno = ENOSYS;
    return -1;
#endif
}

int curtain_edge_watch_wait(int watch, int *ready, int capacity) {
#if defined(__linux__)
    struct epoll_event events[16];
    int room = capacity < 16 ? capacity : 16;
    int count = epoll_wait(watch, events, room, -1);
    for (int i = 0; i < count; i++) ready[i] = events[i].data.fd;
    return count;
#elif defined(__APPLE__)
    struct kevent events[16];
    int room = capacity < 16 ? capacity : 16;
    int count = kevent(watch, NULL, 0, events, room, NULL);
    for (int i = 0; i < count; i++) ready[i] = (int)events[i].ident;
    return count;
#else
    (void)watch;
    (void)ready;
    (void)capacity;
    errno = ENOSYS;
    return -1;
#endif
}

int curtain_exit_descriptor(int pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    // pidfd_open (Linux 5.3); glibc's wrapper came later (2.36), the system call is the same.
    // Its descriptors are close-on-exec always.
    return (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int curtain_exit_queue(void) {
#if defined(__APPLE__)
    return kqueue_close_on_exec();
#else
    errno = ENOSYS;
    return -1;
#endif
}

int curtain_exit_queue_watch(int queue, int pid) {
#if defined(__APPLE__)
    struct kevent change;
    EV_SET(&change, (uintptr_t)pid, EVFILT_PROC, EV_ADD | EV_ONESHOT, NOTE_EXIT, 0, NULL);
    return kevent(queue, &change, 1, NULL, 0, NULL) < 0 ? -1 : 0;
#else
    (void)queue;
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int curtain_exit_queue_take(int queue, int *pids, int capacity) {
#if defined(__APPLE__)
    struct kevent events[64];
    int room = capacity < 64 ? capacity : 64;
    struct timespec none = {0, 0};
    int count = kevent(queue, NULL, 0, events, room, &none);
    if (count < 0) return -1;
    int taken = 0;
    for (int i = 0; i < count; i++) {
        if (events[i].filter == EVFILT_PROC) pids[taken++] = (int)events[i].ident;
    }
    return taken;
#else
    (void)queue;
    (void)pids;
    (void)capacity;
    errno = ENOSYS;
    return -1;
#endif
}

int curtain_session_of(int pid) { return (int)getsid((pid_t)pid); }

int curtain_all_processes(int *pids, int capacity) {
#if defined(__APPLE__)
    int bytes = proc_listallpids(pids, capacity * (int)sizeof(int));
    return bytes < 0 ? -1 : bytes;  // proc_listallpids returns a count of pids, despite its argument in bytes
#else
    DIR *proc = opendir("/proc");
    if (proc == NULL) return -1;
    int count = 0;
    struct dirent *entry;
    while (count < capacity && (entry = readdir(proc)) != NULL) {
        char *end = NULL;
        long pid = strtol(entry->d_name, &end, 10);
        if (end != entry->d_name && *end == 0 && pid > 0) pids[count++] = (int)pid;
    }
    closedir(proc);
    return count;
#endif
}

int curtain_anonymous_file(const char *name) {
#if defined(__linux__) && defined(MFD_CLOEXEC)
    // glibc 2.27 (Linux 3.17): memory the program alone can reach, no file in a directory.
    return memfd_create(name, MFD_CLOEXEC);
#else
    (void)name;
    errno = ENOSYS;
    return -1;
#endif
}
