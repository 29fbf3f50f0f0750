import Configuration
import Foundation

/// newsboat's `external-url-viewer`: `show-urls` (`u`) hands the terminal to urlview, urlscan or
/// the like, with the article's links on its standard input, instead of opening the URL view.
extension ReaderApp {
    /// The viewer started on `urls`, one a line, numbered as the article numbers them.
    func viewURLs(_ urls: [ArticleURL], with viewer: [String]) -> [ReaderEffect] {
        guard !urls.isEmpty else {
            transientMessage = "This article has no links, images or enclosures"
            return []
        }
        logger.info("showing an article's links with \(viewer[0])")
        return [.viewURLs(arguments: viewer, text: urls.map { $0.url + "\n" }.joined())]
    }
}
