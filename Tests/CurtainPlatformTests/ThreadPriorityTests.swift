import CurtainPlatform
import Synchronization
import Testing

@Suite struct ThreadPriorityTests {
    #if os(Linux)
    /// A lowered thread's nice value is its own (the program's other threads keep theirs) and
    /// ``backgroundNiceIncrement`` above what it was.
    @Test func aLoweredThreadIsNicerAndOnlyIt() throws {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let seen = Mutex<(before: Int32, after: Int32, caller: Int32)?>(nil)
        let caller = id_t(truncatingIfNeeded: currentThreadID())
        let callerBefore = getpriority(which, caller)
        let thread = try PlatformThread.start {
            let own = id_t(truncatingIfNeeded: currentThreadID())
            let before = getpriority(which, own)
            lowerCurrentThreadPriority()
            seen.withLock { $0 = (before, getpriority(which, own), getpriority(which, caller)) }
        }.get()
        thread.join()
        let values = try #require(seen.withLock { $0 })
        #expect(values.after == min(19, values.before + backgroundNiceIncrement))
        #expect(values.caller == callerBefore)
    }
    #endif
}
