extension Scene {
    /// Debug builds compose every frame that reused kept cells again from scratch and stop if
    /// they differ. On by default; a test that counts draws turns it off (the fresh
    /// compositions would count). Not API.
    package var _checksKeptCells: Bool {
        get { checksKeptCells }
        set { checksKeptCells = newValue }
    }

    /// When set, runs each phase of ``renderFrame()``: the benchmark times them. Not API.
    package var _phaseTimer: ((RenderPhase, () -> Void) -> Void)? {
        get { phaseTimer }
        set { phaseTimer = newValue }
    }
}
