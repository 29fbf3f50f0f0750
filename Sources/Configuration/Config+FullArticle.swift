import FeedModel
import Foundation

/// The full-article options of the config file: `fulltext-command`, `fulltext-command-timeout`,
/// `always-fetch-full-article` and newsboat's `download-full-page`, as one value.
extension Config {
    public var fullArticle: FullArticleOptions {
        // Split as `browser` is, so that nothing is ever handed to a shell (a value that cannot be
        // split was refused with its line).
        let command = self[\.fulltextCommand]
        let pattern = self[\.alwaysFetchFullArticle]
        return FullArticleOptions(
            command: command.isEmpty ? nil : try? CommandArguments.split(command),
            commandTimeout: TimeInterval(self[\.fulltextCommandTimeout]),
            alwaysFetchPattern: pattern.isEmpty ? nil : pattern, fetchesEveryFeed: self[\.downloadFullPage])
    }
}
