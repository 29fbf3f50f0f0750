import FilterLanguage
import FilterLanguage
import Foundation

/// A filter expression in force on a list (newsboat's `set-filter` and `select-filter`): the
/// expression and how the title bar names it (the defined filter's name, or what was typed).
public struct ListFilter: Sendable, Hashable {
    public var expression: FilterExpression
    public var label: String

    public init(expression: FilterExpression, label: String) {
        self.expression = expression
        self.label = label
    }

    /// What a feed-list filter tests: newsboat's feed attributes, in the order messages name them.
    static let feedAttributeOrder: [FilterAttribute] = [
        .feedTitle, .feedLink, .feedURL, .feedDescription, .tags, .unreadCount, .totalCount,
    ]
    public static let feedAttributes = Set(feedAttributeOrder)

    /// Why the feed list cannot be filtered by this expression — it names an article's
    /// attribute (`unread`, `title`…), which a feed has no single value of — or nil when it can.
    /// (Read as empty, `unread = "yes"` would keep every feed and `title =~ "LWN"` none.)
    public var feedListRefusal: String? {
        let articleAttributes = expression.attributes.subtracting(Self.feedAttributes)
        guard !articleAttributes.isEmpty else { return nil }
        // The offending names first, so that they survive a narrow status bar.
        let names = articleAttributes.map(\.rawValue).sorted().joined(separator: ", ")
        let known = Self.feedAttributeOrder.map(\.rawValue).joined(separator: ", ")
        let verb = articleAttributes.count == 1 ? "is an article attribute" : "are article attributes"
        return "Not a feed filter: \(names) \(verb); feeds have \(known)"
    }
}
