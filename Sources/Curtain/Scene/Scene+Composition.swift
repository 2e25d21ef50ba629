import CurtainLayout
import CurtainScreen

extension Scene {
    /// Draws the root's tree, then for each presentation (bottom to top) the dim over its
    /// context and its content.
    ///
    /// Two layers are kept between frames and reused while their keys are unchanged: the root's
    /// tree as drawn (a dim step or a toast sliding over steady panes blends kept cells instead
    /// of drawing every pane again), and everything beneath the top-most presented view (typing
    /// into a toast redraws the toast alone). The keys hold everything those cells are made of
    /// (see ``UnderlayKey``); views report their own changes with ``View/setNeedsDisplay()``.
    /// Debug builds compose every frame that reused a layer again from scratch and stop if the
    /// two differ, which is how a view that changes without saying so is caught.
    func compose() -> CellBuffer {
        let layers = presentations.filter { $0.contextView != nil }
        let key = underlayKey(layers)
        var buffer: CellBuffer
        var reused = true
        if let kept = underlay, kept.key == key {
            buffer = kept.cells
        } else {
            let rootKey = UnderlayKey(size: key.size, generation: key.generation, rootContent: key.rootContent, layers: [])
            if let kept = rootLayer, kept.key == rootKey {
                buffer = kept.cells
            } else {
                buffer = CellBuffer(size: size)
                root.drawHierarchy(into: &buffer, clip: buffer.bounds)
                rootLayer = (rootKey, buffer)
                reused = false
            }
            // The cells are shared with the kept root layer: the first dim copies them as it
            // blends (one pass instead of a copy and a pass).
            drawPresentationsBeneathTheTop(layers, into: &buffer, shared: true)
            // Kept even while a dim animates and every key is new: the copy this costs when the
            // top is drawn (copy-on-write) is a fraction of composing again, which a repeated
            // key would otherwise cost (measured with callgrind).
            underlay = (key, buffer)
        }
        if let top = layers.last { drawContent(of: top, into: &buffer) }
        #if DEBUG
        guard checksKeptCells, reused else { return buffer }
        var fresh = CellBuffer(size: size)
        root.drawHierarchy(into: &fresh, clip: fresh.bounds)
        drawPresentationsBeneathTheTop(layers, into: &fresh, shared: false)
        if let top = layers.last { drawContent(of: top, into: &fresh) }
        if fresh != buffer {
            assertionFailure("Scene: the kept cells differ from a fresh composition; a view changed what it draws without calling setNeedsDisplay()")
        }
        #endif
        return buffer
    }

    /// The screen shown below ``minimumSize``: ``tooSmallView`` over the whole screen.
    func composeTooSmall() -> CellBuffer {
        var buffer = CellBuffer(size: size)
        // Not in the view tree, but drawn with the scene's theme (its colours, its text).
        tooSmallView.scene = self
        tooSmallView.frame = buffer.bounds
        tooSmallView.required = minimumSize ?? .zero
        tooSmallView.draw(into: &buffer, clip: buffer.bounds)
        return buffer
    }

    /// Every presentation but the top-most, and every dim.
    /// `shared`: whether `buffer`'s cells are shared with a kept layer.
    private func drawPresentationsBeneathTheTop(_ layers: [PresentationController], into buffer: inout CellBuffer,
                                                shared: Bool) {
        var shared = shared
        let dims = contextDims(layers)
        for (index, controller) in layers.enumerated() {
            guard let context = controller.contextView else { continue }
            if let strength = dims[ObjectIdentifier(controller)] {
                let rect = controller.dimmingRect(in: context)
                if shared, strength > 0, !rect.intersection(buffer.bounds).isEmpty {
                    buffer = buffer.dimmed(rect, strength: strength, method: theme.dimMethod, blends: &dimBlends)
                    shared = false
                } else {
                    buffer.dim(rect, strength: strength, method: theme.dimMethod, blends: &dimBlends)
                }
            }
            if index < layers.count - 1 { drawContent(of: controller, into: &buffer) }
        }
    }

    /// One dim per context, however many presentations it holds: the strongest any of them
    /// shows, laid under the first of them (so it darkens the context once).
    func contextDims(_ layers: [PresentationController]) -> [ObjectIdentifier: Double] {
        var strongest: [ObjectIdentifier: Double] = [:]
        for controller in layers {
            guard let context = controller.contextView else { continue }
            strongest[ObjectIdentifier(context), default: 0] = max(strongest[ObjectIdentifier(context)] ?? 0, controller.displayedDim)
        }
        var dims: [ObjectIdentifier: Double] = [:]
        for controller in layers {
            guard let context = controller.contextView, let dim = strongest.removeValue(forKey: ObjectIdentifier(context)) else { continue }
            dims[ObjectIdentifier(controller)] = dim
        }
        return dims
    }

    private func drawContent(of controller: PresentationController, into buffer: inout CellBuffer) {
        guard let context = controller.contextView else { return }
        let view = controller.presentedView
        if view.frame != controller.displayedFrame || view.layoutFrame != controller.contentLayoutFrame {
            view.frame = controller.displayedFrame
            view.layoutFrame = controller.contentLayoutFrame
            view.layoutHierarchy()
        }
        view.drawHierarchy(into: &buffer, clip: controller.clipRect(in: context).intersection(buffer.bounds))
        if let line = controller.stackOverflowLine {
            let text = " +\(line.hidden) more "
            buffer.fill(line.rect, with: .blank(theme.secondaryText))
            buffer.draw(text, at: Point(x: line.rect.maxX - TextWidth.of(text), y: line.rect.minY), style: theme.secondaryText,
                        clip: line.rect.intersection(controller.clipRect(in: context)))
        }
    }

    private func underlayKey(_ layers: [PresentationController]) -> UnderlayKey {
        let dims = contextDims(layers)
        return UnderlayKey(
            size: size, generation: generation, rootContent: root.contentGeneration,
            layers: layers.enumerated().map { index, controller in
                let context = controller.contextView ?? root
                let isTop = index == layers.count - 1
                return UnderlayKey.Layer(
                    controller: ObjectIdentifier(controller),
                    dimmingRect: controller.dimmingRect(in: context),
                    dim: dims[ObjectIdentifier(controller)] ?? 0,
                    overflow: isTop ? nil : controller.stackOverflowLine.map { [$0.rect.minX, $0.rect.minY, $0.rect.width, $0.hidden] },
                    content: isTop ? nil : controller.presentedView.contentGeneration,
                    frame: isTop ? nil : controller.displayedFrame,
                    layoutFrame: isTop ? nil : controller.contentLayoutFrame,
                    clip: isTop ? nil : controller.clipRect(in: context))
            })
    }
}

/// What the cells beneath the top-most presented view are made of: equal keys, equal cells.
struct UnderlayKey: Equatable {
    var size: Size
    /// Scene-wide invalidations (focus, presenting, dismissing, a new size).
    var generation: Int
    /// Changes the root's views reported, and layouts that moved one of them.
    var rootContent: Int
    var layers: [Layer]

    /// One presentation: its dim, and, below the top-most, its drawn content.
    struct Layer: Equatable {
        var controller: ObjectIdentifier
        var dimmingRect: Rect
        var dim: Double
        /// The "+N more" line drawn after it: x, y, width, hidden count.
        var overflow: [Int]?
        var content: Int?
        var frame: Rect?
        var layoutFrame: Rect?
        var clip: Rect?
    }
}

extension View {
    /// Every frame and layout frame in the tree, parents first: a layout that changes none of
    /// them leaves every view where it drew before.
    var frames: [Rect] {
        var result: [Rect] = [frame, layoutFrame]
        for child in subviews { result += child.frames }
        return result
    }
}
