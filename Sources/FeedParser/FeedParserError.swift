/// Why a document could not be read as a feed. `description` is one line, fit for a status bar.
public enum FeedParserError: Error, Equatable, CustomStringConvertible {
    case empty
    case notAFeed(String)
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .empty: "the document is empty"
        case .notAFeed(let why): "not a feed: \(why)"
        case .tooLarge(let limit): "the document exceeds the size limit of \(limit) bytes"
        }
    }
}
