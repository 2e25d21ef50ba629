import Curtain

extension Log {
    /// Shows `process`'s output as it arrives, as a terminal would (see
    /// ``Log/append(ansi:)`` and ``Log/showOpenLine(ansi:)``), until the output ends; returns
    /// how the process ended. The child's terminal follows the log's size: it takes the log's
    /// size when the follow starts (or at the log's first layout, for a child started before
    /// the first frame), and every new size at once, whether the child writes or not (it gets
    /// SIGWINCH). Cancelling the task that follows stops reading (not the process:
    /// ``ChildProcess/stop(grace:)`` does).
    ///
    /// ```swift
    /// let child = try ChildProcess(shell: "make test")
    /// log.task { let ended = await log.follow(child); log.append("make test \(ended)") }
    /// ```
    ///
    /// The output is read into lines on the thread that reads every child, a bounded batch at
    /// a time; the main actor only stores them. Thousands of lines a second cost frames, not
    /// keys. A process's output has one consumer: a second call (or one after iterating
    /// ``ChildProcess/output``) is a programming error, and stops the program saying so, as a
    /// second iteration of an `AsyncStream` does. The colours a child leaves set are its own:
    /// they do not carry into text the program appends.
    ///
    /// To act on the lines too — count failures, notify — pass `eachLine`: it is called on the
    /// main actor with every complete line as the log shows it (sequences applied, without
    /// colours), in order, once the log holds it. The line a child is still writing (the open
    /// line) is passed once it is complete.
    ///
    /// ```swift
    /// var failures = 0
    /// let ended = await log.follow(child) { line in
    ///     if line.hasPrefix("FAIL") { failures += 1; scene.notify(line, severity: .error) }
    /// }
    /// ```
    @discardableResult
    public func follow(_ process: ChildProcess, eachLine: (@MainActor (String) -> Void)? = nil) async -> Termination {
        let channel = process.output.channel
        precondition(channel.claimForReading(),
                     "a child's output has one consumer: it is already iterated or followed by a log")
        if layoutFrame.width > 0, layoutFrame.height > 0 {
            process.resize(columns: layoutFrame.width, rows: layoutFrame.height)
        }
        sizeDidChange = { size in process.resize(columns: size.width, rows: size.height) }
        process.showsText(in: shownColors)
        defer { sizeDidChange = nil }
        while case .read(let batch)? = await channel.take() {
            if let lines = batch.lines {
                append(lines)
                if let eachLine { lines.texts.forEach(eachLine) }
            }
            showOpenLine(batch.openLine)
            // A turn of the main actor between batches: keys and frames go first.
            await Task.yield()
        }
        return await process.termination
    }
}
