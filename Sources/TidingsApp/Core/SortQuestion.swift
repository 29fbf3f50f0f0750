import FeedStore
import TerminalUI

/// What `sort` and `rev-sort` ask in the status bar, as newsboat does: the field to sort the
/// list on screen by, answered by its first letter. `rev-sort` sorts in the reverse of the
/// field's default direction (oldest first for the date, Z to A for titles).
///
/// The answer changes `article-sort-order` or `feed-sort-order` for the rest of the session,
/// as `:set` would: every list of the same kind follows it.
public struct SortQuestion: Hashable, Sendable {
    /// Which order is chosen.
    public enum Subject: Hashable, Sendable {
        /// Item lists: a feed's articles, Starred, query feeds.
        case articles
        case feeds
    }

    public var subject: Subject
    public var isReversed: Bool

    public init(subject: Subject, isReversed: Bool) {
        self.subject = subject
        self.isReversed = isReversed
    }

    /// The question, e.g. "Sort by (d)ate/(t)itle/(f)lags/(a)uthor/(l)ink/(g)uid/(r)andom?".
    /// The feed fields' two longest names are shortened so that the question fits 80 columns.
    var prompt: String {
        let names = switch subject {
        case .articles: ItemOrder.Field.allCases.map(\.rawValue)
        case .feeds: FeedOrder.Field.allCases.map { ["articlecount": "articles", "unreadarticlecount": "unread"][$0.rawValue] ?? $0.rawValue }
        }
        let choices = names.map { "(\($0.prefix(1)))\($0.dropFirst())" }.joined(separator: "/")
        return "\(isReversed ? "Reverse sort" : "Sort") by \(choices)?"
    }

    /// The config line `key` chooses (`article-sort-order title-asc`) and the status-bar line
    /// that says so ("Sorted by title"); nil when `key` is not a choice.
    func answer(_ key: Key) -> (option: String, value: String, done: String)? {
        guard case .character(let character) = key else { return nil }
        let letter = String(character).lowercased()
        let (option, name, descendingByDefault): (String, String, Bool)
        switch subject {
        case .articles:
            guard let field = ItemOrder.Field.allCases.first(where: { $0.rawValue.hasPrefix(letter) }) else { return nil }
            (option, name, descendingByDefault) = ("article-sort-order", field.rawValue, field.isDescendingByDefault)
        case .feeds:
            guard let field = FeedOrder.Field.allCases.first(where: { $0.rawValue.hasPrefix(letter) }) else { return nil }
            (option, name, descendingByDefault) = ("feed-sort-order", field.rawValue, field.isDescendingByDefault)
        }
        // Applied as a config line: a random order is a new shuffle each time it is chosen.
        let direction = descendingByDefault != isReversed ? "desc" : "asc"
        return (option, "\(name)-\(direction)", "Sorted by \(name)" + (isReversed ? ", reversed" : ""))
    }
}
