@testable import Configuration
import FeedStore
import Foundation
@testable import TidingsApp

extension StoreView {
    /// A view of `store` whose reads are answered at once, on the calling thread: for tests of
    /// one screen, which check what the screen draws from a real store without running the
    /// reader's loop. (The reader itself reads off the main thread; `HeadlessReaderTests` test
    /// it whole.)
    convenience init(immediate store: FeedStore, now: Date = Date()) {
        self.init(now: now) { query in Result { try query.answer(from: store) } }
    }
}

extension FeedListScreen {
    convenience init(store: FeedStore, preferences: ReaderPreferences = ReaderPreferences(), tag: String? = nil) {
        self.init(storeView: StoreView(immediate: store), preferences: preferences, tag: tag)
    }
}

extension ItemListScreen {
    convenience init(store: FeedStore, feed: FeedListRow, preferences: ReaderPreferences = ReaderPreferences()) {
        self.init(storeView: StoreView(immediate: store), feed: feed, preferences: preferences)
    }
}

extension TagListScreen {
    convenience init(store: FeedStore, preferences: ReaderPreferences = ReaderPreferences()) {
        self.init(storeView: StoreView(immediate: store), preferences: preferences)
    }
}

extension CrossFeedListScreen {
    /// The Starred list.
    convenience init(starredIn store: FeedStore, preferences: ReaderPreferences = ReaderPreferences()) {
        self.init(.starred, storeView: StoreView(immediate: store), preferences: preferences)
    }
}

extension SearchResultsScreen {
    convenience init(query: SearchQuery, store: FeedStore, preferences: ReaderPreferences = ReaderPreferences()) {
        self.init(query: query, storeView: StoreView(immediate: store), preferences: preferences)
    }

    convenience init(query: SearchQuery, store: FeedStore, loader: any SearchPageLoader,
                     pageSize: Int = SearchResultSource.pageSize, preferences: ReaderPreferences = ReaderPreferences()) {
        self.init(query: query, storeView: StoreView(immediate: store), loader: loader, pageSize: pageSize, preferences: preferences)
    }
}
