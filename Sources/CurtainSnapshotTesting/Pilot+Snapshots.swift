import Curtain
import CurtainTesting
import SnapshotTesting

/// Snapshot strategies for a `Pilot`'s screen, for swift-snapshot-testing's own
/// `assertSnapshot(of:as:)`. The pilot's
/// ``CurtainTesting/Pilot/assertSnapshot(_:named:record:fileID:file:testName:line:column:)``
/// uses them.
extension Snapshotting where Value == Pilot, Format == String {
    /// The screen as text: one line a row, trailing spaces removed (swift-snapshot-testing
    /// strategy; use it with `assertSnapshot(of: pilot, as: .screenText)`).
    @MainActor public static var screenText: Snapshotting {
        SimplySnapshotting.lines.pullback { pilot in MainActor.assumeIsolated { pilot.screen.textDump() } }
    }

    /// The screen as text, then a map of its styles: a letter a cell (`.` for plain) and a
    /// legend naming each letter's colours and attributes — so a snapshot also catches a
    /// wrong colour, a lost dim or a missing focus highlight.
    @MainActor public static var styledScreen: Snapshotting {
        SimplySnapshotting.lines.pullback { pilot in
            MainActor.assumeIsolated { pilot.screen.textDump() + "\n\n" + pilot.screen.styleDump() }
        }
    }
}

extension Pilot {
    /// What to compare in ``assertSnapshot(_:named:record:fileID:file:testName:line:column:)``.
    public enum SnapshotContent: Sendable {
        /// The text of the screen.
        case text
        /// The text and a map of every cell's style.
        case styledText
    }

    /// Compares the screen with a snapshot stored beside the test (`__Snapshots__/<file>/<test>.<n>.txt`),
    /// recording it the first time. Re-record on purpose with `record: .all` or the
    /// `SNAPSHOT_TESTING_RECORD=all` environment variable. Built on swift-snapshot-testing.
    ///
    /// - Parameters:
    ///   - content: the text alone (the default), or the text and every cell's style.
    ///   - name: a name for the snapshot file instead of its number in the test.
    ///   - record: when to record instead of compare; nil follows the test's snapshot
    ///     configuration or `SNAPSHOT_TESTING_RECORD`.
    ///   - fileID: the test's file, for the failure message; leave the default.
    ///   - filePath: the test's file, beside which the snapshot is stored; leave the default.
    ///   - testName: the test's name, part of the snapshot's file name; leave the default.
    ///   - line: the line a failure is reported at; leave the default.
    ///   - column: the column a failure is reported at; leave the default.
    public func assertSnapshot(
        _ content: SnapshotContent = .text,
        named name: String? = nil,
        record: SnapshotTestingConfiguration.Record? = nil,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        testName: String = #function,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let strategy: Snapshotting<Pilot, String> = content == .text ? .screenText : .styledScreen
        SnapshotTesting.assertSnapshot(of: self, as: strategy, named: name, record: record, fileID: fileID,
                                       file: filePath, testName: testName, line: line, column: column)
    }
}
