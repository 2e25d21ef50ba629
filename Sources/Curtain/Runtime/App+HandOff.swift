/// A request to give the terminal to another program, answered by the loop at the top of a
/// turn (see ``App/withTerminalReleased(_:)``): the requester waits for its turn, runs its body
/// with the terminal released, and waits again until the loop has taken the terminal back.
@MainActor
final class TerminalHandOff {
    /// The requester's turn: true once the terminal is released, false when the app ends first.
    let turn = Promise<Bool>()
    /// The body ended (returned or threw): the loop takes the terminal back.
    let bodyEnded = Promise<Void>()
    /// The terminal is the app's again: the requester returns.
    let terminalBack = Promise<Void>()

    /// Whether the current task runs inside a hand-off's body: a hand-off asked for there has
    /// the terminal already (waiting for a turn would wait for itself).
    @TaskLocal static var isInBody = false
}

extension App {
    /// Hands the terminal to `body` (an editor, a pager, a shell) and takes it back when `body`
    /// returns or throws.
    ///
    /// The hand-off is a request the loop answers at the top of its next turn, never in the
    /// middle of one: no frame is drawn while it waits; the keys read after the one that led
    /// to it (in its handler, or in a task the handler started) stay queued and are handled, in
    /// order, once the terminal is back — none is lost, doubled, or acted on while the other
    /// program owns the terminal. The backend then gives the terminal back as the shell had it
    /// (see ``Backend/releaseTerminal()``: cooked mode, the main screen, the mouse and paste
    /// modes off), `body` runs, and the backend takes the terminal again — the program's modes,
    /// the size read again, the whole screen repainted — before this returns. Hand-offs
    /// requested together run one after another, in order.
    ///
    /// ```swift
    /// app.scene.bind(.character("p")) {
    ///     Task { try await app.runInForeground(["less", "-R", "build.log"]) }   // CurtainTerminal
    /// }
    /// ```
    ///
    /// - Throws: `CancellationError` when the app is quitting, or quits before the hand-off's
    ///   turn comes (`body` never runs then); otherwise what `body` throws. Outside a running
    ///   loop there is no terminal to give, and inside another hand-off's body the terminal is
    ///   given already: `body` runs at once.
    public func withTerminalReleased<T>(_ body: () async throws -> T) async throws -> T {
        if TerminalHandOff.isInBody { return try await body() }
        if isQuitting { throw CancellationError() }
        guard isRunning, let backend else { return try await body() }
        let handOff = TerminalHandOff()
        handOffs.append(handOff)
        activity &+= 1
        backend.interruptWait()
        guard await handOff.turn.value else { throw CancellationError() }
        let result: Result<T, any Error>
        do {
            result = .success(try await TerminalHandOff.$isInBody.withValue(true) { try await body() })
        } catch {
            result = .failure(error)
        }
        handOff.bodyEnded.fulfil(())
        await handOff.terminalBack.value
        return try result.get()
    }

    /// Whether the loop has been asked to give the terminal away (a hand-off, a suspension):
    /// it then ends the burst and draws nothing until it has.
    var givesTerminalAway: Bool { !handOffs.isEmpty || suspendRequested }

    /// At the top of a turn: suspends when asked (Ctrl-Z), then answers the hand-offs asked
    /// for, in order — the one give-back, the body, the one take-back.
    func giveTerminalAway(on backend: some Backend) async {
        if suspendRequested {
            suspendRequested = false
            await backend.suspend()
        }
        while !isQuitting, !handOffs.isEmpty {
            let handOff = handOffs.removeFirst()
            await backend.releaseTerminal()
            handOff.turn.fulfil(true)
            await handOff.bodyEnded.value
            backend.takeTerminalBack()
            handOff.terminalBack.fulfil(())
            activity &+= 1
        }
    }

    /// The loop ended: hand-offs whose turn never came are answered (their bodies never run).
    func cancelHandOffs() {
        suspendRequested = false
        for handOff in handOffs { handOff.turn.fulfil(false) }
        handOffs.removeAll()
    }
}
