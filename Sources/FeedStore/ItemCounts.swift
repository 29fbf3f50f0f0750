/// Unread and total counts of a set of articles (such as the starred ones).
public struct ItemCounts: Sendable, Hashable {
    public var unread: Int
    public var total: Int

    public init(unread: Int, total: Int) {
        self.unread = unread
        self.total = total
    }

    /// No articles at all.
    public static let zero = ItemCounts(unread: 0, total: 0)
}
