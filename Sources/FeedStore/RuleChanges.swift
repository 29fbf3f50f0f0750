/// What a rule changed in the cache (`FeedStore.runRule`), article by article: what an undo
/// takes back (`FeedStore.undo(_:)`). An article already read, starred or tagged is not listed:
/// the rule did not change it.
public struct RuleChanges: Sendable, Equatable {
    /// A tag a rule gave an article.
    public struct Tagging: Sendable, Hashable {
        public var tag: String
        public var item: ItemID
    }

    public var markedRead: [ItemID] = []
    public var starred: [ItemID] = []
    public var tagged: [Tagging] = []
    public var hidden: [ItemID] = []

    public init() {}

    /// Whether the rule changed nothing.
    public var isEmpty: Bool { markedRead.isEmpty && starred.isEmpty && tagged.isEmpty && hidden.isEmpty }
}
