import CurtainPlatform
import Foundation

/// Runs `/usr/bin/tmux` with `arguments` and returns what it printed (stdout and stderr).
///
/// Spawned with `posix_spawn`, not Foundation's `Process`: the first client forks the tmux
/// server, which would inherit the test process's descriptors and signal mask (found hanging
/// `Process.waitUntilExit`, a pipe read to its end, and the server itself). Here the child gets
/// a clean signal mask, default handlers, no descriptors beyond 0, 1 and 2, and its output goes
/// to a file, never a pipe the daemonized server could keep open.
func runTmux(_ arguments: [String], outputDirectory: String) throws -> String {
    let outPath = outputDirectory + "/tmux-out-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: outPath) }
    let argv = ["tmux"] + arguments
    let environment = ["LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=/tmp", "TERM=xterm-256color"]
    var actions = emptySpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // No closefrom in Swift's view of glibc: close each (glibc ignores EBADF here).
    for descriptor in Int32(3)..<Int32(1024) { posix_spawn_file_actions_addclose(&actions, descriptor) }
    var attributes = emptySpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t(), all = sigset_t()
    sigemptyset(&empty)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var cArgv = argv.map { strdup($0) } + [nil]
    var cEnv = environment.map { strdup($0) } + [nil]
    defer { (cArgv + cEnv).forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, &cArgv, &cEnv)
    guard status == 0 else { throw TmuxError(message: "cannot run tmux: error \(status)") }
    var exit: Int32 = 0
    while waitpid(pid, &exit, 0) < 0, errno == EINTR {}
    return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
}
