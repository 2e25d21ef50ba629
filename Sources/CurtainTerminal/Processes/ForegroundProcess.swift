import CurtainPlatform

/// Starting a foreground child and waiting for it off the main actor.
enum ForegroundProcess {
    /// Starts `path` with `arguments`, default signal actions and an empty signal mask.
    static func spawn(path: String, arguments: [String]) throws -> pid_t {
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, nil, &attributes, argv, ProcessEnvironment.block)
        guard result == 0 else {
            throw ForegroundProcessError(message: "\(TerminalRequirements.printable(arguments[0])): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for `pid` to end, on a thread of its own; 128 + n for a death by signal n.
    ///
    /// A child that stops by itself (less and vim catch Ctrl-Z and stop only themselves) stops
    /// the app too, so the shell sees the job stopped and `fg` continues both (it signals the
    /// whole process group); otherwise the app would wait for a child nobody can continue.
    static func exitStatus(of pid: pid_t) async -> Int32 {
        await withCheckedContinuation { continuation in
            PlatformThread.startDetachedWithSignalsBlocked {
                var status: Int32 = 0
                while true {
                    if waitpid(pid, &status, WUNTRACED) < 0 {
                        guard errno == EINTR else { return continuation.resume(returning: 127) }
                        continue
                    }
                    guard status & 0xff == 0x7f else { break } // stopped, not ended
                    kill(getpid(), SIGSTOP)
                    kill(pid, SIGCONT) // continued: so is the child, if the shell missed it
                }
                let signal = status & 0x7f
                continuation.resume(returning: signal == 0 ? (status >> 8) & 0xff : 128 + signal)
            }
        }
    }
}
