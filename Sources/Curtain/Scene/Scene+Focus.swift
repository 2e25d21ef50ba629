import CurtainLayout

extension Scene {
    /// Gives keyboard focus to `view`. Exactly one view holds focus at a time; keys go to it
    /// first (see ``handle(_:)``).
    ///
    /// `view` must be able to take focus (``View/canBecomeFocused``) and be on screen (in the
    /// root's tree or in a presentation that is not leaving) and not hidden (``View/isHidden``):
    /// debug builds stop with a message otherwise, release builds leave the focus where it is.
    public func focus(_ view: View) {
        guard view.canBecomeFocused else {
            assertionFailure("Scene.focus: a \(type(of: view)) cannot take focus (its canBecomeFocused is false)")
            return
        }
        guard isOnScreen(view) else {
            assertionFailure("Scene.focus: the \(type(of: view)) is not on screen (not in the root's tree nor in a presentation that is up)")
            return
        }
        guard !view.isHiddenInTree else {
            assertionFailure("Scene.focus: the \(type(of: view)) is hidden (it or a superview has isHidden set)")
            return
        }
        keyHolder = nil
        if focusedView === view { return }
        if let previous = focusedView {
            previous.isFocused = false
            if let owner = presentation(containing: previous) { owner.autoDismissReference = clock.now }
        }
        view.isFocused = true
        focusedView = view
        setNeedsDisplay()
    }

    /// Moves focus to the next focusable view in reading order (top to bottom, then left to
    /// right), wrapping around: what Tab does when nothing handled it.
    ///
    /// The views taken in turn are those of the focus scope: the content of the top-most
    /// presentation that traps focus (a modal), else the root's tree. Content of a presentation
    /// that does not trap focus (a toast) is not in the cycle; from inside it, the cycle goes
    /// on from the view it was presented from.
    public func focusNext() { moveFocus(by: 1) }

    /// Moves focus to the previous focusable view in reading order: what Shift-Tab does.
    public func focusPrevious() { moveFocus(by: -1) }

    /// A presentation that takes focus but holds nothing that can take it (a sheet showing a
    /// `Label`) still takes it from the views beneath: the focused view loses focus and keys
    /// start from the presentation's content, then its controller (so Esc dismisses it), until
    /// focus moves (Tab, a click) or it leaves
    /// (``PresentationController/takesKeysWhenContentCannotFocus``).
    func holdKeys(for controller: PresentationController) {
        if let previous = focusedView {
            previous.isFocused = false
            focusedView = nil
        }
        keyHolder = controller
        setNeedsDisplay()
    }

    /// The content where keys start while a presentation holds them (``holdKeys(for:)``).
    var keyHolderView: View? {
        guard let holder = keyHolder, holder.state == .presenting || holder.state == .presented else { return nil }
        return holder.presentedView
    }

    /// The top-most presentation that traps focus and is not leaving.
    var focusTrap: PresentationController? {
        presentations.last { $0.trapsFocus && ($0.state == .presenting || $0.state == .presented) }
    }

    private func moveFocus(by step: Int) {
        let scope = focusTrap?.presentedView ?? root
        // A view that holds others that can take focus (a pane around a list) is not a stop of
        // its own: its keys are its content's, and stopping on it too made Tab land on a pane
        // whose list, still drawn, ignored every key.
        let focusable = focusableViews(in: scope)
        var holders: Set<ObjectIdentifier> = []
        for view in focusable {
            var outer = view.superview
            while let current = outer, current !== scope.superview {
                guard holders.insert(ObjectIdentifier(current)).inserted else { break }
                outer = current.superview
            }
        }
        let candidates = focusable.filter { !holders.contains(ObjectIdentifier($0)) }
        guard !candidates.isEmpty else { return }
        let index = traversalOrigin(in: scope).flatMap { origin in candidates.firstIndex { $0 === origin } }
        let next: Int
        if let index {
            next = ((index + step) % candidates.count + candidates.count) % candidates.count
        } else {
            next = step > 0 ? 0 : candidates.count - 1
        }
        focus(candidates[next])
    }

    /// Where traversal counts from: the focused view, or for focus inside a presentation
    /// outside the scope, the view it was presented from (or, when that cannot take focus,
    /// the view that had focus when it was presented) — each taken as its nearest focusable
    /// ancestor in the scope.
    private func traversalOrigin(in scope: View) -> View? {
        guard let focused = focusedView else { return nil }
        if scope.isAncestor(of: focused) { return focused }
        guard let owner = presentation(containing: focused) else { return nil }
        for candidate in [owner.presentingView, owner.focusToRestore].compactMap({ $0 }) where scope.isAncestor(of: candidate) {
            if let focusable = nearestFocusable(from: candidate, within: scope) { return focusable }
        }
        return nil
    }

    /// `view` or its nearest ancestor that can take focus, not above `scope`.
    func nearestFocusable(from view: View, within scope: View) -> View? {
        var current: View? = view
        while let candidate = current {
            if candidate.canBecomeFocused { return candidate }
            if candidate === scope { return nil }
            current = candidate.superview
        }
        return nil
    }

    /// The views of `scope`'s tree that can take focus and are visible, in reading order (top
    /// to bottom, left to right; the tree's order where frames start at the same cell).
    func focusableViews(in scope: View) -> [View] {
        var found: [View] = []
        func collect(_ view: View) {
            guard !view.isHidden else { return }
            if view.canBecomeFocused, !view.frame.isEmpty { found.append(view) }
            for child in view.subviews { collect(child) }
        }
        collect(scope)
        return found.enumerated().sorted { a, b in
            (a.element.frame.minY, a.element.frame.minX, a.offset) < (b.element.frame.minY, b.element.frame.minX, b.offset)
        }.map(\.element)
    }

    /// The first view of `view`'s tree (parents first) that can take focus.
    func firstFocusable(in view: View) -> View? {
        if view.isHidden { return nil }
        if view.canBecomeFocused { return view }
        for child in view.subviews { if let found = firstFocusable(in: child) { return found } }
        return nil
    }

    /// An app starts running the scene: at the first frame laid out on a screen that is not
    /// too small, the first focusable view in reading order takes focus, unless one has it
    /// (the program chose it, or a presentation that takes focus is up) or
    /// ``focusesFirstViewAtStart`` is false.
    func prepareFocusAtStart() {
        startFocusPending = focusesFirstViewAtStart && focusedView == nil
    }

    /// Gives focus to the first focusable view of the focus scope, in reading order, when
    /// nothing took it since the app started — or, when that view holds others that can take
    /// focus (a pane around a list), to the first of those: the pane's keys are the list's.
    /// Runs after layout, since reading order is that of the laid-out frames.
    func takeStartFocus() {
        startFocusPending = false
        guard focusesFirstViewAtStart, focusedView == nil, keyHolderView == nil else { return }
        var target = focusableViews(in: focusTrap?.presentedView ?? root).first
        while let outer = target, let inner = focusableViews(in: outer).first(where: { $0 !== outer }) {
            target = inner
        }
        if let target { focus(target) }
    }

    /// `view` was hidden: focus inside it moves on to the next view in reading order (or
    /// nowhere, when none is left).
    func viewWasHidden(_ view: View) {
        guard let focused = focusedView, view.isAncestor(of: focused) else { return }
        focused.isFocused = false
        focusedView = nil
        setNeedsDisplay()
        focusNext()
    }

    /// After `controller` starts leaving with focus inside it: focus goes back to the view that
    /// had it before, or to the view it was presented from, or to the first focusable view.
    func restoreFocus(from controller: PresentationController) {
        let candidates = [controller.focusToRestore, controller.presentingView].compactMap { $0 }
        for candidate in candidates where candidate.canBecomeFocused && isOnScreen(candidate) && !candidate.isHiddenInTree
            && !controller.presentedView.isAncestor(of: candidate) {
            focus(candidate)
            return
        }
        if let fallback = firstFocusable(in: root) { focus(fallback) }
    }
}
