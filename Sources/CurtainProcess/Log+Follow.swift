import Curtain

extension Log {
    /// Shows `process`'s output as it arrives, as a terminal would (see
    /// ``Log/append(ansi:)`` and ``Log/showOpenLine(ansi:)``), until the output ends; returns
    /// how the process ended. The child's terminal follows the log's size. Cancelling the
    /// task that follows stops reading (not the process: ``ChildProcess/stop(grace:)`` does).
    ///
    /// ```swift
    /// let child = try ChildProcess(shell: "make test")
    /// log.task { let ended = await log.follow(child); log.append("make test \(ended)") }
    /// ```
    ///
    /// The output is read into lines on the thread that reads the child, a bounded batch at a
    /// time, below the interface's priority; the main actor only stores them. Thousands of
    /// lines a second cost frames, not keys. A process's output is followed once: a second
    /// call (or one after iterating ``ChildProcess/output``) shows nothing and returns when
    /// the process ends. The colours a child leaves set are its own: they do not carry into
    /// text the program appends.
    @discardableResult
    public func follow(_ process: ChildProcess) async -> Termination {
        let channel = process.output.channel
        var size = Size.zero
        if channel.claimForReading() {
            while case .read(let batch)? = await channel.take() {
                if let lines = batch.lines { append(lines) }
                showOpenLine(batch.openLine)
                if layoutFrame.size != size, layoutFrame.width > 0, layoutFrame.height > 0 {
                    size = layoutFrame.size
                    process.resize(columns: size.width, rows: size.height)
                }
                // A turn of the main actor between batches: keys and frames go first.
                await Task.yield()
            }
        }
        return await process.termination
    }
}
