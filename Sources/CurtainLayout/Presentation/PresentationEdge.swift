/// The edge of its context a presentation is anchored to: bottom for a toast, top for a sheet
/// or banner.
public enum PresentationEdge: Hashable, Sendable {
    case top
    case bottom
}
