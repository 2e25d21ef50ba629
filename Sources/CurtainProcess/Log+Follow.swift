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
    /// The output is read into lines off the main actor, a bounded batch at a time; the main
    /// actor only stores them. Thousands of lines a second cost frames, not keys. The colours
    /// a child leaves set are its own: they do not carry into text the program appends.
    @discardableResult
    public func follow(_ process: ChildProcess) async -> Termination {
        let reading = FollowedOutput(process.output)
        var size = Size.zero
        while let batch = await reading.next() {
            if let lines = batch.lines { append(lines) }
            showOpenLine(batch.openLine)
            if layoutFrame.size != size, layoutFrame.width > 0, layoutFrame.height > 0 {
                size = layoutFrame.size
                process.resize(columns: size.width, rows: size.height)
            }
            // A turn of the main actor between batches: keys and frames go first.
            await Task.yield()
        }
        return await process.termination
    }
}

/// A child's output read into a log's lines on an actor of its own (off the main actor): each
/// batch's lines in one read, its open line read from where they leave off.
actor FollowedOutput {
    struct Batch: Sendable {
        /// The batch's complete lines, nil when it has none.
        var lines: LogLineReader.ReadLines?
        /// The open line, nil when there is none.
        var openLine: LogLineReader.ReadLines?
    }

    private let output: ChildOutput.AsyncIterator
    private var reader = LogLineReader()

    init(_ output: ChildOutput) {
        self.output = output.makeAsyncIterator()
    }

    /// The next batch read, or nil when the output ended (or the task was cancelled).
    func next() async -> Batch? {
        var output = output
        guard let batch = await output.next(isolation: self) else { return nil }
        var read = Batch()
        // One read for the batch: the newlines between its lines end them as a terminal ends
        // them. (A last empty line needs its own newline: one at the very end adds no line.)
        if let last = batch.lines.last {
            read.lines = reader.read(batch.lines.joined(separator: "\n") + (last.isEmpty ? "\n" : ""))
        }
        if !batch.openLine.isEmpty { read.openLine = reader.readOpenLine(batch.openLine) }
        return read
    }
}
