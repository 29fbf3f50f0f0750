/// A rule run on the articles in the cache (`FeedStore.runRule`): what it changed, and the
/// effects (`notify`, `full-text`, `enqueue`, `run`) it would have, one per article, for the
/// caller to carry out or not.
public struct RuleRun: Sendable, Equatable {
    public var changes: RuleChanges
    public var effects: [RuleEffect]
}
