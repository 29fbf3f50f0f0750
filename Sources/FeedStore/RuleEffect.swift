import FeedModel
import FilterLanguage
import Foundation

/// An effect a rule on arrival left for whoever reloaded (`FeedStore.takeRuleEffects`): one
/// action — `notify`, `fullText`, `enqueue` or `run` — and the article it is for.
public struct RuleEffect: Sendable, Hashable {
    public var itemID: ItemID
    public var feedID: FeedID
    /// The feed's display title (`%f` of `run`).
    public var feedTitle: String
    public var title: String?
    public var link: String?
    public var author: String?
    /// Published, else updated, else first seen (a podcast's file name may be made of it).
    public var date: Date
    /// The article's first enclosure (what `enqueue` queues).
    public var enclosure: Enclosure?
    public var action: ArticleRule.Action

    public init(
        itemID: ItemID, feedID: FeedID, feedTitle: String, title: String?, link: String?, author: String?, date: Date,
        enclosure: Enclosure?, action: ArticleRule.Action
    ) {
        self.itemID = itemID
        self.feedID = feedID
        self.feedTitle = feedTitle
        self.title = title
        self.link = link
        self.author = author
        self.date = date
        self.enclosure = enclosure
        self.action = action
    }

    /// For a `run` action, the program and its arguments for this article (`%u %t %f %a`
    /// replaced, see `ArticleRule.arguments`); nil for the other actions.
    public var commandArguments: [String]? {
        guard case .run(let words) = action else { return nil }
        return ArticleRule.arguments(words, link: link, title: title, feedTitle: feedTitle, author: author)
    }
}
