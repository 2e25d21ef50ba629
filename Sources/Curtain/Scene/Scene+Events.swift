import CurtainLayout

extension Scene {
    /// Delivers an event; returns whether something handled it.
    ///
    /// - A **key** travels the responder chain: the focused view (the root when nothing has
    ///   focus) and its superviews; from the top of presented content, its presentation
    ///   controller and then — unless the presentation traps focus — the view it was presented
    ///   from and its superviews; then the key bindings (``bind(_:global:action:)``, silent under a presentation that traps
    ///   focus unless global); then the
    ///   defaults: Tab and Shift-Tab move focus (``focusNext()``, ``focusPrevious()``). Below
    ///   ``minimumSize`` only the root view and the bindings see keys.
    /// - **Paste** takes the keys' path through the views and controllers.
    /// - A mouse **press** goes to the view under the pointer (presented content first), which
    ///   it also focuses (the nearest view from there up that can take focus), and up its
    ///   superviews until one handles it; a press on a context's dimmed area goes to that
    ///   presentation's controller instead (``PresentationController/handlePressOnDimmedArea(at:)``).
    ///   **Drags** and the **release** go to the view that handled the press — on presented
    ///   content, until the drag goes two rows up or down (more than across): then it moves
    ///   the presentation, as a press the content did not take does. **Wheel** turns go to
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
    ///
    /// A binding belongs to the root's views: like them, it is silent while a presentation
    /// that traps focus is up (an alert, a modal), so a `q` bound to "ask to quit" does not ask
    /// again under its own question, and a `p` bound to "open the pager" does not open it over
    /// the alert. Say `global: true` for the few keys that must act under any presentation.
    /// (Ctrl-C quits and Ctrl-Z suspends everywhere already: they are the app's defaults.)
    ///
    /// ```swift
    /// scene.bind(.character("q")) { app.quit() }                      // not while an alert asks
    /// scene.bind(.function(1), global: true) { scene.notify("F1: help") }   // under an alert too
    /// ```
    ///
    /// - Parameters:
    ///   - key: the key.
    ///   - global: whether the binding acts while a presentation traps focus; false by default.
    ///   - action: what the key does.
    public func bind(_ key: Key, global: Bool = false, action: @escaping @MainActor () -> Void) {
        bindings[key] = KeyBinding(isGlobal: global, action: action)
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

    /// Runs `key`'s binding, unless a presentation traps focus and the binding is not global.
    private func runBinding(for key: Key) -> Bool {
        guard let binding = bindings[key], binding.isGlobal || focusTrap == nil else { return false }
        binding.action()
        return true
    }

    /// Offers an event to each responder of the chain from the focused view until one takes
    /// it: views up to the top of their tree, then the presentation controller, then (unless
    /// it traps focus) the view it was presented from and up.
    private func forEachResponder(_ view: (View) -> Bool, onController controller: (PresentationController) -> Bool) -> Bool {
        var current: View? = focusedView ?? keyHolderView ?? root
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
            if event.kind == .drag, let press = contentPress, Self.movesThePresentation(from: press.point, to: event.location) {
                // The content took the press (an editor moved its caret), but the pointer went
                // up or down past a few rows: the user is moving the toast, not the caret.
                contentPress = nil
                mouseCapture = nil
                // The content's drag ends where it began: the caret goes back to the press.
                _ = captured.handleMouse(MouseEvent(.drag, button: event.button, at: press.point, modifiers: event.modifiers))
                _ = captured.handleMouse(MouseEvent(.release, button: event.button, at: press.point, modifiers: event.modifiers))
                press.controller.beginDrag(at: press.point, now: press.time)
                press.controller.continueDrag(to: event.location, now: clock.now)
                draggedPresentation = press.controller
                setNeedsDisplay()
                return true
            }
            if event.kind == .release {
                mouseCapture = nil
                contentPress = nil
            }
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
        contentPress = nil
        for controller in presentations.reversed() where controller.state == .presenting || controller.state == .presented {
            if let hit = hitTest(point, in: controller) {
                // What the content does not take, its controller may: the start of a drag.
                // What it takes may still become one (``movesThePresentation(from:to:)``).
                if press(event, on: hit) && mouseCapture != nil {
                    if event.button == .left, controller.allowsInteractiveDismissal {
                        contentPress = (controller, point, clock.now)
                    }
                    return true
                }
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

    /// Rows up or down a drag that began on content which took the press (an editable toast's
    /// text) must go before it moves the presentation instead.
    static let rowsToMovePresentation = 2

    /// Whether a drag from `start` to `point` moves the presentation whose content took the
    /// press: at least ``rowsToMovePresentation`` rows up or down, and more up or down than
    /// across (a cell is about twice as tall as wide); a drag across moves the caret.
    static func movesThePresentation(from start: Point, to point: Point) -> Bool {
        let rows = abs(point.y - start.y), columns = abs(point.x - start.x)
        return rows >= rowsToMovePresentation && 2 * rows >= columns
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
