// The C half of the system layer (CurtainPlatform): what Swift cannot reach or would reach
// differently on glibc and Darwin — GNU extensions glibc hides behind _GNU_SOURCE, calls Darwin
// names differently or lacks, the fd_set macros, `struct timeval`'s field widths. Each a
// prefixed function compiled in shim.c, the only C file with a platform #if. Only
// CurtainPlatform imports this module.
#ifndef CCURTAINPLATFORM_H
#define CCURTAINPLATFORM_H

#include <spawn.h>
#include <stddef.h>

/// Opens a pseudo-terminal's master side (close-on-exec, not the caller's controlling
/// terminal), granted and unlocked, and writes its slave's path into `name`; -1 and errno
/// on failure.
int curtain_open_pty(char *name, size_t size);

/// POSIX_SPAWN_SETSID: the child starts a session of its own.
int curtain_spawn_setsid_flag(void);

/// A pipe whose two ends are close-on-exec (pipe2 on glibc; pipe and fcntl on Darwin, which
/// has no pipe2); 0, or -1 and errno.
int curtain_pipe_cloexec(int ends[2]);

/// A connected pair of Unix stream sockets, both close-on-exec (SOCK_CLOEXEC on glibc; fcntl
/// on Darwin, which has no SOCK_CLOEXEC); 0, or -1 and errno.
int curtain_socket_pair_cloexec(int ends[2]);

/// Closes every descriptor from `lowest` on in the child: a closefrom file action (glibc), or
/// the attribute flag to add to the spawn's flags (Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT, which
/// keeps only the descriptors the file actions name). Returns the flag to add (0 with glibc),
/// or -1 on failure.
int curtain_spawn_close_others(posix_spawn_file_actions_t *actions, int lowest);

/// Changes the child's working directory.
int curtain_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// How many descriptors select(2) can watch (FD_SETSIZE): 0 to this minus one.
int curtain_select_capacity(void);

/// select(2) for readability of `count` descriptors (each below curtain_select_capacity()),
/// with a timeout in nanoseconds rounded up to whole microseconds (negative: none). Sets
/// ready[i] to 1 for each readable descriptor, 0 for the others. Returns select's result: how
/// many are ready, 0 on timeout, -1 and errno on failure (EINTR: look again).
int curtain_select_readable(const int *descriptors, int count, long long timeout_nanoseconds,
                            unsigned char *ready);

/// Names the calling thread: pthread_setname_np(pthread_self(), name) on glibc (a GNU
/// extension: at most 15 bytes, longer names are cut here), pthread_setname_np(name) on Darwin.
void curtain_name_current_thread(const char *name);

// MARK: New input, edge-triggered (EdgeReadiness)

/// A descriptor that tells when new bytes arrive on `count` descriptors, edge-triggered: each
/// arrival is told once, however long the bytes stay unread (Linux: epoll with EPOLLET; Darwin:
/// a kqueue with EVFILT_READ and EV_CLEAR). Close-on-exec. -1 and errno when one of them cannot
/// be watched so (Darwin's kqueue refuses some ttys with EINVAL; epoll refuses regular files
/// with EPERM), or where neither exists (ENOSYS): the caller then waits with poll or select.
int curtain_edge_watch_open(const int *descriptors, int count);

/// Blocks until bytes arrived on some of the watched descriptors (or one hung up) since the
/// last call; writes up to `capacity` of them to `ready`. How many, or -1 and errno (EINTR:
/// call again).
int curtain_edge_watch_wait(int watch, int *ready, int capacity);

// MARK: Child exits, for the one thread that watches every child (ChildWatcher)

/// Linux: a descriptor that becomes readable when child `pid` ends (pidfd_open, close-on-exec),
/// to wait on beside the children's output. -1 and errno (ENOSYS on a kernel before 5.3, or on
/// Darwin, which watches exits with a kqueue instead).
int curtain_exit_descriptor(int pid);

/// Darwin: a kqueue (close-on-exec) that ``curtain_exit_queue_watch`` adds children to and that
/// is readable while one of them has ended. -1 and errno (ENOSYS on Linux).
int curtain_exit_queue(void);

/// Darwin: adds `pid` to the queue (EVFILT_PROC, NOTE_EXIT, one shot). 0, or -1 and errno:
/// ESRCH when it has already ended (a zombie: reap it now).
int curtain_exit_queue_watch(int queue, int pid);

/// Darwin: takes the ended children's pids off the queue without waiting, up to `capacity`;
/// how many, or -1 and errno.
int curtain_exit_queue_take(int queue, int *pids, int capacity);

/// A file of the program's own with no name anywhere: Linux's memfd_create (close-on-exec,
/// in memory); -1 and errno where there is none (Darwin: ENOSYS), for the caller to make an
/// unlinked temporary file instead.
int curtain_anonymous_file(const char *name);

/// The session `pid` belongs to (getsid), or -1 and errno.
int curtain_session_of(int pid);

/// Every process id on the system, up to `capacity` (Darwin: proc_listallpids; Linux: the
/// numeric entries of /proc): how many were written, or -1 and errno. A count equal to
/// `capacity` may mean more: call again with more room.
int curtain_all_processes(int *pids, int capacity);

#endif
