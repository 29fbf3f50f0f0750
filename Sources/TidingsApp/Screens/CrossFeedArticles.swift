import Configuration
import FeedStore
import FilterLanguage
import Foundation

/// What a list of articles from every feed shows: the starred ones, or those a query feed (a
/// `query:` line of the urls file) matches.
enum CrossFeedArticles: Equatable, Sendable {
    case starred
    case query(QueryFeed)
    /// What arrived after the reader's last session ended.
    case newSince(Date)

    static let newSinceTitle = "New since last time"

    var title: String {
        switch self {
        case .starred: "Starred"
        case .query(let feed): feed.title
        case .newSince: CrossFeedArticles.newSinceTitle
        }
    }

    /// What the title bar calls the total.
    var totalName: String {
        switch self {
        case .starred: "starred"
        case .query, .newSince: "total"
        }
    }

    /// The expression that picks the list's articles, and its text: what `A` marks read.
    /// `starFlag` is the flag letter that stands for the star (see `ArticleFlags`).
    func filter(starFlag: Character) -> (expression: FilterExpression, source: String)? {
        switch self {
        case .starred:
            let source = #"flags # ""# + String(starFlag) + #"""#
            return (try? FilterParser.parse(source)).map { ($0, source) }
        case .query(let feed):
            return (feed.expression, feed.source)
        case .newSince:
            // No expression names an arrival time: `A` is not offered here.
            return nil
        }
    }

    /// The list's pages; `now` is one moment for `age`, so that counts and pages agree; with
    /// `folds`, a story several feeds carry is one row (`fold-duplicates`).
    func pages(now: Date, folds: Bool) -> ItemPages {
        switch self {
        case .starred: .starred(folds: folds)
        case .query(let feed): .query(feed.expression, now: now, folds: folds)
        case .newSince(let since): .arrived(after: since, folds: folds)
        }
    }

    /// The list's counts, a folded story counted once.
    func counts(in store: FeedStore, now: Date, folds: Bool) throws -> ItemCounts {
        switch self {
        case .starred: try store.starredCounts(foldingStories: folds)
        case .query(let feed): try store.counts(matching: [feed.expression], foldingStories: folds, now: now).first ?? .zero
        case .newSince(let since): try store.arrivedCounts(after: since, foldingStories: folds)
        }
    }

    func emptyText(keyMap: KeyMap) -> String {
        switch self {
        case .starred:
            let starKey = keyMap.bindings(for: .itemList).first { $0.command == .toggleStarred }?.keys.first
            return "No starred articles" + (starKey.map { ": press \($0) on an article to star it." } ?? ".")
        case .query(let feed):
            return "No article matches \(Excerpt(feed.source))."
        case .newSince:
            return "Nothing has arrived since the reader was last closed."
        }
    }
}
