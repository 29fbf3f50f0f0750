import FeedStore
import Foundation
import Testing
@testable import TidingsApp

/// The journal of marks (`MarkJournal`), a file beside the cache: marks are written there first,
/// so that none is lost when the reader is killed before the store has them.
@Suite struct MarkJournalTests {
    @Test func aJournalIsEmptiedOnlyWhenEveryMarkIsWritten() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("marks-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = MarkJournal(path: path)
        journal.append([.starred(ItemID(1), isStarred: true, wasStarred: false)])
        journal.append([.starred(ItemID(2), isStarred: true, wasStarred: false)])
        journal.written(1)
        #expect(MarkJournal(path: path).leftOver().count == 2)
        journal.written(1)
        #expect(MarkJournal(path: path).leftOver().isEmpty)
    }
}
