import Configuration
import FeedModel
import FeedStore
import Foundation
import TestSupport

extension ReaderHome {
    /// The home's cache with the urls file's feeds in it (write the file first with `subscribe`),
    /// for the test to fill before the reader opens it: articles with exact dates, authors and
    /// titles, which `file://` feeds would need a reload to bring.
    func cache() throws -> FeedStore {
        let store = try FeedStore(path: cachePath)
        try store.syncSubscriptions(UrlsFile.load(from: URL(fileURLWithPath: urlsPath)).subscriptions)
        return store
    }
}

extension FeedStore {
    /// Stores `count` articles in the feed at `url` as `TestStore.addItems` does: article `n`
    /// titled `makeTitle(n)`, dated `n` hours after `TestStore.baseDate`, by Ann when `n` is even,
    /// linked to `https://example.org/n`.
    func addItems(_ count: Int, to url: String, title: String? = nil, makeTitle: (Int) -> String = { "Item \($0)" }) throws {
        let items = (0..<count).map { index in
            Item(id: "\(url)#\(index)", title: makeTitle(index), link: "https://example.org/\(index)",
                 author: index % 2 == 0 ? "Ann" : nil, published: TestStore.baseDate.addingTimeInterval(Double(index) * 3600),
                 summary: "<p>Body of item \(index)</p>")
        }
        try upsert(Feed(format: .rss20, title: title, link: "https://example.org/", items: items), forFeedURL: url)
    }

    /// The articles of the feed at `url`, newest first.
    func items(ofFeed url: String) throws -> [ItemRow] {
        guard let feed = try feedList().first(where: { $0.url == url }) else { return [] }
        return try items(inFeed: feed.id)
    }
}
