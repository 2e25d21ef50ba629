extension App {
    /// Counts the scene's changes and the posted work run: the test pilot reads it to tell
    /// when the app's tasks stopped changing anything. Not API.
    package var _activity: Int { activity }
}
