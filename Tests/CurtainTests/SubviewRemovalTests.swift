import CurtainLayout
import CurtainScreen
import CurtainTestSupport
import Testing
@testable import Curtain

/// Removing subviews keeps the order of those that stay — it is the drawing order and the
/// order focus and clicks go by — however the removals come.
@MainActor
@Suite struct SubviewRemovalTests {
    /// A parent with `count` plain subviews, and the subviews.
    func parent(with count: Int) -> (View, [View]) {
        let parent = View()
        let children = (0..<count).map { _ in View() }
        for child in children { parent.addSubview(child) }
        return (parent, children)
    }

    func identities(_ views: [View]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    @Test(arguments: [0, 4, 9])
    func removingOneSubviewKeepsTheOthersInOrder(index: Int) {
        let (parent, children) = parent(with: 10)
        children[index].removeFromSuperview()
        var model = children
        model.remove(at: index)
        #expect(identities(parent.subviews) == identities(model))
        #expect(children[index].superview == nil)
        #expect(children.enumerated().allSatisfy { $0.offset == index || $0.element.superview === parent })
    }

    @Test func removingFromTheFrontOneByOneLeavesTheRestInOrderAtEveryStep() {
        let (parent, children) = parent(with: 50)
        for (step, child) in children.enumerated() {
            child.removeFromSuperview()
            #expect(identities(parent.subviews) == identities(Array(children[(step + 1)...])), "after \(step + 1) removals")
        }
        #expect(parent.subviews.isEmpty)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomRemovalsAddsAndReAddsMatchAnArrayModel(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let pool = (0..<200).map { _ in View() }
        let parent = View()
        let other = View()
        var model: [View] = []
        for step in 0..<2_000 {
            let view = pool[random.below(pool.count)]
            switch random.below(10) {
            case 0..<5:
                // Removal, often many in a row without reading `subviews` in between.
                view.removeFromSuperview()
                model.removeAll { $0 === view }
            case 5..<9:
                // Adding puts the view on top, taking it from wherever it was (this parent too).
                parent.addSubview(view)
                model.removeAll { $0 === view }
                model.append(view)
            default:
                other.addSubview(view)
                model.removeAll { $0 === view }
            }
            if random.below(8) == 0 {
                #expect(identities(parent.subviews) == identities(model), "seed \(seed), step \(step)")
            }
        }
        #expect(identities(parent.subviews) == identities(model), "seed \(seed), at the end")
        #expect(pool.allSatisfy { view in (view.superview === parent) == model.contains { $0 === view } })
    }

    @Test func aRemovedViewCanBeAddedAgainToTheSameParentOrAnother() {
        let (parent, children) = parent(with: 5)
        children[1].removeFromSuperview()
        children[3].removeFromSuperview()
        parent.addSubview(children[1])
        #expect(identities(parent.subviews) == identities([children[0], children[2], children[4], children[1]]))
        let other = View()
        other.addSubview(children[3])
        children[0].removeFromSuperview()
        other.addSubview(children[0])
        #expect(identities(parent.subviews) == identities([children[2], children[4], children[1]]))
        #expect(identities(other.subviews) == identities([children[3], children[0]]))
        #expect(children[0].superview === other)
    }

    @Test func aRemovedViewIsNotKeptAlive() {
        let (parent, _) = parent(with: 20)
        weak var removed: View?
        do {
            let view = View()
            parent.addSubview(view)
            for _ in 0..<3 { parent.addSubview(View()) }
            removed = view
            view.removeFromSuperview()
        }
        #expect(removed == nil, "the parent holds no reference to a view it no longer shows")
        #expect(parent.subviews.count == 23)
    }

    @Test func removingEverySubviewWhileIteratingACopyRemovesThemAll() {
        let (parent, children) = parent(with: 30)
        for child in parent.subviews { child.removeFromSuperview() }
        #expect(parent.subviews.isEmpty)
        #expect(children.allSatisfy { $0.superview == nil })
    }

    @Test func theViewThatStaysOnTopIsDrawnAndClickedAfterTheTopOneIsRemoved() {
        let log = EventLog()
        let root = Probe("root", log: log)
        let cover = Rect(x: 0, y: 0, width: 10, height: 1)
        let probes = (0..<6).map { root.place(Probe("p\($0)", log: log), cover) }
        for probe in probes { probe.handlesMouse = true }
        let labels = (0..<6).map { root.place(Label("label \($0)"), cover) }
        let scene = Scene(root: root, size: Size(width: 20, height: 3), clock: ManualClock())
        scene.renderFrame()
        #expect(scene.screen.lines[0].hasPrefix("label 5"))

        labels[5].removeFromSuperview()
        labels[2].removeFromSuperview()
        scene.renderFrame()
        #expect(scene.screen.lines[0].hasPrefix("label 4"), "the top-most of those left is drawn last")
        for label in labels { label.removeFromSuperview() }
        probes[5].removeFromSuperview()
        probes[4].removeFromSuperview()
        scene.renderFrame()
        scene.handle(.mouse(MouseEvent(.press, at: Point(x: 1, y: 0))))
        #expect(log.take() == ["p3: press 1,0"])
    }

    @Test func tabGoesThroughTheSiblingsLeftInTheirOrder() {
        let log = EventLog()
        let root = Probe("root", log: log)
        // Same frame for all: reading order falls back on the order of the tree.
        let cover = Rect(x: 0, y: 0, width: 10, height: 1)
        let probes = (0..<8).map { root.place(Probe("p\($0)", focusable: true, log: log), cover) }
        let scene = Scene(root: root, size: Size(width: 20, height: 3), clock: ManualClock())
        scene.renderFrame()
        for index in [0, 3, 4, 7] { probes[index].removeFromSuperview() }
        scene.renderFrame()
        scene.focus(probes[1])
        var visited: [String] = []
        for _ in 0..<4 {
            scene.focusNext()
            visited.append((scene.focusedView as? Probe)?.name ?? "none")
        }
        #expect(visited == ["p2", "p5", "p6", "p1"])
    }

    @Test func removingOneOfManySiblingsCancelsItsTasksAndNoOtherAndAsksForALayout() async {
        let (parent, children) = parent(with: 40)
        let root = View()
        root.addSubview(parent)
        let scene = Scene(root: root, size: Size(width: 20, height: 3), clock: ManualClock())
        scene.renderFrame()
        var cancelled: Set<Int> = []
        for index in [10, 20, 30] {
            children[index].task {
                do { try await Task.sleep(for: .seconds(3600)) } catch { cancelled.insert(index) }
            }
        }
        await Task.yield()
        #expect(scene.needsLayout == false)
        children[20].removeFromSuperview()
        #expect(scene.needsLayout, "a removal asks for a layout pass")
        #expect(children[20].scene == nil)
        for _ in 0..<20 where cancelled.isEmpty { await Task.yield() }
        #expect(cancelled == [20])
        for child in children { child.removeFromSuperview() }
        for _ in 0..<20 where cancelled.count < 3 { await Task.yield() }
        #expect(cancelled == [10, 20, 30])
    }
}
