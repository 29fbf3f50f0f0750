import FilterLanguage

/// What one rule matches among the articles in the cache (`FeedStore.ruleMatches`): a dry run.
public struct RuleMatches: Sendable, Equatable {
    public var rule: ArticleRule
    /// How many listed articles it matches.
    public var count: Int
    /// The titles of the newest of them (an article without a title: the empty text).
    public var titles: [String]
}
