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
    /// Each batch of output is a bounded piece of work: thousands of lines a second cost
    /// frames, not keys.
    @discardableResult
    public func follow(_ process: ChildProcess) async -> Termination {
        var size = Size.zero
        for await batch in process.output {
            // One call for the batch: the newlines between its lines end them as a terminal
            // ends them, and the log's per-call work (the open line, the change) is done once.
            // (A last empty line needs its own newline: one at the very end adds no line.)
            if let last = batch.lines.last {
                append(ansi: batch.lines.joined(separator: "\n") + (last.isEmpty ? "\n" : ""))
            }
            showOpenLine(ansi: batch.openLine)
            if layoutFrame.size != size, layoutFrame.width > 0, layoutFrame.height > 0 {
                size = layoutFrame.size
                process.resize(columns: size.width, rows: size.height)
            }
            // A turn of the main actor between batches: keys and frames go first. (The next
            // batch rarely waits: hand-overs to a waiting consumer are paced at one a frame.)
            await Task.yield()
        }
        return await process.termination
    }
}
