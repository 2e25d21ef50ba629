/// What ``Scene/bind(_:global:action:)`` stores for a key.
struct KeyBinding {
    /// Whether it acts while a presentation traps focus.
    var isGlobal: Bool
    var action: @MainActor () -> Void
}
