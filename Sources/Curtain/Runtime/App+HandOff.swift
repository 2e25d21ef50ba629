/// The loop's side of handing the terminal to another program: the loop parks (reads and draws
/// nothing) from the moment the hand-off begins until the terminal is back.
final class TerminalHandOff {
    /// Set once the loop stopped reading: whoever hands off may release the terminal.
    var parked: CheckedContinuation<Void, Never>?
    var isParked = false
    /// Resumed when the terminal is back: the loop goes on.
    var resume: CheckedContinuation<Void, Never>?
    var isOver = false
    /// Hand-offs that wait for this one to end.
    var next: [CheckedContinuation<Void, Never>] = []
}

extension App {
    /// Hands the terminal to `body` (an editor, a pager, a shell) and takes it back when `body`
    /// returns or throws.
    ///
    /// In order: the loop stops reading input (what was already read stays queued for later,
    /// so no key is lost or doubled) and stops drawing; the backend gives the terminal back as
    /// the shell had it (see ``Backend/releaseTerminal()``: cooked mode, the main screen, the
    /// mouse and paste modes off); `body` runs; the backend takes the terminal again — the
    /// program's modes, the size read again, the whole screen repainted — and the loop goes on.
    /// A hand-off while another is in progress waits for it. Outside a running loop (a `Pilot`)
    /// the backend is released and taken back around `body` all the same.
    ///
    /// ```swift
    /// let status = try await app.runInForeground(["less", "-R", path])   // CurtainTerminal
    /// ```
    public func withTerminalReleased<T>(_ body: () async throws -> T) async rethrows -> T {
        while let other = handOff { await withCheckedContinuation { other.next.append($0) } }
        let handOff = TerminalHandOff()
        self.handOff = handOff
        if let backend, isRunning {
            backend.interruptWait()
            if !handOff.isParked { await withCheckedContinuation { handOff.parked = $0 } }
        }
        let backend = self.backend
        backend?.releaseTerminal()
        defer {
            backend?.takeTerminalBack()
            self.handOff = nil
            handOff.isOver = true
            handOff.resume?.resume()
            handOff.resume = nil
            for waiting in handOff.next { waiting.resume() }
            scene.setNeedsDisplay()
        }
        return try await body()
    }

    /// The loop's parking spot while the terminal is handed off.
    func parkWhileHandedOff() async {
        guard let handOff, !handOff.isOver else { return }
        handOff.isParked = true
        handOff.parked?.resume()
        handOff.parked = nil
        await withCheckedContinuation { handOff.resume = $0 }
    }
}
