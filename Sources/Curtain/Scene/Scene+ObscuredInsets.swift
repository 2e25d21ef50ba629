import CurtainLayout

extension Scene {
    /// Tells every view that keeps clear of presentations how many of its rows the
    /// presentations of its context cover in this frame (their displayed frames: the inset
    /// follows a slide as it moves).
    func updateObscuredInsets() {
        // Nothing covers anything and nothing was covered last frame: no walk of the tree.
        guard !presentations.isEmpty || hasObscuredInsets else { return }
        hasObscuredInsets = false
        var views = [root]
        while let view = views.popLast() {
            views.append(contentsOf: view.subviews)
            guard view.keepsClearOfPresentations else { continue }
            view.obscuredInsets = isBelowMinimumSize ? EdgeInsets() : insets(coveringPresentationsOf: view)
            if view.obscuredInsets != EdgeInsets() { hasObscuredInsets = true }
        }
    }

    private func insets(coveringPresentationsOf view: View) -> EdgeInsets {
        var insets = EdgeInsets()
        let frame = view.frame
        guard frame.width > 0, frame.height > 0 else { return insets }
        let context = view.presentationContext ?? root
        for controller in presentations where controller.state != .dismissed && controller.contextView === context {
            let covered = controller.displayedFrame.intersection(frame)
            guard covered.width > 0, covered.height > 0 else { continue }
            // Everything from the presentation to the edge it sits against counts as covered,
            // the gap its insets leave included: content reads on above (or below) it.
            switch controller.edge {
            case .bottom: insets.bottom = max(insets.bottom, frame.maxY - covered.minY)
            case .top: insets.top = max(insets.top, covered.maxY - frame.minY)
            }
        }
        insets.bottom = min(insets.bottom, frame.height)
        insets.top = min(insets.top, frame.height - insets.bottom)
        return insets
    }
}
