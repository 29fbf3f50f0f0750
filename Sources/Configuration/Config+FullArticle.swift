import FeedFetcher
import Foundation

/// The full-article options of the config file: `fulltext-command`, `fulltext-command-timeout`
/// and `always-fetch-full-article`.
extension Config {
    public static let fullArticleOptionNames: Set<String> = ["fulltext-command", "fulltext-command-timeout", "always-fetch-full-article"]

    /// Applies one full-article option; returns what was wrong with it, if anything.
    mutating func fullArticleOption(_ name: String, _ arguments: [String]) -> String? {
        guard arguments.count == 1, let value = arguments.first else {
            return "\(name) takes one value, got \(arguments.count)"
        }
        switch name {
        case "fulltext-command":
            // Split now, as `browser` is, so that a bad quote is reported with its line and
            // nothing is ever handed to a shell.
            do {
                fullArticle.command = try CommandArguments.split(value)
            } catch {
                return "fulltext-command: \(error.description); Tidings' own extractor is used"
            }
        case "fulltext-command-timeout":
            guard let seconds = Int(value), seconds >= 1 else {
                return "fulltext-command-timeout needs a whole number of at least 1, not \"\(Excerpt(value))\"; default kept"
            }
            fullArticle.commandTimeout = TimeInterval(seconds)
        case "always-fetch-full-article":
            guard (try? NSRegularExpression(pattern: value)) != nil else {
                return "always-fetch-full-article: \"\(Excerpt(value))\" is not a regular expression; ignored"
            }
            fullArticle.alwaysFetchPattern = value
        default:
            return "unknown option \"\(Excerpt(name))\"; ignored"
        }
        return nil
    }
}
