/// Why a page gave no article. Each description is one line, fit for a command's stderr.
public enum ArticleExtractionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The page is larger than `ArticleExtractor.maximumInputBytes`.
    case tooLarge(bytes: Int)
    /// The bytes are not a web page: the associated text says what they look like instead.
    case notHTML(String)
    /// Nothing on the page reads as an article: too little text in paragraphs (a link
    /// directory, a login wall, an empty page).
    case noArticle

    public var description: String {
        switch self {
        case .tooLarge(let bytes):
            return "the page is too large to extract (\(bytes) bytes, at most \(ArticleExtractor.maximumInputBytes))"
        case .notHTML(let what):
            return "not an HTML page (\(what))"
        case .noArticle:
            return "no article found on the page"
        }
    }
}
