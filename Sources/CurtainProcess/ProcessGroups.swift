import CCurtainProcess
import CurtainTerminal
import CurtainPlatform
import Synchronization

/// The process groups the program started and has not seen end: the one place that stops a
/// group, and the one that tracks them for the ways out the program does not control.
///
/// Two trackers, for two kinds of end. `ChildProcessGroups` (CurtainTerminal) hangs every
/// group up from the program's own signal handlers and at `exit` — at once, but only where
/// the program still runs code. A **watchdog** covers the rest: a small shell process,
/// started with the first child, told each group as it starts and ends on a socket. When
/// the program ends however it ends — SIGKILL included — its end of the socket closes, and
/// the watchdog hangs up the groups still listed, waits for them (re-checking ten times a
/// second, three seconds at most) and kills what is left.
///
/// Why a watchdog: `PR_SET_PDEATHSIG` must be set by the child between fork and exec, which
/// `posix_spawn` cannot do; it reaches only the direct child (not what a shell command
/// starts), and fires when the *thread* that started the child ends. A subreaper
/// (`PR_SET_CHILD_SUBREAPER`) adopts orphans but ends nothing when it dies. A watchdog sees
/// the program's end whatever the cause and signals whole groups; it needs nothing but
/// `/bin/sh`, on Linux and macOS alike.
enum ProcessGroups {
    /// Tracks `group` until ``remove(_:)``.
    static func add(_ group: Int32) {
        ChildProcessGroups.add(group)
        Watchdog.shared.tell("+\(group)\n")
    }

    /// Stops tracking `group`: nothing of it runs any more.
    static func remove(_ group: Int32) {
        ChildProcessGroups.remove(group)
        Watchdog.shared.tell("-\(group)\n")
    }

    /// True while a process of `group` runs. Zombies do not count: the orphans of a stopped
    /// group are reaped by PID 1, late under load (or never, in a container whose PID 1 does
    /// not reap), and a stop waited its whole bound for them. Where `/proc` cannot tell
    /// (another system, a hidden process), what `kill` finds counts, zombies included.
    static func isAlive(_ group: Int32) -> Bool {
        func exists() -> Bool { kill(-group, 0) == 0 || errno == EPERM }
        guard exists() else { return false }
        return LinuxProcFiles.processGroupRuns(group) ?? exists()
    }

    /// SIGTERM and SIGCONT to `group`, SIGKILL after `grace` to what is left; returns when it
    /// is gone, re-checking every few milliseconds.
    static func stop(_ group: Int32, grace: Duration) async {
        guard isAlive(group) else { return }
        _ = kill(-group, SIGTERM)
        _ = kill(-group, SIGCONT)
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        var pause = Duration.milliseconds(2)
        while isAlive(group), clock.now < deadline {
            try? await Task.sleep(for: min(pause, deadline - clock.now))
            pause = min(pause * 2, .milliseconds(50))
        }
        guard isAlive(group) else { return }
        _ = kill(-group, SIGKILL)
        // SIGKILL cannot be caught: the group goes as soon as the kernel has torn it down
        // (and the child is reaped). A bound all the same, never a hang.
        let end = clock.now + .seconds(5)
        while isAlive(group), clock.now < end { try? await Task.sleep(for: .milliseconds(5)) }
    }
}

/// The watchdog process (see ``ProcessGroups``).
final class Watchdog: Sendable {
    static let shared = Watchdog()

    /// Seconds the watchdog gives the groups between the hang-up and SIGKILL.
    static let graceTenths = 30

    /// What the watchdog runs: keeps the list, and at the end of its input ends what is listed.
    static let script = """
        trap '' HUP INT QUIT TERM TSTP TTIN TTOU PIPE
        groups=
        while read -r line; do
          case $line in
            +*) groups="$groups ${line#+}" ;;
            -*) kept=; for g in $groups; do [ "$g" = "${line#-}" ] || kept="$kept $g"; done; groups=$kept ;;
          esac
        done
        [ -n "$groups" ] || exit 0
        for g in $groups; do kill -s HUP -- -$g; kill -s TERM -- -$g; kill -s CONT -- -$g; done 2>/dev/null
        i=0
        while [ $i -lt \(graceTenths) ]; do
          alive=; for g in $groups; do kill -s 0 -- -$g 2>/dev/null && alive="$alive $g"; done
          groups=$alive; [ -n "$groups" ] || exit 0
          sleep 0.1; i=$((i+1))
        done
        for g in $groups; do kill -s KILL -- -$g; done 2>/dev/null
        """

    /// The program's end of the socket; -1 until the first child, or when no watchdog could
    /// be started (the signal handlers still hang up).
    private let socket = Mutex<Int32?>(nil)

    /// Sends `message`, starting the watchdog first if needed.
    func tell(_ message: String) {
        socket.withLock { socket in
            if socket == nil { socket = Self.start() }
            guard let descriptor = socket, descriptor >= 0 else { return }
            var bytes = Array(message.utf8)
            _ = send(descriptor, &bytes, bytes.count, Int32(MSG_NOSIGNAL))
        }
    }

    /// Starts `/bin/sh` on the script, its input one end of a socket pair, in a process group
    /// of its own (the terminal's Ctrl-C is not for it); returns the other end, or -1.
    private static func start() -> Int32 {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return -1 }
        var actions = emptySpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let closeOthers = max(0, curtain_spawn_close_others(&actions, 3))
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK) | closeOthers))
        let words: [String] = ["/bin/sh", "-c", script, "curtain-watchdog"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, ProcessEnvironment.block)
        close(pair[1])
        guard result == 0 else {
            close(pair[0])
            return -1
        }
        // Its end is reaped by whoever reaps orphans: it outlives the program by design.
        return pair[0]
    }
}
