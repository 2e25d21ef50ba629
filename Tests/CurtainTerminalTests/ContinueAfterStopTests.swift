import Curtain
import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests.RestoreOnExit {
    /// `kill -STOP` from outside, then SIGCONT: meanwhile the shell put the terminal back in
    /// cooked mode (as bash does when a job stops). On SIGCONT the session takes its own modes
    /// back and repaints: a key arrives without Enter.
    @Test func continuedAfterAStopFromOutsideTheSessionTakesItsModesBackAndRepaints() async throws {
        var step = 0
        let result = try runChild({
            let session = Self.startAndDraw()
            while let event = session.nextEventBlocking(within: nil) {
                if event == .key(.character("x")) {
                    session.stop()
                    _exit(7)
                }
            }
            _exit(8)
        }, onOutput: { output, master, pid in
            let painted = output.components(separatedBy: "ready").count - 1
            if step == 0, painted == 1 {
                step = 1
                kill(pid, SIGSTOP)
                var status: Int32 = 0
                while waitpid(pid, &status, WUNTRACED) < 0, errno == EINTR {}
                // The shell's modes while the job is stopped.
                var modes = termios()
                tcgetattr(master, &modes)
                modes.c_lflag |= tcflag_t(ICANON | ECHO | ISIG)
                modes.c_iflag |= tcflag_t(ICRNL)
                tcsetattr(master, TCSANOW, &modes)
                kill(pid, SIGCONT)
            } else if step == 1, painted >= 2 {
                step = 2
                var byte = UInt8(ascii: "x")
                _ = write(master, &byte, 1)
            }
        })
        #expect(step == 2, "repainted after SIGCONT")
        #expect(result.exitCode == 7, "the key arrived without Enter")
        expectRestored(result)
    }
}
