/// The articles one upsert inserted into one feed: consecutive row ids, since nothing else
/// inserts articles while the upsert holds the write lock (`FeedStore.storeItems`).
struct ArrivedItems: Sendable {
    var feedID: FeedID
    private(set) var count = 0
    /// The first and last ids inserted; meaningless while `count` is 0.
    private(set) var firstID: Int64 = 0
    private(set) var lastID: Int64 = 0

    init(feedID: FeedID) {
        self.feedID = feedID
    }

    mutating func add(_ id: Int64) {
        if count == 0 { firstID = id }
        assert(count == 0 || id == lastID + 1, "articles of one upsert have consecutive ids")
        lastID = id
        count += 1
    }
}
