import FeedModel
import FeedModel

/// newsboat's `external-url-viewer`: a program such as urlview or urlscan that `show-urls`
/// hands the terminal and the article's links, instead of the URL view.
extension Config {
    /// The viewer's command split into words as `browser` is, never by a shell; nil when none
    /// is set (or it cannot be split, which was warned about).
    public var externalURLViewer: [String]? {
        let text = self[\.externalUrlViewer]
        return text.isEmpty ? nil : try? CommandArguments.split(text)
    }

}
