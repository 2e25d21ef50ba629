import CCurtainPlatform
import Synchronization

/// Who belongs to a command: its process group, or — for a command on a terminal of its own —
/// its whole session, which also holds the groups it made (`timeout`, a shell's job control:
/// `set -m`), so that stopping a command stops all of it.
package enum ProcessTable {
    /// The processes of `session` that run. Linux reads `/proc` (zombies left out: the orphans of
    /// a stopped session are reaped by PID 1, late under load). Darwin asks every process's
    /// session (`proc_listallpids`, `getsid`), zombies included, as `kill` would count them.
    ///
    /// Unless `fresh`, one look at every process serves every caller for 20 ms: a program
    /// stopping 300 commands at once asks this of each of them every few milliseconds, and a
    /// look costs a read of every process's `/proc/PID/stat`. A look that decides more than
    /// when to look again — whether a command's output has ended — is `fresh`: a job the
    /// command started a moment ago must be in it.
    package static func members(ofSession session: pid_t, fresh: Bool = false) -> [pid_t] {
        guard session > 1 else { return [] }
        let now = monotonicNanoseconds()
        return sessions.withLock { cache in
            if fresh || cache.takenAt == nil || now - cache.takenAt! > 20_000_000 {
                cache = SessionLook(takenAt: now, members: lookAtEverySession())
            }
            return cache.members[session] ?? []
        }
    }

    private struct SessionLook {
        var takenAt: Int64?
        var members: [pid_t: [pid_t]] = [:]
    }

    private static let sessions = Mutex(SessionLook())

    /// Every running process by session.
    private static func lookAtEverySession() -> [pid_t: [pid_t]] {
        if let linux = LinuxProcFiles.everySession() { return linux }
        var room = 1024
        while true {
            var pids = [Int32](repeating: 0, count: room)
            let count = Int(curtain_all_processes(&pids, Int32(room)))
            guard count >= 0 else { return [:] }
            if count == room {
                room *= 2
                continue
            }
            var members: [pid_t: [pid_t]] = [:]
            for pid in pids[..<count] where pid > 1 {
                let session = curtain_session_of(pid)
                if session > 0 { members[session, default: []].append(pid) }
            }
            return members
        }
    }

    /// The processes other than this one that hold `path` open: a command's terminal, held by
    /// what it started and let go of (`setsid cmd &`). Linux reads `/proc/PID/fd` (a look at
    /// every descriptor of every process: asked once per stop, not while waiting); Darwin cannot
    /// tell without privileges, and finds none.
    package static func holders(of path: String) -> [pid_t] {
        (LinuxProcFiles.holders(of: path) ?? []).filter { $0 != getpid() }
    }

    /// Whether `process` still runs: a zombie does not where the system can tell (`/proc`);
    /// elsewhere what `kill` finds counts.
    package static func runs(_ process: pid_t) -> Bool {
        guard process > 1, kill(process, 0) == 0 || errno == EPERM else { return false }
        return LinuxProcFiles.processRuns(process) ?? true
    }
}
