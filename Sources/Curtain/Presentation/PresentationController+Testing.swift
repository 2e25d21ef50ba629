extension PresentationController {
    /// The spring animating the height, for tests that check its velocity. Not API.
    package var _heightAnimation: SpringAnimation? { heightAnimation }
}
