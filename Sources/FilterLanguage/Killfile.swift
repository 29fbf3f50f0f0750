import FilterLanguage
import Foundation

/// newsboat's killfile: `ignore-article` rules and the `ignore-mode` that says what becomes of
/// the articles they match.
///
///     ignore-article "*" "title =~ \"Sponsored\""
///     ignore-article "https://example.org/feed.xml" "author = \"Bot\""
///     ignore-mode "display"
///
/// An ignored article never shows: not in lists, counts, search, next-unread or the window title.
/// The store marks it hidden (`isDeleted = 2`; see `FeedStore.applyKillfile`), which every query
/// of listed articles already leaves out, so ignoring costs the queries nothing.
public struct Killfile: Sendable, Hashable {
    /// One `ignore-article` line.
    public struct Rule: Sendable, Hashable {
        /// The feed's URL as written in the urls file; nil for `*`, every feed.
        public var feedURL: String?
        public var expression: FilterExpression

        public init(feedURL: String?, expression: FilterExpression) {
            self.feedURL = feedURL
            self.expression = expression
        }

        package func applies(toFeed url: String) -> Bool { feedURL == nil || feedURL == url }
    }

    /// `ignore-mode`.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Matching articles are not stored by a reload (those already stored are hidden).
        case download
        /// Matching articles are stored, and hidden.
        case display
    }

    public var rules: [Rule]
    public var mode: Mode

    /// newsboat's default mode is `download`.
    public init(rules: [Rule] = [], mode: Mode = .download) {
        self.rules = rules
        self.mode = mode
    }

    /// No rule: nothing is ignored.
    public static let empty = Killfile()

    public var isEmpty: Bool { rules.isEmpty }

    /// Whether a rule ignores `article` (Swift evaluation, for articles not stored yet).
    public func ignores(_ article: FilterArticle, now: Date = Date()) -> Bool {
        rules.contains { $0.applies(toFeed: article.feedURL) && $0.expression.matches(article, now: now) }
    }
}
