import CurtainLayout
import CurtainScreen

/// A short message that tells the user something without interrupting: it does not take focus,
/// does not dim, sits at the bottom right of its context as wide as its text, and goes away by
/// itself after ``duration`` — not while the pointer rests on it, it has focus or it is
/// collapsed into its stack's "+N more" line (the time starts again when that ends). Made by ``Scene/notify(_:title:severity:duration:in:)``.
@MainActor
open class NotificationController: PresentationController {
    /// How much the message matters; it picks the theme's ``Theme/information``,
    /// ``Theme/warning`` or ``Theme/error`` colours.
    public enum Severity: Sendable, Equatable {
        /// Something worth knowing: the theme's ``Theme/information`` colours.
        case information
        /// Something that may need attention: ``Theme/warning``.
        case warning
        /// Something failed: ``Theme/error``.
        case error
    }

    /// How much the message matters, which picks its colours.
    public let severity: Severity
    /// Seconds it stays (before animation-speed scaling).
    public let duration: Double
    /// How much it darkens its context: ``Dimming/none`` unless told otherwise.
    public let dimming: Dimming

    /// A notification ready to present; ``Scene/notify(_:title:severity:duration:in:)`` makes
    /// and presents one in a single call.
    ///
    /// - Parameters:
    ///   - message: the text, wrapped when wider than the context.
    ///   - title: shown in the box's top border; none by default.
    ///   - severity: information (the default), warning or error.
    ///   - duration: seconds it stays; 3 by default.
    ///   - dimming: how much its context is darkened; none by default.
    public init(message: String, title: String? = nil, severity: Severity = .information, duration: Double = 3,
                dimming: Dimming = .none) {
        self.severity = severity
        self.duration = duration
        self.dimming = dimming
        super.init(presentedView: NotificationView(message: message, title: title, severity: severity))
    }

    /// The message, in a box the colour of its severity.
    public var label: Label { presentedView as! Label }

    /// ``duration``: a notification always goes away by itself.
    open override var autoDismissDelay: Double? { duration }
    /// ``dimming``'s strength: 0 unless told otherwise, nothing behind a notification is dimmed.
    open override var dimmingStrength: Double { dimming.strength }
    /// False: the user keeps typing where they were.
    open override var takesFocus: Bool { false }
    /// True: it stays while the pointer rests on it, so it can be read.
    open override var pausesWhileHovered: Bool { true }

    /// As wide as the text (with its box and padding) up to the context's content width, at
    /// the bottom right.
    open override func frameOfPresentedView(inContext context: Rect, safeArea: EdgeInsets) -> Rect {
        let full = super.frameOfPresentedView(inContext: context, safeArea: safeArea)
        let width = min(full.width, max(label.naturalWidth, 12))
        let height = min(label.fittingSize(width: width).height, full.maxY - context.inset(by: safeArea).minY - insets.top)
        return Rect(x: full.maxX - width, y: full.maxY - max(0, height), width: width, height: max(0, height))
    }
}

/// A bordered label in the colours of a severity.
@MainActor
final class NotificationView: Label {
    init(message: String, title: String?, severity: NotificationController.Severity) {
        let role: KeyPath<Theme, Style> = switch severity {
        case .information: \.information
        case .warning: \.warning
        case .error: \.error
        }
        super.init(StyledText(message), role: role, border: true, title: title)
    }
}

extension Scene {
    /// Shows a short message in the presentation context of `view` (the whole screen when nil)
    /// that goes away by itself after `duration` seconds (3 by default) and never takes the
    /// focus. Notifications in one context stack, the newest nearest the edge (see
    /// ``maximumStackedPresentations``).
    ///
    /// ```swift
    /// scene.notify("Saved notes.txt")
    /// scene.notify("Cannot read /root: permission denied", severity: .error, in: pane)
    /// ```
    @discardableResult
    public func notify(_ message: String, title: String? = nil, severity: NotificationController.Severity = .information,
                       duration: Double = 3, in view: View? = nil) -> NotificationController {
        let anchor = view ?? root
        let controller = NotificationController(message: message, title: title, severity: severity, duration: duration)
        present(controller, from: anchor)
        return controller
    }
}
