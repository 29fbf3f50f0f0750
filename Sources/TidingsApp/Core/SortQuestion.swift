import FeedModel
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
    /// The feed fields' long names are shortened so that the question fits 80 columns: `last`
    /// is lastupdated (the newest article's date), `new` latestunread (the newest unread one's).
    var prompt: String {
        let choices = self.choices.map { choice in
            let label = choice.label, index = label.firstIndex(of: choice.letter)!
            return "\(label[..<index])(\(choice.letter))\(label[label.index(after: index)...])"
        }.joined(separator: "/")
        return "\(isReversed ? "Reverse sort" : "Sort") by \(choices)?"
    }

    /// Each field's config name, its name in the question, and the letter that chooses it: the
    /// first letter of the name that no earlier field took (`n(e)w` after `(n)one`).
    private var choices: [(name: String, label: String, letter: Character, descendingByDefault: Bool)] {
        let fields: [(name: String, descendingByDefault: Bool)] = switch subject {
        case .articles: ItemOrder.Field.allCases.map { ($0.rawValue, $0.isDescendingByDefault) }
        case .feeds: FeedOrder.Field.allCases.map { ($0.rawValue, $0.isDescendingByDefault) }
        }
        var taken = Set<Character>()
        return fields.map { field in
            let shortLabels = ["articlecount": "articles", "unreadarticlecount": "unread", "lastupdated": "last", "latestunread": "new"]
            let label = shortLabels[field.name] ?? field.name
            let letter = label.first { !taken.contains($0) } ?? label.first!
            taken.insert(letter)
            return (field.name, label, letter, field.descendingByDefault)
        }
    }

    /// The config line `key` chooses (`article-sort-order title-asc`) and the status-bar line
    /// that says so ("Sorted by title"); nil when `key` is not a choice.
    func answer(_ key: Key) -> (option: String, value: String, done: String)? {
        guard case .character(let character) = key,
              let choice = choices.first(where: { String($0.letter) == String(character).lowercased() })
        else { return nil }
        let option = subject == .articles ? "article-sort-order" : "feed-sort-order"
        // Applied as a config line: a random order is a new shuffle each time it is chosen.
        let direction = choice.descendingByDefault != isReversed ? "desc" : "asc"
        return (option, "\(choice.name)-\(direction)", "Sorted by \(choice.name)" + (isReversed ? ", reversed" : ""))
    }
}
