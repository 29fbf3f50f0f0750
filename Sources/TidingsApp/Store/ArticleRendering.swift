import Configuration
import Foundation
import TerminalUI

/// How articles are rendered for the article view, as the options in force say: read with the
/// article off the main thread (the HTML renderer may be an external program).
struct ArticleRendering: Equatable, Sendable {
    /// `color article_link`.
    var linkStyle: Style
    /// `html-renderer` in words; nil for Tidings' own renderer.
    var htmlRenderer: [String]?
    /// `always-display-description`.
    var alwaysDisplaysDescription: Bool
    /// `fulltext-command`, `always-fetch-full-article`: which articles open on their full article.
    var fullArticle: FullArticleOptions
    /// The zone of the dates in an article's header (and in what `save` writes).
    var timeZone: TimeZone

    init(linkStyle: Style = Theme.standard.articleLink, htmlRenderer: [String]? = nil, alwaysDisplaysDescription: Bool = false,
         fullArticle: FullArticleOptions = FullArticleOptions(), timeZone: TimeZone = .current) {
        self.linkStyle = linkStyle
        self.htmlRenderer = htmlRenderer
        self.alwaysDisplaysDescription = alwaysDisplaysDescription
        self.fullArticle = fullArticle
        self.timeZone = timeZone
    }

    /// As `config` sets it, links drawn in `theme`'s style, dates in `timeZone`.
    init(_ config: Config, theme: Theme, timeZone: TimeZone) {
        self.init(linkStyle: theme.articleLink, htmlRenderer: config.htmlRenderer,
                  alwaysDisplaysDescription: config[\.alwaysDisplayDescription], fullArticle: config.fullArticle, timeZone: timeZone)
    }
}
