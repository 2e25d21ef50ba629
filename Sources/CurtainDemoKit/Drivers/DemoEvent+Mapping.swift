import Curtain
import CurtainLayout

extension DemoEvent {
    /// The demo's reading of a terminal event (nil for keys and mouse events it has no use for).
    init?(_ event: Event) {
        switch event {
        case .key(let key):
            if key == .ctrl("c") { self = .key(.controlC); return }
            if key == .backTab { self = .key(.backTab); return }
            guard key.modifiers.isEmpty else { return nil }
            switch key.code {
            case .character(let c): self = .key(.character(c))
            case .enter: self = .key(.enter)
            case .backspace, .delete: self = .key(.backspace)
            case .escape: self = .key(.escape)
            case .tab: self = .key(.tab)
            case .left: self = .key(.left)
            case .right: self = .key(.right)
            case .up: self = .key(.up)
            case .down: self = .key(.down)
            default: return nil
            }
        case .paste(let text): self = .paste(text)
        case .mouse(let mouse):
            guard mouse.kind == .press, mouse.button == .left else { return nil }
            self = .click(mouse.location)
        case .resize(let size): self = .resize(size)
        case .inputEnded: self = .key(.controlC) // nobody is left to see the screen: quit
        }
    }

    /// The demo's reading of a scripted event (`.end` and resizes are handled by the driver).
    init?(_ event: ScriptEvent) {
        switch event {
        case .text(let c): self = .key(.character(c))
        case .key(let key):
            switch key {
            case .t: self = .key(.character("t"))
            case .shiftT: self = .key(.character("T"))
            case .m: self = .key(.character("m"))
            case .q: self = .key(.character("q"))
            case .enter: self = .key(.enter)
            case .escape: self = .key(.escape)
            case .tab: self = .key(.tab)
            case .backTab: self = .key(.backTab)
            case .backspace: self = .key(.backspace)
            case .left: self = .key(.left)
            case .right: self = .key(.right)
            case .up: self = .key(.up)
            case .down: self = .key(.down)
            case .controlC: self = .key(.controlC)
            }
        case .resize(let columns, let rows): self = .resize(Size(width: columns, height: rows))
        case .end: return nil
        }
    }
}
