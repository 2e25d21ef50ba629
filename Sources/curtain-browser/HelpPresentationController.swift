import Curtain

/// The modal that shows the browser's keys: `q` closes it, as Esc does.
///
/// The browser binds `q` to quit, but a binding is silent under a presentation that traps
/// focus (Curtain's convention, and every example's: under an alert or a modal, `q` quits
/// nothing), so over the help it did nothing at all. A page of keys that only reads is closed
/// with `q` in `less`, `man` and htop; here too, and a second `q` then quits.
final class HelpPresentationController: FullScreenPresentationController {
    override func handleKey(_ key: Key) -> Bool {
        guard key == .character("q"), let scene, state == .presenting || state == .presented else {
            return super.handleKey(key)
        }
        scene.dismiss(self, reason: .programmatic)
        return true
    }
}
