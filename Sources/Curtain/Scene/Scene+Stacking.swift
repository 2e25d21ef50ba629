import CurtainLayout

extension Scene {
    /// Presentations on the same edge of the same context that stack: oldest first. One whose
    /// dismissal ended in this frame is left out: it is removed before the frame is drawn, and
    /// the stack is drawn as it is without it (else the "+N more" line it held would be missing
    /// for a frame).
    func stacks() -> [[PresentationController]] {
        var groups: [[PresentationController]] = []
        var index: [Key: Int] = [:]
        for controller in presentations where controller.stacksWithOthers && controller.state != .dismissed {
            guard let context = controller.contextView else { continue }
            let key = Key(context: ObjectIdentifier(context), top: controller.edge == .top)
            if let position = index[key] {
                groups[position].append(controller)
            } else {
                index[key] = groups.count
                groups.append([controller])
            }
        }
        return groups
    }

    private struct Key: Hashable {
        var context: ObjectIdentifier
        var top: Bool
    }

    /// Places the presentations of each stack: the newest where it would be alone (sliding in
    /// and out against the edge), each older one right beyond the newer one, as tall as the part
    /// of it that is in (so one leaving from the middle collapses in place and the others close
    /// up, never overlapping). At most ``maximumStackedPresentations`` show, and only as many
    /// as fit; the others collapse into a "+N more" line beyond the last shown, and come back
    /// as room frees. The newest, the newest not leaving and the one holding focus always show;
    /// of the rest, the newer show first, notifications fold before other presentations, and a
    /// notification never shows while a newer one is folded.
    func stackPresentations(now: Double) {
        let groups = stacks()
        for group in groups {
            if group.count > 1 {
                // Room taken by the stack against the opposite edge of the same context.
                let opposite = groups.first { other in
                    other[0].contextView === group[0].contextView && other[0].edge != group[0].edge
                }
                let taken = opposite.map { $0.map(\.displayedFrame.height).reduce(0, +) } ?? 0
                stack(group, now: now, roomTaken: taken)
            } else if group[0].stackVisibility.value != 1 {
                group[0].stackVisibility.jump(to: 1)   // alone: nothing to collapse into
            }
        }
    }

    private func stack(_ group: [PresentationController], now: Double, roomTaken: Int) {
        guard let newest = group.last, let context = newest.contextView else { return }
        let bottom = newest.edge == .bottom
        let area = newest.clipRect(in: context)
        // Which stay shown: the newest ones that fit, leaving members not counted.
        let resting = newest.frameOfPresentedView
        var room = (bottom ? resting.maxY - area.minY - newest.insets.top : area.maxY - resting.minY - newest.insets.bottom)
            - roomTaken
        var shown = 0
        var hidden = 0
        var visible: [ObjectIdentifier: Bool] = [:]
        // Shown whatever the room: the ones leaving (not counted), the newest, the newest that
        // stays while newer ones leave (it grows in as they slide away, instead of appearing
        // all at once when they are gone), and the one that holds focus — folding it would
        // send keys into a presentation nobody can see.
        let staying = group.last { $0.state == .presenting || $0.state == .presented }
        for controller in group.reversed()
        where controller.state == .dismissing || controller === newest || controller === staying || holdsFocus(controller) {
            visible[ObjectIdentifier(controller)] = true
            // One that finished leaving in this frame (.dismissed) takes no room either.
            if controller.state == .presenting || controller.state == .presented {
                shown += 1
                room -= controller.frameOfPresentedView.height
            }
        }
        // Then the others, newest first, notifications last: they fold first.
        let others = group.reversed().filter { visible[ObjectIdentifier($0)] == nil }
        let candidates = others.filter { !($0 is NotificationController) } + others.filter { $0 is NotificationController }
        var notificationFolded = false
        for (index, controller) in candidates.enumerated() {
            let height = controller.frameOfPresentedView.height
            // A row stays free for the "+N more" line while it will be needed: when any
            // candidate is left after this one, or one before it folded already. (Counting only
            // those after let the oldest take the line's row while a newer one was folded.)
            let lineRow = hidden > 0 || index < candidates.count - 1 ? 1 : 0
            let isNotification = controller is NotificationController
            // Notifications fold oldest first: once one folds, every older one does too, so an
            // older one never shows in the place of a newer one.
            let fits = !(isNotification && notificationFolded) && shown < maximumStackedPresentations
                && height <= room - lineRow
            visible[ObjectIdentifier(controller)] = fits
            if fits {
                shown += 1
                room -= height
            } else {
                hidden += 1
                if isNotification { notificationFolded = true }
            }
        }
        for controller in group {
            let target: Double = visible[ObjectIdentifier(controller)] == true ? 1 : 0
            if controller.stackVisibility.target != target {
                // Shown again: its reading time starts now (it did not run while collapsed), so
                // a revealed notification is not revealed only to leave at once.
                if target == 1 { controller.autoDismissReference = now }
                controller.stackVisibility.spring = motion.spring(controller.resizeSpring)
                controller.stackVisibility.retarget(target, at: now)
                controller.stackVisibility.step(to: now)
            }
        }
        // Pack from the edge outward, each taking the room of its stacking frame: one the
        // pointer holds keeps its room, so the others stay put while it moves.
        // The older ones start where the newest's part that is in ends (its far side, or its
        // resting edge line while it is all out).
        let solo = newest.stackingFrame
        var cursor = bottom ? min(solo.minY, resting.maxY) : max(solo.maxY, resting.minY)
        for controller in group.dropLast().reversed() {
            let visibility = controller.stackVisibility.value
            let rows = Int((Double(extent(of: controller)) * visibility).rounded())
            // Held, it slides out of its room toward the edge, behind the newer ones.
            let shown = Int((Double(extent(of: controller, at: controller.soloFrame)) * visibility).rounded())
            let frame = controller.soloFrame
            var placed = Rect(x: frame.minX, y: bottom ? cursor - min(rows, shown) : cursor, width: frame.width,
                              height: min(rows, shown))
            placed = placed.intersection(area)
            controller.displayedFrame = placed.isEmpty ? Rect(x: frame.minX, y: cursor, width: frame.width, height: 0) : placed
            controller.isStackedAway = true
            if controller.state == .dismissing, rows == 0 {
                // Collapsed in place while leaving: gone. Finished now, so it never shows again
                // at its own slide position should the stack around it empty first.
                controller.progressAnimation = nil
                controller.progress = 0
                controller.stackingAnimation = nil
                controller.stackingProgress = 0
            }
            cursor = bottom ? cursor - rows : cursor + rows
        }
        if hidden > 0 {
            let row = bottom ? cursor - 1 : cursor
            let line = Rect(x: solo.minX, y: row, width: solo.width, height: 1)
            if area.contains(line.origin) { newest.stackOverflowLine = (line, hidden) }
        }
    }

    /// Whether the focused view is `controller`'s content or inside it.
    private func holdsFocus(_ controller: PresentationController) -> Bool {
        guard let focused = focusedView else { return false }
        return controller.presentedView.isAncestor(of: focused)
    }

    /// Rows of `controller` that are in when alone at `solo` (its ``stackingFrame`` unless
    /// told): all of it at rest, less while it slides.
    private func extent(of controller: PresentationController, at solo: Rect? = nil) -> Int {
        let solo = solo ?? controller.stackingFrame
        let resting = controller.frameOfPresentedView
        let height = solo.height
        let outside = controller.edge == .bottom ? max(0, solo.maxY - resting.maxY) : max(0, resting.minY - solo.minY)
        return max(0, height - outside)
    }
}
