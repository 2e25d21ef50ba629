extension App {
    /// Counts the scene's changes and the posted work run: the test pilot reads it to tell
    /// when the app's tasks stopped changing anything. Not API.
    package var _activity: Int { activity }
}

extension App {
    /// Ends a run at once, from outside its loop: what the loop does on its way out (tasks
    /// cancelled, awaited presentations answered `.appQuit`, posts closed), done now, with no
    /// further turn and no further frame. The test pilot calls it when it goes away, the
    /// objects of the test that made the app's closures perhaps gone with it. Not API.
    package func _endRunNow() {
        quit()
        guard isRunning else { return }
        finish()
    }
}

extension App {
    /// Whether the scene has changes not drawn yet that were made outside a frame (by a task,
    /// posted work, a callback), not asked for by a frame itself. Not API.
    package var _hasChangesToDraw: Bool { changedOutsideAFrame && scene.hasChangesToDraw }

    /// The loop's next turn draws the changes waiting at once, without the 60 Hz pacing: what
    /// a test pilot asks at each call, since its clock moves only when the test says. Not API.
    package func _drawWaitingChangesNow() { drawsWaitingChangesNow = true }
}
