/// Puts the calling thread below the program's other threads for the scheduler: for work that
/// takes all the processor it is given — a child's output at full speed — and must not delay
/// keys and frames. On an idle machine it still gets all it wants; when the processors are
/// contended, threads at the default priority (the main actor's, the terminal's, other
/// programs') run first.
///
/// Linux: the thread's nice value, which is its own (`setpriority` with the thread's id),
/// raised by ``backgroundNiceIncrement``. Darwin: the utility quality-of-service class
/// (`pthread_set_qos_class_self_np`), its scheduler's class for long work the user sees the
/// progress of. It cannot be undone (raising priority needs a privilege), and a thread it
/// starts inherits it.
package func lowerCurrentThreadPriority() {
    #if canImport(Darwin)
    _ = pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0)
    #else
    let thread = id_t(truncatingIfNeeded: currentThreadID())
    errno = 0
    let current = getpriority(which, thread)
    guard errno == 0 else { return }
    _ = setpriority(which, thread, min(19, current + backgroundNiceIncrement))
    #endif
}

/// How far ``lowerCurrentThreadPriority()`` lowers a thread on Linux: what libdispatch gives
/// its background threads (nice 10: about a tenth of a default thread's share when both want
/// the processor). Chosen by measurement (docs/PERFORMANCE.md, issue 29): +10 kept a key's
/// answer under a child at full speed at 2.9-5.1 ms p99 where +0 gave 9-31 ms.
package let backgroundNiceIncrement: Int32 = 10

#if canImport(Glibc)
private let which = __priority_which_t(PRIO_PROCESS.rawValue)
#elseif !canImport(Darwin)
private let which = PRIO_PROCESS
#endif
