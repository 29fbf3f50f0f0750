import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// A feed's list of articles read again when the cache changes.
@MainActor
@Suite struct ItemListRefreshTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.subscribe(["https://a.example/feed"])
    }

    @Test func newItemsArrivingKeepTheSelection() throws {
        try home.cache().addItems(5, to: "https://a.example/feed", title: "Example")
        let reader = try home.driver(rows: 7, columns: 30)
        reader.settle()
        reader.settle(after: .enter)
        reader.press(.down)
        let list = { reader.state.top as? ItemListScreen }
        #expect(list()?.selectedItem(reader.state.pendingMarks)?.title == "Item 3")
        try reader.store.addItems(7, to: "https://a.example/feed", title: "Example")
        reader.noticeCacheChanges()
        #expect(list()?.selectedItem(reader.state.pendingMarks)?.title == "Item 3")
        #expect(list()?.feed.totalCount == 7)
    }
}
