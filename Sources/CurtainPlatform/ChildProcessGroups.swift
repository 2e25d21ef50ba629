import Synchronization

/// The processes the program started and must not leave behind — the one tracker of them,
/// read on every way out:
///
/// - **a way out where the program still runs code** (a signal whose default action ends it,
///   a crash, `exit`): the emergency restore calls ``hangUpAll()`` from its handler, which
///   sends each tracked group or process SIGHUP, SIGTERM and SIGCONT — what a terminal's
///   hang-up would have sent them, had they not been in groups of their own;
/// - **every other way out, SIGKILL included**: a watchdog process, started with the first
///   child and told each entry as it comes and goes on a socket. When the program ends however
///   it ends, its end of the socket closes, and the watchdog hangs up what is still listed,
///   waits for it (ten checks a second, three seconds at most) and kills what is left.
///
/// Why a watchdog: `PR_SET_PDEATHSIG` must be set by the child between fork and exec, which
/// `posix_spawn` cannot do, reaches only the direct child and fires when the *thread* that
/// started it ends; a subreaper adopts orphans but ends nothing when it dies. A watchdog sees
/// the program's end whatever the cause and signals whole groups; it needs nothing but
/// `/bin/sh`, on Linux and macOS alike.
///
/// The entries live in a table allocated before any handler is armed (``prepare()``; the
/// terminal's emergency restore calls it first), so the handler reads them without allocating
/// or locking (async-signal-safe).
package enum ChildProcessGroups {
    /// The tracked entries, 0 for a free slot: a table that grows (no limit on how many), read
    /// by the handler through one pointer. A full table is copied into one twice its size,
    /// which then replaces it; the old one is never freed, so a handler still reading it is
    /// safe.
    struct Table {
        var capacity: Int
        var slots: UnsafeMutablePointer<pid_t>
        /// The process that started the groups: a child forked from it (a test's, a crash
        /// reporter's) inherits this memory, and must not hang up its parent's children.
        var owner: pid_t = 0

        static func make(capacity: Int) -> UnsafeMutablePointer<Table> {
            let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
            slots.initialize(repeating: 0, count: capacity)
            let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
            table.initialize(to: Table(capacity: capacity, slots: slots))
            return table
        }
    }

    /// How many entries the first table holds.
    static let initialCapacity = 256

    /// The current table (never freed; see ``Table``). Written under ``lock``; read by the
    /// handler without it, which only ever finds a whole table (one pointer store).
    private nonisolated(unsafe) static let current: UnsafeMutablePointer<UnsafeMutablePointer<Table>> = {
        let pointer = UnsafeMutablePointer<UnsafeMutablePointer<Table>>.allocate(capacity: 1)
        pointer.initialize(to: Table.make(capacity: initialCapacity))
        return pointer
    }()
    private static let lock = Mutex(())

    /// Milliseconds the watchdog gives what it hung up before SIGKILL: the grace a command's
    /// leftovers get from the program too (``Watchdog/graceTenths``).
    package static var graceMilliseconds: Int { Watchdog.graceTenths * 100 }

    /// Allocates the table, if not done yet. Call before arming a handler that calls
    /// ``hangUpAll()``: a handler must never be the first to touch a lazy global.
    package static func prepare() { _ = current }

    /// Tracks `group` (a process group id: a child that leads its own group) until
    /// ``remove(_:)``.
    package static func add(_ group: pid_t) {
        guard group > 1 else { return }
        track(group, watchdogTarget: "g\(group)")
    }

    /// Stops tracking `group`: nothing of it runs any more.
    package static func remove(_ group: pid_t) { untrack(group, watchdogTarget: "g\(group)") }

    /// Tracks `session` (a child that leads a session of its own on the terminal at
    /// `terminal`) until ``remove(session:terminal:)``. The signal path hangs up its leader's
    /// group (all a handler can do safely); the watchdog, every process of the session,
    /// whatever group it made, and what holds its terminal (Linux).
    package static func add(session: pid_t, terminal: String) {
        guard session > 1 else { return }
        track(session, watchdogTarget: "s\(session)\n+t\(terminal)")
    }

    /// Stops tracking `session`: nothing of it runs. Its terminal stays listed with the
    /// watchdog: what holds it (a process the command sent off with `setsid`) can outlive the
    /// session and is found only by looking; one that ignores the hang-up is killed after a
    /// grace, and a program that ends within that grace leaves it to the watchdog. A terminal
    /// listed again (its number reused by a later command) is listed once.
    package static func remove(session: pid_t, terminal: String) {
        untrack(session, watchdogTarget: "s\(session)")
    }

    /// Tracks `process`, a child that runs in the program's own process group (a pager given
    /// the terminal), until ``remove(process:)``: on the way out it gets the same signals, sent
    /// to it alone.
    package static func add(process: pid_t) {
        guard process > 1 else { return }
        track(-process, watchdogTarget: "p\(process)")
    }

    /// Stops tracking `process`.
    package static func remove(process: pid_t) { untrack(-process, watchdogTarget: "p\(process)") }

    /// A slot holds a group as its id and a process as its pid negated, so that `kill(-slot)`
    /// reaches either; 0 is free, and ±1 never appear (`kill(-1)` would reach every process).
    private static func track(_ slot: pid_t, watchdogTarget: String) {
        prepare()
        lock.withLock { _ in
            let table = current.pointee
            table.pointee.owner = getpid()
            let tracked = table.pointee
            if let free = (0..<tracked.capacity).first(where: { tracked.slots[$0] == 0 }) {
                tracked.slots[free] = slot
            } else {
                let larger = Table.make(capacity: tracked.capacity * 2)
                larger.pointee.slots.update(from: tracked.slots, count: tracked.capacity)
                larger.pointee.slots[tracked.capacity] = slot
                larger.pointee.owner = tracked.owner
                current.pointee = larger
            }
        }
        Watchdog.shared.tell("+\(watchdogTarget)\n")
    }

    private static func untrack(_ slot: pid_t, watchdogTarget: String) {
        lock.withLock { _ in
            let tracked = current.pointee.pointee
            for index in 0..<tracked.capacity where tracked.slots[index] == slot { tracked.slots[index] = 0 }
        }
        Watchdog.shared.tell("-\(watchdogTarget)\n")
    }

    /// Sends SIGHUP, SIGTERM and SIGCONT to every tracked group and process. Async-signal-safe
    /// once ``prepare()`` ran.
    package static func hangUpAll() {
        let tracked = current.pointee.pointee
        guard tracked.owner == getpid() else { return }
        for index in 0..<tracked.capacity {
            let slot = tracked.slots[index]
            guard slot > 1 || slot < -1 else { continue }
            _ = kill(-slot, SIGHUP)
            _ = kill(-slot, SIGTERM)
            _ = kill(-slot, SIGCONT)
        }
    }
}

/// The watchdog process (see ``ChildProcessGroups``). Each entry is told as a target: `gID` a
/// process group, `pID` a process, `sID` a session — every process in it, whatever group it
/// made, through `pkill -s` (procps on Linux, the BSD one on macOS; where there is none, the
/// session leader's group alone) — and `tPATH` a terminal: what still holds it open (`find
/// -lname` over `/proc/*/fd`, Linux only), hung up, waited for and killed with the rest. Only
/// `PATH (deleted)` is this terminal: the program's side closed with the program, and a new
/// terminal given the same number since (another program's, as soon as the next one opens) is
/// `PATH`, live, and none of the watchdog's business.
final class Watchdog: Sendable {
    static let shared = Watchdog()

    /// Tenths of a second the watchdog gives the entries between the hang-up and SIGKILL.
    static let graceTenths = 30

    /// What the watchdog runs: keeps the list, and at the end of its input ends what is listed.
    static let script = """
        trap '' HUP INT QUIT TERM TSTP TTIN TTOU PIPE
        signal() {
          case $2 in
            g*) kill -s $1 -- -${2#g} ;;
            p*) kill -s $1 -- ${2#p} ;;
            s*) kill -s $1 -- -${2#s}; pkill -$1 -s ${2#s} ;;
            t*) for f in $(find /proc/[0-9]*/fd -lname "${2#t} (deleted)" 2>/dev/null); do
                  p=${f#/proc/}; kill -s $1 -- ${p%%/*}
                done ;;
          esac
        }
        alive() {
          case $1 in
            g*) kill -s 0 -- -${1#g} ;;
            p*) kill -s 0 -- ${1#p} ;;
            s*) kill -s 0 -- -${1#s} || pgrep -s ${1#s} ;;
            t*) [ -n "$(find /proc/[0-9]*/fd -lname "${1#t} (deleted)" 2>/dev/null | head -n 1)" ] ;;
            *) return 1 ;;
          esac
        }
        targets=
        while read -r line; do
          case $line in
            +*) kept=; for t in $targets; do [ "$t" = "${line#+}" ] || kept="$kept $t"; done; targets="$kept ${line#+}" ;;
            -*) kept=; for t in $targets; do [ "$t" = "${line#-}" ] || kept="$kept $t"; done; targets=$kept ;;
          esac
        done
        [ -n "$targets" ] || exit 0
        for t in $targets; do signal HUP $t; signal TERM $t; signal CONT $t; done >/dev/null 2>&1
        i=0
        while [ $i -lt \(graceTenths) ]; do
          left=; for t in $targets; do alive $t >/dev/null 2>&1 && left="$left $t"; done
          targets=$left; [ -n "$targets" ] || exit 0
          sleep 0.1; i=$((i+1))
        done
        for t in $targets; do signal KILL $t; done >/dev/null 2>&1
        """

    /// The program's end of the socket; nil until the first entry, -1 when no watchdog could be
    /// started (the signal handlers still hang up).
    private let socket = Mutex<Int32?>(nil)

    /// Sends `message`, starting the watchdog first if needed.
    func tell(_ message: String) {
        socket.withLock { socket in
            if socket == nil { socket = Self.start() }
            guard let descriptor = socket, descriptor >= 0 else { return }
            var bytes = Array(message.utf8)
            _ = send(descriptor, &bytes, bytes.count, Self.noSignal)
        }
    }

    /// `send` without SIGPIPE should the watchdog be gone: `MSG_NOSIGNAL` on Linux; Darwin has
    /// no such flag and sets `SO_NOSIGPIPE` on the socket instead (``start()``).
    private static var noSignal: Int32 {
        #if canImport(Darwin)
        0
        #else
        Int32(MSG_NOSIGNAL)
        #endif
    }

    /// Starts `/bin/sh` on the script, its input one end of a socket pair, in a process group
    /// of its own (the terminal's Ctrl-C is not for it); returns the other end, or -1.
    private static func start() -> Int32 {
        guard let pair = try? DescriptorPair.socketPair() else { return -1 }
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(pair.read, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var request = SpawnRequest(arguments: ["/bin/sh", "-c", script, "curtain-watchdog"])
        request.searchesPath = false
        request.streams = .input(from: pair.write)
        request.group = .newGroup
        let started = (try? Spawner.spawn(request)) != nil
        close(pair.write)
        guard started else {
            close(pair.read)
            return -1
        }
        // It is reaped by whoever reaps orphans: it outlives the program by design.
        return pair.read
    }
}
