import FeedServices
import FeedStore
import FilterLanguage
import Foundation

/// What each rule of the config would match among the articles in the cache (`:rules`), as
/// `tidings rules --dry-run` prints it: nothing is changed.
struct RuleMatchesQuery: StoreQuery {
    var rules: [ArticleRule]
    var now: Date

    func answer(from store: FeedStore) throws -> [String] {
        RuleDryRun.lines(for: try store.ruleMatches(rules, titles: RuleDryRun.shownTitles, now: now))
    }

    static func message(_ result: StoreResult<[String]>, route: Bool) -> ReaderMessage {
        .ruleMatchesRead(result)
    }
}
