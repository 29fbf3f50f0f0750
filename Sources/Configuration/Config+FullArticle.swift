import FeedFetcher
import FeedModel
import Foundation

/// The full-article options of the config file: `fulltext-command`, `fulltext-command-timeout`,
/// `always-fetch-full-article` and newsboat's `download-full-page`.
extension Config {
    /// Applies one full-article option's value; returns what was wrong with it, if anything.
    mutating func fullArticleOption(_ name: String, _ value: OptionValue) -> String? {
        switch name {
        case "fulltext-command":
            // Split now, as `browser` is, so that a bad quote is reported with its line and
            // nothing is ever handed to a shell.
            do {
                fullArticle.command = value.text.isEmpty ? nil : try CommandArguments.split(value.text)
            } catch {
                return "fulltext-command: \(error.description); Tidings' own extractor is used"
            }
        case "fulltext-command-timeout": fullArticle.commandTimeout = TimeInterval(value.number)
        case "always-fetch-full-article":
            guard (try? NSRegularExpression(pattern: value.text)) != nil else {
                return "always-fetch-full-article: \"\(Excerpt(value.text))\" is not a regular expression; ignored"
            }
            fullArticle.alwaysFetchPattern = value.text.isEmpty ? nil : value.text
        case "download-full-page": fullArticle.fetchesEveryFeed = value.isOn
        default: break
        }
        return nil
    }
}
