/// The main article of a web page, as `ArticleExtractor` finds it.
public struct ExtractedArticle: Sendable, Equatable {
    /// The article's headline: the page's `og:title` or a cleaned `<title>`; nil when the page
    /// has neither.
    public var title: String?
    /// The article as sanitised HTML (`HTMLSanitizer`'s allow-list), links and images resolved
    /// against the page's base: headings, paragraphs, lists, quotes, `pre`, tables, figures.
    public var html: String
    /// The article as plain text: paragraphs separated by a blank line, list items and table
    /// rows by a line break.
    public var text: String

    public init(title: String?, html: String, text: String) {
        self.title = title
        self.html = html
        self.text = text
    }
}
