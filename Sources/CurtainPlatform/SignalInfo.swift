/// The two fields of `siginfo_t` the emergency restore reads, which sit in different places:
/// glibc and musl keep the sender in a union (`_sifields._kill.si_pid`), Darwin in a plain
/// field (`si_pid`). And the codes differ: Linux marks `kill` with `SI_USER` = 0 and
/// `tkill`/`sigqueue` with negative codes; Darwin's `SI_USER` is 0x10001 (`sys/signal.h`).
/// Faults have small positive codes on both.
extension siginfo_t {
    /// The process that sent the signal with `kill` (meaningful when ``isSentByKill``).
    package var senderProcess: pid_t {
        #if canImport(Darwin)
        si_pid
        #elseif canImport(Glibc)
        _sifields._kill.si_pid
        #endif
    }

    /// Whether the signal was sent (`kill`, `raise`, `sigqueue`) rather than raised by a
    /// fault of this process. Async-signal-safe.
    package var isSentByKill: Bool {
        #if canImport(Darwin)
        si_code == SI_USER || si_code == SI_QUEUE
        #elseif canImport(Glibc)
        si_code <= 0
        #endif
    }
}
