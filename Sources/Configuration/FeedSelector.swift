import FilterLanguage
import Foundation

/// Which feeds a `feed-option` line is for: one feed, by its URL exactly as the urls file writes
/// it, or every feed a feed filter expression matches (the language of the feed list's filters:
/// `tags # "podcasts"`, `feedlink =~ "youtube.com"`, `feedtitle =~ "LWN"`).
///
///     feed-option "https://lwn.net/headlines/rss" reload-time 240
///     feed-option "tags # \"slow\"" reload-time 240
public enum FeedSelector: Sendable, Hashable, CustomStringConvertible {
    case url(String)
    case expression(FilterExpression, source: String)

    /// Reads a selector: a URL when it is written as one (`scheme://…`, or newsboat's `exec:`,
    /// `filter:`), else a filter expression of feed attributes.
    static func read(_ text: String) throws(SelectorProblem) -> FeedSelector {
        if text.contains("://") || text.hasPrefix("exec:") || text.hasPrefix("filter:") { return .url(text) }
        let expression: FilterExpression
        do {
            expression = try FilterParser.parse(text)
        } catch {
            throw SelectorProblem("\"\(Excerpt(text))\" is neither a feed's URL nor a filter expression: \(error.description)")
        }
        if let refusal = ListFilter(expression: expression, label: text).feedListRefusal {
            throw SelectorProblem("\"\(Excerpt(text))\": \(refusal.prefix(1).lowercased() + refusal.dropFirst())")
        }
        return .expression(expression, source: text)
    }

    /// Whether the selector names the feed `feed` describes.
    public func matches(_ feed: FilterArticle, now: Date) -> Bool {
        switch self {
        case .url(let url): url == feed.feedURL
        case .expression(let expression, _): expression.matches(feed, now: now)
        }
    }

    public var description: String {
        switch self {
        case .url(let url): url
        case .expression(_, let source): source
        }
    }

    /// Why a selector cannot be read.
    struct SelectorProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

/// One `feed-option SELECTOR OPTION VALUE` line: the value `option` takes for the feeds
/// `selector` names.
public struct FeedOptionLine: Sendable, Equatable {
    public var selector: FeedSelector
    public var option: String
    public var value: any ConfigValue
    /// Where it is in the config file.
    public var line: Int

    public static func == (left: FeedOptionLine, right: FeedOptionLine) -> Bool {
        left.selector == right.selector && left.option == right.option && left.line == right.line
            && left.value.configText == right.value.configText
    }
}
