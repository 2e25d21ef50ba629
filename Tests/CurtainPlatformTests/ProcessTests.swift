import CurtainPlatform
import Synchronization
import Testing

@Suite struct ProcessTests {
    @Test func theEnvironmentHoldsAVariableSetNow() {
        let name = "CURTAIN_PLATFORM_PROBE_\(getpid())"
        setenv(name, "yes", 1)
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.value(name) == "yes")
        var found = false
        var entry = ProcessEnvironment.block
        while let string = entry.pointee {
            if String(cString: string) == "\(name)=yes" { found = true }
            entry += 1
        }
        #expect(found, "environ lists it")
        #expect(ProcessEnvironment.value(name + "_UNSET") == nil)
    }

    /// A child spawned with the platform's empty attributes and file actions gets the
    /// environment and its exit status comes back.
    @Test func aSpawnedChildSeesTheEnvironment() throws {
        let name = "CURTAIN_PLATFORM_SPAWN_\(getpid())"
        setenv(name, "yes", 1)
        defer { unsetenv(name) }
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var actions = emptySpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("test \"$\(name)\" = yes && exit 3"), nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, ProcessEnvironment.block) == 0)
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 3, "status \(status)")
    }

    @Test func aFilesModificationTimeIsTheOneSet() throws {
        var template = Array("/tmp/curtain-platform-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        defer { close(fd); template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_234_567_890, tv_nsec: 500_000_000)]
        try #require(futimens(fd, &times) == 0)
        var info = stat()
        try #require(fstat(fd, &info) == 0)
        #expect(info.modificationTime.tv_sec == 1_234_567_890)
        #expect(info.modificationTime.tv_nsec == 500_000_000)
    }

    @Test func threadIDsAreNonZeroAndDistinct() throws {
        let here = currentThreadID()
        #expect(here != 0)
        #expect(currentThreadID() == here, "stable on one thread")
        let ids = Mutex<[UInt64]>([])
        var threads: [PlatformThread] = []
        for _ in 0..<4 {
            let started = PlatformThread.start { ids.withLock { $0.append(currentThreadID()) } }
            threads.append(try started.get())
        }
        for thread in threads { thread.join() }
        let seen = ids.withLock { $0 }
        #expect(seen.count == 4)
        #expect(Set(seen + [here]).count == 5, "\(seen) and \(here)")
        #expect(!seen.contains(0))
    }

    @Test func aDescriptorThatIsNoTerminalHasNoWindowSize() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(TerminalControl.windowSize(of: ends[0]) == nil)
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        #expect(TerminalControl.windowSize(of: null) == nil)
        #expect(TerminalControl.windowSize(of: -1) == nil)
        #expect(write(ends[1], "hello", 5) == 5)
        #expect(TerminalControl.readableByteCount(of: ends[0]) == 5)
    }

    @Test func procFilesAreReadWhereTheyExist() {
        #if os(Linux)
        #expect((LinuxProcFiles.statusField("VmHWM") ?? 0) > 0)
        #expect(LinuxProcFiles.statusField("NoSuchField") == nil)
        #else
        #expect(LinuxProcFiles.statusField("VmHWM") == nil)
        #endif
    }

    /// A group whose one process ended and was not reaped holds a zombie: `kill` still finds
    /// the group, `/proc` tells that nothing of it runs.
    @Test func aGroupOfOnlyAZombieDoesNotRun() throws {
        #if os(Linux)
        let pid = try spawnInGroup(0, "exec sleep 100")
        #expect(LinuxProcFiles.processGroupRuns(pid) == true)
        kill(pid, SIGKILL)
        var info = siginfo_t()
        try #require(waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == 0, "ended, not reaped")
        #expect(kill(-pid, 0) == 0, "kill counts the zombie")
        #expect(LinuxProcFiles.processGroupRuns(pid) == false)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        #expect(LinuxProcFiles.processGroupRuns(pid) == nil, "gone")
        #else
        #expect(LinuxProcFiles.processGroupRuns(getpgrp()) == nil)
        #endif
    }

    /// Starts `/bin/sh -c command` in process group `group` (0: a new one, its own id).
    func spawnInGroup(_ group: Int32, _ command: String) throws -> Int32 {
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, group)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, ProcessEnvironment.block) == 0)
        return pid
    }
}
