import FeedModel
import Foundation

/// A fetched feed with every value the store derives from its items already computed: item
/// keys, the full-text index's text, list excerpts, folded titles, dates and JSON columns.
///
/// Deriving those values is most of the CPU an upsert costs, and none of it needs the database.
/// Making a `PreparedFeed` is pure and thread-safe, so the reload pipeline makes one on the
/// worker thread that parsed the feed, in parallel with other feeds, and the store's single
/// writer only runs SQL (`FeedStore.upsert(_:forFeedURL:…)`).
///
/// ```swift
/// let prepared = PreparedFeed(parsedFeed)          // any thread, no lock
/// try store.upsert(prepared, forFeedURL: url)      // the serial part
/// ```
public struct PreparedFeed: Sendable {
    /// The feed as parsed; its metadata is stored as is.
    public let feed: Feed
    /// The items to store, without repeated keys (a feed that repeats an entry keeps its first,
    /// top-most occurrence), in the feed's order.
    let entries: [Entry]

    /// One item with the columns derived from it.
    struct Entry: Sendable {
        let key: String
        let item: Item
        let published: Double?
        let updated: Double?
        let enclosures: String
        let categories: String
        let searchTitle: String?
        let searchAuthor: String?
        let excerpt: String?
        let foldedTitle: String?
        /// The size in bytes of the item's text (its content, else its summary).
        let contentLength: Double?
        /// Digests of what makes it one story with another feed's article (see `StoryKey`), and
        /// the fingerprint of its text when near-duplicates make stories too (`SimilarityHash`).
        let linkDigest: Int64?
        let titleDigest: Int64?
        let similarityHash: Int64?

        init(key: String, item: Item, similarityHash: Bool = false) {
            self.key = key
            self.item = item
            published = StoredDate.value(item.published)
            updated = StoredDate.value(item.updated)
            enclosures = FeedStore.encodeJSON(item.enclosures)
            categories = FeedStore.encodeJSON(item.categories)
            searchTitle = SearchText.fromPlain(item.title)
            searchAuthor = SearchText.fromPlain(item.author)
            excerpt = ListText.excerpt(summary: item.summary, content: item.content)
            foldedTitle = item.title.map(ListText.folded)
            contentLength = (item.content ?? item.summary).map { Double($0.utf8.count) }
            linkDigest = StoryKey.digest(StoryKey.link(item.link))
            titleDigest = StoryKey.digest(StoryKey.title(item.title))
            self.similarityHash = similarityHash ? SimilarityHash.of(html: item.content ?? item.summary) : nil
        }
    }

    /// - Parameter similarityHashes: computes each article's text fingerprint, with which the
    ///   store finds near-duplicates of other feeds (`fold-near-duplicates`; see
    ///   `FeedStore.foldsNearDuplicates`).
    public init(_ feed: Feed, similarityHashes: Bool = false) {
        var seenKeys = Set<String>()
        var entries: [Entry] = []
        entries.reserveCapacity(feed.items.count)
        for item in feed.items {
            let key = ItemKey.key(for: item)
            guard seenKeys.insert(key).inserted else { continue }
            entries.append(Entry(key: key, item: item, similarityHash: similarityHashes))
        }
        self.entries = entries
        // The items live on in the entries; keeping them twice would double what a feed
        // waiting for the writer holds in memory.
        var metadata = feed
        metadata.items = []
        self.feed = metadata
    }
}

extension PreparedFeed.Entry {
    /// The item columns a fetch writes, new item or known: the upsert's insert and refresh and
    /// the read of a stored item are made from this list (see `StoreColumns`). The upsert itself
    /// writes the item's identity, its seen times, its sort date and whether its text is indexed.
    static let columns = StoreColumns<Self, Item>([
        .init("guid", { $0.item.id }, read: \.id),
        .init("title", { $0.item.title }, read: \.title),
        .init("link", { $0.item.link }, read: \.link),
        .init("author", { $0.item.author }, read: \.author),
        .init("published", { $0.published }, read: \.published),
        .init("updated", { $0.updated }, read: \.updated),
        .init("summary", { $0.item.summary }, read: \.summary),
        .init("content", { $0.item.content }, read: \.content),
        .init("enclosures", json: { $0.enclosures }, read: \.enclosures),
        .init("categories", json: { $0.categories }, read: \.categories),
        // What the full-text index holds of the title and author (the body is not stored: see
        // `SearchBody`), and what item lists show and filter on (see `ListText`).
        .init("searchTitle", { $0.searchTitle }),
        .init("searchAuthor", { $0.searchAuthor }),
        .init("excerpt", { $0.excerpt }),
        .init("foldedTitle", { $0.foldedTitle }),
        .init("contentLength", { $0.contentLength }),
        // What makes it one story with other feeds' articles (see `StoryKey`, `FeedStore+Stories`).
        .init("linkDigest", { $0.linkDigest }),
        .init("titleDigest", { $0.titleDigest }),
        .init("similarityHash", { $0.similarityHash }),
    ])
}
