import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Search results as the cache answers them: a page reaches its screen or none, marks follow the
/// store while the rows stay.
@MainActor
@Suite struct SearchResultsPagingTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }


    @Test func aPageForAScreenThatIsGoneIsDropped() throws {
        let reader = try home.searchReader()
        reader.search("harbour")
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.state.navigation.screens.count == 1)
        #expect(reader.lines[1].hasSuffix("Harbour News"))
    }

    @Test func theListIsDrawnWhenAPageArrives() throws {
        let reader = try home.searchReader()
        reader.search("harbour")
        #expect(reader.lines[1] == "  Searching…")
        reader.settle()
        #expect(reader.lines[1].hasPrefix("N 2025-11-21  Harbour item 2  — Ann"))
    }

    @Test func marksFollowTheStoreAndTheSelectionStays() throws {
        let reader = try home.searchReader()
        reader.search("harbour")
        reader.settle()
        reader.press(.down)
        reader.press(.down)
        let results = { reader.state.top as? SearchResultsScreen }
        let selected = try #require(results()?.selectedItem(reader.state.pendingMarks))
        // Another process marks it read (opening it and coming back does the same).
        try reader.store.markItem(selected.id, read: true)
        reader.noticeCacheChanges()
        #expect(results()?.selectedItem(reader.state.pendingMarks)?.id == selected.id)
        #expect(results()?.state.selection == 2)
        #expect(reader.lines[3] == "  2025-11-21  Harbour item 0  — Ann             Harbour News")
        // New matching articles do not move the rows under the cursor.
        try reader.store.addItems(5, to: ReaderHome.harbourNews, title: "Harbour News") { "Harbour item \($0)" }
        reader.noticeCacheChanges()
        #expect(results()?.selectedItem(reader.state.pendingMarks)?.id == selected.id)
        #expect(results()?.results.rows.count == 4)
    }
}
