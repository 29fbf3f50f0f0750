import FilterLanguage

/// A `query:` line of the urls file: a feed made of the articles of every feed that match a
/// filter expression, listed in the feed list with live counts and opened like a feed.
///
///     "query:Unread news:unread = \"yes\" and tags # \"news\"" daily
public struct QueryFeed: Sendable, Hashable {
    public var title: String
    public var expression: FilterExpression
    /// The expression as written.
    public var source: String
    public var tags: [String]
    /// Where it is in the urls file (1-based).
    public var line: Int

    /// Reads `query:TITLE:EXPRESSION` (the first token of the line, its quotes removed).
    ///
    /// - Throws: a one-line reason, the expression's column included.
    static func parse(_ token: String, tags: [String], line: Int) throws(QueryFeedError) -> QueryFeed {
        let body = token.dropFirst("query:".count)
        guard let colon = body.firstIndex(of: ":") else {
            throw QueryFeedError(message: "a query feed is written \"query:TITLE:EXPRESSION\"; no expression after the title")
        }
        let title = String(body[..<colon])
        let source = String(body[body.index(after: colon)...])
        do {
            return QueryFeed(title: title.isEmpty ? source : title, expression: try FilterParser.parse(source), source: source, tags: tags, line: line)
        } catch {
            throw QueryFeedError(message: "query feed \(Excerpt(title)): the expression, \(error.description); not shown")
        }
    }
}

/// Why a `query:` line cannot be shown.
struct QueryFeedError: Error {
    var message: String
}
