import CurtainLayout

extension Scene {
    /// Delivers an event; returns whether something handled it.
    ///
    /// - A **key** travels the responder chain: the focused view (the root when nothing has
    ///   focus) and its superviews; from the top of presented content, its presentation
    ///   controller and then — unless the presentation traps focus — the view it was presented
    ///   from and its superviews; then the key bindings (``bind(_:action:)``); then the
    ///   defaults: Tab and Shift-Tab move focus (``focusNext()``, ``focusPrevious()``). Below
    ///   ``minimumSize`` only the root view and the bindings see keys.
    /// - **Paste** takes the keys' path through the views and controllers.
    /// - A mouse **press** goes to the view under the pointer (presented content first), which
    ///   it also focuses (the nearest view from there up that can take focus), and up its
    ///   superviews until one handles it; a press on a context's dimmed area goes to that
    ///   presentation's controller instead (``PresentationController/handlePressOnDimmedArea(at:)``).
    ///   **Drags** and the **release** go to the view that handled the press; **wheel** turns to
    ///   the view under the pointer and up.
    /// - A **resize** sets ``size``.
    @discardableResult
    public func handle(_ event: Event) -> Bool {
        switch event {
        case .key(let key): return handleKey(key)
        case .paste(let text): return !isBelowMinimumSize && forEachResponder { $0.handlePaste(text) } onController: { _ in false }
        case .mouse(let mouse): return !isBelowMinimumSize && handleMouse(mouse)
        case .resize(let newSize):
            size = newSize
            return true
        case .inputEnded: return false
        }
    }

    /// Binds `key` to `action` at the end of the responder chain: it runs when no view and no
    /// presentation handled the key. Binding a key again replaces its action.
    public func bind(_ key: Key, action: @escaping @MainActor () -> Void) {
        bindings[key] = action
    }

    /// Removes the binding of `key`.
    public func unbind(_ key: Key) {
        bindings[key] = nil
    }

    // MARK: - Keys

    private func handleKey(_ key: Key) -> Bool {
        if isBelowMinimumSize {
            return root.handleKey(key) || runBinding(for: key)
        }
        if forEachResponder({ $0.handleKey(key) }, onController: { $0.handleKey(key) }) { return true }
        if runBinding(for: key) { return true }
        switch key {
        case .tab: focusNext()
        case .backTab: focusPrevious()
        default: return false
        }
        return true
    }

    private func runBinding(for key: Key) -> Bool {
        guard let action = bindings[key] else { return false }
        action()
        return true
    }

    /// Offers an event to each responder of the chain from the focused view until one takes
    /// it: views up to the top of their tree, then the presentation controller, then (unless
    /// it traps focus) the view it was presented from and up.
    private func forEachResponder(_ view: (View) -> Bool, onController controller: (PresentationController) -> Bool) -> Bool {
        var current: View? = focusedView ?? root
        // A presentation that traps focus gets the keys even when nothing in it can take focus.
        if let trap = focusTrap?.presentedView, !(focusedView.map(trap.isAncestor) ?? false) { current = trap }
        // A presentation presented from inside its own content would loop; no chain is longer
        // than the views and presentations on screen.
        var steps = 0
        while let responder = current, steps < 10_000 {
            steps += 1
            if view(responder) { return true }
            if let parent = responder.superview {
                current = parent
                continue
            }
            guard let owner = presentations.last(where: { $0.presentedView === responder }) else { return false }
            if controller(owner) { return true }
            if owner.trapsFocus { return false }
            current = owner.presentingView.flatMap { isOnScreen($0) ? $0 : nil } ?? root
        }
        return false
    }

    // MARK: - Mouse

    private func handleMouse(_ event: MouseEvent) -> Bool {
        movePointer(to: event.location)
        switch event.kind {
        case .press:
            return handlePress(event)
        case .drag, .release:
            if let dragged = draggedPresentation {
                if event.kind == .drag {
                    dragged.continueDrag(to: event.location, now: clock.now)
                } else {
                    draggedPresentation = nil
                    if dragged.endDrag(at: event.location, now: clock.now, motion: motion) {
                        dismiss(dragged, reason: .dragged)
                    }
                }
                setNeedsDisplay()
                return true
            }
            guard let captured = mouseCapture else { return false }
            if event.kind == .release { mouseCapture = nil }
            return captured.handleMouse(event)
        case .scrollUp, .scrollDown, .move:
            return offer(event, from: hitTest(event.location))
        }
    }

    /// Records where the pointer is; a presentation it leaves starts its auto-dismiss delay
    /// again.
    private func movePointer(to location: Point) {
        let hovered = presentations.filter { isHovered($0) }
        pointerLocation = location
        for controller in hovered where !isHovered(controller) { controller.autoDismissReference = clock.now }
    }

    private func handlePress(_ event: MouseEvent) -> Bool {
        let point = event.location
        mouseCapture = nil
        draggedPresentation = nil
        for controller in presentations.reversed() where controller.state == .presenting || controller.state == .presented {
            if let hit = hitTest(point, in: controller) {
                // What the content does not take, its controller may: the start of a drag.
                if press(event, on: hit) && mouseCapture != nil { return true }
                if event.button == .left, controller.allowsInteractiveDismissal {
                    controller.beginDrag(at: point, now: clock.now)
                    draggedPresentation = controller
                }
                return true
            }
            guard let context = controller.contextView, controller.dimmingStrength > 0,
                  controller.dimmingRect(in: context).contains(point) else { continue }
            if controller.handlePressOnDimmedArea(at: point) { return true }
        }
        return press(event, on: root.hitTest(point))
    }

    /// Focuses the nearest focusable view from `hit` up, then offers the press to `hit` and its
    /// superviews; the one that takes it captures the drags and the release.
    private func press(_ event: MouseEvent, on hit: View?) -> Bool {
        guard let hit else { return false }
        var focused = false
        // While a presentation traps focus, a press elsewhere reaches its view but does not
        // take the focus away.
        let trap = focusTrap?.presentedView
        if let target = nearestFocusable(from: hit, within: hit.treeTop), isOnScreen(target),
           trap.map({ $0.isAncestor(of: target) }) ?? true {
            focus(target)
            focused = true
        }
        var current: View? = hit
        while let view = current {
            if view.handleMouse(event) {
                mouseCapture = view
                return true
            }
            current = view.superview
        }
        return focused
    }

    private func offer(_ event: MouseEvent, from hit: View?) -> Bool {
        var current = hit
        while let view = current {
            if view.handleMouse(event) { return true }
            current = view.superview
        }
        return false
    }
}
