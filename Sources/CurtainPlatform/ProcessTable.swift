import CCurtainPlatform

/// Who belongs to a command: its process group, or — for a command on a terminal of its own —
/// its whole session, which also holds the groups it made (`timeout`, a shell's job control:
/// `set -m`), so that stopping a command stops all of it.
package enum ProcessTable {
    /// The processes of `session` that run. Linux reads `/proc` (zombies left out: the orphans of
    /// a stopped session are reaped by PID 1, late under load). Darwin asks every process's
    /// session (`proc_listallpids`, `getsid`), zombies included, as `kill` would count them.
    package static func members(ofSession session: pid_t) -> [pid_t] {
        guard session > 1 else { return [] }
        if let members = LinuxProcFiles.sessionMembers(session) { return members }
        var room = 1024
        while true {
            var pids = [Int32](repeating: 0, count: room)
            let count = Int(curtain_all_processes(&pids, Int32(room)))
            guard count >= 0 else { return [] }
            if count == room {
                room *= 2
                continue
            }
            return pids[..<count].filter { $0 > 1 && curtain_session_of($0) == session }
        }
    }

    /// The processes other than this one that hold `path` open: a command's terminal, held by
    /// what it started and let go of (`setsid cmd &`). Linux reads `/proc/PID/fd`; Darwin cannot
    /// tell without privileges, and finds none.
    package static func holders(of path: String) -> [pid_t] {
        (LinuxProcFiles.holders(of: path) ?? []).filter { $0 != getpid() }
    }
}
