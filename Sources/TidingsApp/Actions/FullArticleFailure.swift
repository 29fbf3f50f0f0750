import ArticleExtraction
import FeedFetcher

/// Why no full article was stored: one line for the status bar. Every reason is made from
/// `FetchFailure` and `ArticleExtractionError` descriptions, which never carry control
/// characters, credentials or raw bytes of the page.
struct FullArticleFailure: Error, Sendable, Equatable, CustomStringConvertible {
    var reason: String

    var description: String { "No full article: \(reason)" }

    static func download(_ failure: FetchFailure) -> FullArticleFailure {
        if case .unsupportedLocation = failure {
            // FetchFailure says "not a feed location"; here it is a page's address.
            return FullArticleFailure(reason: "the article's link is not an http or https address")
        }
        return FullArticleFailure(reason: failure.description)
    }

    static func extraction(_ error: ArticleExtractionError) -> FullArticleFailure {
        FullArticleFailure(reason: error.description)
    }

    static func command(_ failure: FetchFailure) -> FullArticleFailure {
        if case .timedOut(let seconds) = failure {
            return FullArticleFailure(reason: "fulltext-command did not finish within \(Int(seconds)) s; it was stopped")
        }
        return FullArticleFailure(reason: "fulltext-command: \(failure.description)")
    }
}
