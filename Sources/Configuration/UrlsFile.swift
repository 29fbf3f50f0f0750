import FeedModel
import Foundation

/// The list of feeds in newsboat's `urls` format, so that newsboat users can point Tidings at
/// their existing file.
///
/// One feed per line: the URL, then tags separated by spaces; a quoted tag may hold spaces;
/// `"~Custom title"` replaces the feed's title; `"!"` (or any tag starting with `!`) hides the
/// feed; `#` starts a comment.
///
///     https://example.org/feed.xml tech "long reads" "~Example, abridged"
///     exec:~/bin/scrape.sh local "!"
///     "query:Unread:unread = \"yes\"" daily   # a query feed (see `QueryFeed`)
///
/// A line whose first word is no feed address (`"--- BLOGS ---"`, `youtube`, `" "`) is a heading
/// of the feed list, as in newsboat (see `UrlsHeading`); only what is plainly a mistyped address
/// (`www.example.org/feed`, `feed://…`) or a damaged line is reported.
///
/// A line ending in a backslash goes on on the next line. Loading never fails on content: a bad
/// line is reported with its line number (`problems`) and skipped, the rest loads. Every line is
/// remembered, so that writing the list back (after `add`, `remove` or `update`) changes only the
/// lines that changed: comments, blank lines, `query:` lines and even bad lines survive, and the
/// file is replaced atomically.
public struct UrlsFile: Sendable, Equatable {
    /// A line of the file, as read or as edited.
    public enum Line: Sendable, Equatable {
        /// A feed; `text` is the line as written (nil once edited: then it is formatted anew).
        case feed(Subscription, text: String?)
        /// A `query:` feed: kept verbatim (its feed, if it could be read, is in `queryFeeds`).
        case query(String)
        /// A comment or a blank line.
        case comment(String)
        /// A text that is not a feed address (`"--- BLOGS ---"`, `youtube`), which newsboat
        /// shows as a row of its feed list: a heading between feeds. (Its `feedsBefore` is
        /// counted by `headings`.)
        case heading(UrlsHeading, text: String)
        /// A line that could not be read: kept verbatim so that saving loses nothing.
        case unreadable(String)
    }

    /// A line that was skipped, or read in spite of a fault, with its 1-based number.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String

        public var description: String { "line \(line): \(message)" }
    }

    public private(set) var lines: [Line]
    /// Bad lines, in file order.
    public private(set) var problems: [Problem]
    /// The `query:` lines whose expression could be read, in file order.
    public private(set) var queryFeeds: [QueryFeed]

    /// An empty list.
    public init() {
        lines = []
        problems = []
        queryFeeds = []
    }

    /// Reads the text of a urls file.
    public init(parsing text: String) {
        lines = []
        problems = []
        queryFeeds = []
        var seen: [String: Int] = [:]
        for (number, joined, line) in NewsboatTokenizer.joinedLines(of: text) {
            let (tokens, isQuoteUnclosed) = NewsboatTokenizer.tokenizeLeniently(joined)
            // Control characters or bytes that are not UTF-8 anywhere in a line (its address, a
            // tag, a title, a query) are damage, not something to fetch or show (issue 45 §13).
            if tokens.contains(where: { UrlsFile.isDamaged($0.text) }) {
                problems.append(Problem(line: number, message: "damaged line: \(Excerpt(joined.trimmingCharacters(in: .whitespaces)))"))
                lines.append(.unreadable(line))
                continue
            }
            // A quote left open in the URL itself leaves no address to fetch.
            if isQuoteUnclosed, tokens.count == 1 {
                problems.append(Problem(line: number, message: NewsboatTokenizer.TokenizeError.unterminatedQuote.description))
                lines.append(.unreadable(line))
                continue
            }
            guard let first = tokens.first else {
                lines.append(.comment(line))
                continue
            }
            if first.text.hasPrefix("query:") {
                lines.append(.query(line))
                do {
                    queryFeeds.append(try QueryFeed.parse(first.text, tags: tokens.dropFirst().map(\.text), line: number))
                } catch {
                    problems.append(Problem(line: number, message: error.message))
                }
                continue
            }
            guard UrlsFile.isFeedLocation(first.text) else {
                // newsboat lists any other text as a feed that never loads, and its users write
                // them as headings between feeds: a row of the list, never fetched. Only what is
                // plainly a mistyped address (or damage) is reported, and kept as it is.
                if let mistake = UrlsFile.addressMistake(first.text) {
                    problems.append(Problem(line: number, message: mistake))
                    lines.append(.unreadable(line))
                    continue
                }
                if isQuoteUnclosed {
                    problems.append(Problem(line: number, message: "a quote is opened and never closed; the rest of the line is read as a tag"))
                }
                lines.append(.heading(UrlsFile.heading(first.text, attributes: tokens.dropFirst(), line: number), text: line))
                continue
            }
            if let earlier = seen[first.text] {
                problems.append(Problem(line: number, message: "\(Excerpt(first.text)) is already on line \(earlier); skipped"))
                lines.append(.unreadable(line))
                continue
            }
            seen[first.text] = number
            if isQuoteUnclosed {
                // As newsboat does: the rest of the line is the last tag, and the feed stays.
                problems.append(Problem(line: number, message: "a quote is opened and never closed; the rest of the line is read as a tag"))
            }
            lines.append(.feed(UrlsFile.subscription(url: first.text, attributes: tokens.dropFirst()), text: line))
        }
    }

    /// Loads the file at `url`; a missing file is an empty list (first run).
    public static func load(from url: URL) throws -> UrlsFile {
        guard let text = try TextFile.read(url) else { return UrlsFile() }
        return UrlsFile(parsing: text)
    }

    /// The feeds, in file order.
    public var subscriptions: [Subscription] {
        lines.compactMap { if case .feed(let subscription, _) = $0 { subscription } else { nil } }
    }

    /// The heading lines, in file order, each with the number of feed lines above it.
    public var headings: [UrlsHeading] {
        var feeds = 0
        var headings: [UrlsHeading] = []
        for line in lines {
            switch line {
            case .feed: feeds += 1
            case .heading(var heading, _):
                heading.feedsBefore = feeds
                headings.append(heading)
            case .query, .comment, .unreadable: break
            }
        }
        return headings
    }

    /// True if a feed with this URL is in the list (its scheme and host compared without case:
    /// see `FeedAddress`).
    public func contains(url: String) -> Bool {
        subscriptions.contains { FeedAddress.isSame($0.url, url) }
    }

    /// The feed listed under `url`, its scheme and host compared without case, if there is one.
    public func listed(url: String) -> Subscription? {
        subscriptions.first { FeedAddress.isSame($0.url, url) }
    }

    /// Appends a feed; returns false (and changes nothing) if its URL is already listed (even
    /// written with another case in its scheme or host). `asWritten` is a line to write it as (an
    /// OPML export's `tidingsLine`), used when it reads as this very feed.
    @discardableResult
    public mutating func add(_ subscription: Subscription, asWritten line: String? = nil) -> Bool {
        guard !contains(url: subscription.url) else { return false }
        let isTheFeed = line.map { !$0.contains("\n") && UrlsFile(parsing: $0).subscriptions == [subscription] } ?? false
        lines.append(.feed(subscription, text: isTheFeed ? line : nil))
        return true
    }

    /// Inserts at line index `index` those of `texts` that are comments, blank lines or headings
    /// (an OPML import's `tidingsLinesBefore`); any other text is left out.
    public mutating func insertLines(_ texts: [String], at index: Int) {
        let kept = texts.compactMap { text -> Line? in
            guard !text.contains("\n") else { return nil }
            switch UrlsFile(parsing: text).lines.first ?? .comment(text) {
            case .comment: return .comment(text)
            case .heading(let heading, _): return .heading(heading, text: text)
            case .feed, .query, .unreadable: return nil
            }
        }
        lines.insert(contentsOf: kept, at: min(index, lines.count))
    }

    /// Why a query feed was not added by `addQuery`.
    public enum QueryRefusal: Error, Equatable, CustomStringConvertible {
        /// A query feed with this title and expression is listed already.
        case alreadyListed
        /// The expression cannot be read; the reason, with its column.
        case unreadable(String)

        public var description: String {
            switch self {
            case .alreadyListed: "already listed"
            case .unreadable(let reason): reason
            }
        }
    }

    /// Appends the query feed `query:TITLE:EXPRESSION` with `tags` (an OPML import's); refuses one
    /// whose expression cannot be read or that is listed already, and changes nothing then.
    /// `asWritten` is a line to write it as, used when it reads as this very query feed.
    public mutating func addQuery(title: String, expression: String, tags: [String], asWritten written: String? = nil) throws(QueryRefusal) {
        if queryFeeds.contains(where: { $0.title == title && $0.source == expression }) { throw .alreadyListed }
        let isTheQuery = written.map { text in
            !text.contains("\n") && UrlsFile(parsing: text).queryFeeds.map { [$0.title, $0.source] + $0.tags } == [[title, expression] + tags]
        } ?? false
        let line = isTheQuery ? written! : ([NewsboatTokenizer.quote("query:\(title):\(expression)")] + tags.map(NewsboatTokenizer.quoteIfNeeded))
            .joined(separator: " ")
        let read = UrlsFile(parsing: line)
        guard var query = read.queryFeeds.first else { throw .unreadable(read.problems.first?.message ?? "not a query feed") }
        query.line = lines.count + 1
        lines.append(.query(line))
        queryFeeds.append(query)
    }

    /// Replaces the feed that has `subscription.url` (or `url`, to change the URL itself); returns
    /// false if there is none. The line is written anew; a comment at its end is kept.
    @discardableResult
    public mutating func update(_ subscription: Subscription, replacing url: String? = nil) -> Bool {
        guard let index = feedLineIndex(url ?? subscription.url) else { return false }
        var text: String?
        if case .feed(_, let old?) = lines[index], let comment = UrlsFile.trailingComment(of: old) {
            text = UrlsFile.format(subscription) + comment
        }
        lines[index] = .feed(subscription, text: text)
        return true
    }

    /// Removes the feed with this URL; returns false if there is none.
    @discardableResult
    public mutating func remove(url: String) -> Bool {
        let before = lines.count
        lines.removeAll { if case .feed(let s, _) = $0 { s.url == url } else { false } }
        return lines.count != before
    }

    /// The feed with this URL, if it is listed.
    public func subscription(url: String) -> Subscription? {
        subscriptions.first { $0.url == url }
    }

    /// Swaps the lines of the feeds at `url` and `otherURL` (a feed moving past its neighbour):
    /// each keeps its text, inline comment included, and every line between them stays where it
    /// is. Returns false (and changes nothing) unless both are listed and differ.
    @discardableResult
    public mutating func swapFeeds(_ url: String, _ otherURL: String) -> Bool {
        guard url != otherURL, let first = feedLineIndex(url), let second = feedLineIndex(otherURL) else { return false }
        lines.swapAt(first, second)
        return true
    }

    /// Swaps the line of the feed at `url` with the line of `heading` (found by its line number
    /// and text, so that a file changed meanwhile is not scrambled): the feed moves past the
    /// heading, into the section on its other side. Returns false (and changes nothing) unless
    /// both are there.
    @discardableResult
    public mutating func swapFeed(_ url: String, withHeading heading: UrlsHeading) -> Bool {
        guard let feed = feedLineIndex(url) else { return false }
        let headingLine = lines.indices.first { index in
            if case .heading(let listed, _) = lines[index] { listed.line == heading.line && listed.text == heading.text } else { false }
        }
        guard let headingLine else { return false }
        lines.swapAt(feed, headingLine)
        return true
    }

    private func feedLineIndex(_ url: String) -> Int? {
        lines.firstIndex { if case .feed(let subscription, _) = $0 { subscription.url == url } else { false } }
    }

    /// The file's text: untouched lines exactly as read, edited and new ones formatted.
    public var text: String {
        lines.map { line in
            switch line {
            case .feed(let subscription, let text): text ?? UrlsFile.format(subscription)
            case .query(let text), .comment(let text), .heading(_, let text), .unreadable(let text): text
            }
        }.map { $0 + "\n" }.joined()
    }

    /// Why the file could not be written, in one line.
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes the file atomically: a temporary file in the same directory, then a rename, so that
    /// a crash never leaves half a list.
    ///
    /// - Throws: `WriteError` naming the file and the system's reason (a read-only directory,
    ///   another user's file).
    public func write(to url: URL) throws {
        do {
            try writeAtomically(to: url)
        } catch {
            // Foundation's message names the temporary file; the directory's own answer is clearer.
            let directory = url.deletingLastPathComponent().path
            let reason = access(directory, W_OK) != 0 ? String(cString: strerror(errno)) : (error as NSError).localizedDescription
            throw WriteError(path: url.path, reason: reason.lowercased())
        }
    }

    private func writeAtomically(to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            if let permissions = try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] {
                try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// One line of the file for a feed. (newsboat's format cannot express a tag that starts with
    /// `~` or `!`: such a tag reads back as a title or the hidden mark.)
    public static func format(_ subscription: Subscription) -> String {
        var tokens = [NewsboatTokenizer.quoteIfNeeded(subscription.url)]
        tokens += subscription.tags.map(NewsboatTokenizer.quoteIfNeeded)
        // Titles are always quoted, as newsboat writes them.
        if let title = subscription.customTitle { tokens.append(NewsboatTokenizer.quote("~" + title)) }
        if subscription.isHidden { tokens.append("\"!\"") }
        return tokens.joined(separator: " ")
    }

    /// The comment at the end of a line with the blanks before it (`"   # note"`), if there is
    /// one: a `#` that begins a token outside quotes, as `NewsboatTokenizer` reads it.
    public static func trailingComment(of line: String) -> String? {
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" || character == "\r" }
        var index = line.startIndex
        var hasToken = false
        // The same walk as `NewsboatTokenizer.tokenize`, keeping positions instead of text.
        while index < line.endIndex {
            let character = line[index]
            if isBlank(character) {
                index = line.index(after: index)
            } else if character == "#" {
                guard hasToken else { return nil }
                let start = line[..<index].lastIndex { !isBlank($0) }.map(line.index(after:)) ?? line.startIndex
                return String(line[start...])
            } else if character == "\"" {
                hasToken = true
                var position = line.index(after: index)
                var isClosed = false
                while position < line.endIndex {
                    if line[position] == "\"" {
                        isClosed = true
                        position = line.index(after: position)
                        break
                    }
                    let next = line.index(after: position)
                    position = line[position] == "\\" && next < line.endIndex ? line.index(after: next) : next
                }
                guard isClosed else { return nil }
                index = position
            } else {
                hasToken = true
                index = line[index...].firstIndex(where: isBlank) ?? line.endIndex
            }
        }
        return nil
    }

    /// The locations Tidings can fetch.
    public static func isFeedLocation(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("file://") {
            return URL(string: text) != nil && text.count > lowered.prefix(while: { $0 != ":" }).count + 3
        }
        return (lowered.hasPrefix("exec:") && text.count > 5) || (lowered.hasPrefix("filter:") && text.dropFirst(7).contains(":"))
    }

    /// Whether `text` holds control characters, or U+FFFD, which stands for bytes that were not
    /// UTF-8 (`TextFile` decodes them so): a damaged file.
    static func isDamaged(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{FFFD}" }
    }

    /// Why `text`, which is no feed location, is a mistake rather than a heading: an address
    /// with a scheme Tidings cannot fetch or none at all, or a command feed with no command. Nil
    /// for a heading.
    static func addressMistake(_ text: String) -> String? {
        let shown = Excerpt(text)
        let lowered = text.lowercased()
        if let match = lowered.firstMatch(of: /^([a-z][a-z0-9+.\-]*):\/\//) {
            let scheme = String(match.output.1)
            if ["http", "https", "file"].contains(scheme) { return "\(shown) is not a valid URL" }
            return "\(shown): Tidings cannot fetch \(scheme):// addresses (it fetches http://, https://, file://, exec: and filter:)"
        }
        if lowered.hasPrefix("www.") { return "\(shown) has no scheme: write https://\(shown)" }
        if ["http:", "https:", "file:"].contains(where: lowered.hasPrefix) {
            return "\(shown) is not a valid URL: write \(lowered.prefix { $0 != ":" })://HOST/PATH"
        }
        if lowered.hasPrefix("exec:") { return "exec: names no command: write exec:COMMAND" }
        if lowered.hasPrefix("filter:") { return "\(shown): a filter feed is written filter:COMMAND:URL" }
        return nil
    }

    private static func heading(_ text: String, attributes: ArraySlice<NewsboatTokenizer.Token>, line: Int) -> UrlsHeading {
        // The same attributes as a feed's: tags, `"~title"`, `"!"`.
        let read = subscription(url: text, attributes: attributes)
        return UrlsHeading(text: text, tags: read.tags, customTitle: read.customTitle, isHidden: read.isHidden, line: line)
    }

    private static func subscription(url: String, attributes: ArraySlice<NewsboatTokenizer.Token>) -> Subscription {
        var subscription = Subscription(url: url)
        for token in attributes {
            // newsboat hides a feed that has any tag starting with `!` (`"!"`, `"!Hidden"`), and
            // such a tag is no tag of the feed.
            if token.text.hasPrefix("!") {
                subscription.isHidden = true
            } else if token.text.hasPrefix("~") {
                subscription.customTitle = String(token.text.dropFirst())
            } else if !subscription.tags.contains(token.text) {
                subscription.tags.append(token.text)
            }
        }
        return subscription
    }
}
