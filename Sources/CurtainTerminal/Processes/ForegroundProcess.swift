import Curtain
import CurtainPlatform

/// Starting a foreground child and waiting for it off the main actor.
enum ForegroundProcess {
    /// Starts `path` with `arguments` in the program's process group, with the program's
    /// descriptors and environment (``Spawner`` gives it default signal actions and an empty
    /// mask).
    static func spawn(path: String, arguments: [String]) throws -> pid_t {
        var request = SpawnRequest(arguments: arguments)
        request.executable = path
        request.searchesPath = false
        request.closesOtherDescriptors = false
        do {
            return try Spawner.spawn(request)
        } catch {
            throw ForegroundProcessError(message: "\(TerminalRequirements.printable(arguments[0])): \(error)")
        }
    }

    /// Waits for `pid` to end, on a thread of its own; 128 + n for a death by signal n.
    ///
    /// A child that stops by itself (less and vim catch Ctrl-Z and stop only themselves) stops
    /// the app too, so the shell sees the job stopped and `fg` continues both (it signals the
    /// whole process group); otherwise the app would wait for a child nobody can continue.
    static func exitStatus(of pid: pid_t) async -> Int32 {
        @Sendable func reap() -> Int32 {
            while true {
                guard let status = Reaper.wait(for: pid, reportingStops: true) else { return 127 }
                guard case .stopped = status else { return status.shellStatus }
                kill(getpid(), SIGSTOP)
                kill(pid, SIGCONT) // continued: so is the child, if the shell missed it
            }
        }
        let exit = Promise<Int32>()
        // No thread to wait on: wait here (the child has the terminal, the app waits anyway).
        if PlatformThread.startDetachedWithSignalsBlocked({ exit.fulfil(reap()) }) != nil { return reap() }
        return await exit.value
    }
}
