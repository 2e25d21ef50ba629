// The two functions of libdispatch that let a program serve the main queue from its own
// loop, as Foundation's CFRunLoop does on Linux (DISPATCH_COCOA_COMPAT, exported by
// swift-corelibs-libdispatch; declared in its private header, which is not installed).
// Curtain's synchronous App.runInTerminal() uses them; nothing else should.
#ifndef CURTAIN_DISPATCH_MAIN_QUEUE_H
#define CURTAIN_DISPATCH_MAIN_QUEUE_H

#include <sys/syscall.h>
#include <unistd.h>

// An eventfd that becomes readable when work is queued on the main queue (Linux).
extern int _dispatch_get_main_queue_handle_4CF(void);
// Runs the work queued on the main queue so far; call on the main thread, never after
// dispatch_main(), and read the eventfd first.
extern void _dispatch_main_queue_callback_4CF(void *message);

static inline int curtain_main_queue_handle(void) { return _dispatch_get_main_queue_handle_4CF(); }
static inline void curtain_drain_main_queue(void) { _dispatch_main_queue_callback_4CF((void *)0); }

// Whether the caller runs on the process's main thread (the only one that may drain the main
// queue before dispatch_main()).
static inline int curtain_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }

#endif
