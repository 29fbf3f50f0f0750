import Configuration
import FeedModel
import FeedStore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// OPML 1.0 / 2.0 import and export of the feed list.
///
/// Import: every `outline` with an `xmlUrl` (or newsboat's fallback `url`) is a feed; the
/// outlines it is nested in (folders) become its tags, outermost first, as do the
/// comma-separated parts of its `category` attribute; a `title` (or `text`) that is not just the
/// URL becomes its custom title, unless Tidings marked it as the feed's own (`tidingsTitle`); a
/// feed whose URL was already seen is skipped and counted. As newsboat reads them, a `filtercmd`
/// attribute makes a `filter:` feed and an `xmlUrl` starting with `|` (Liferea's) an `exec:` one.
///
/// Export: a flat list, tags in `category` (OPML 2.0's place for them; newsboat ignores it), the
/// title shown in `title` and `text`, marked `tidingsTitle="custom"` when the user set it (it
/// comes back as `"~title"`) or `"fetched"` when it is the feed's own (it does not: a fetched title
/// written as a custom one would never change again). Hidden feeds are marked
/// `tidingsHidden="true"`, query feeds are outlines without `xmlUrl` carrying
/// `tidingsQuery="EXPRESSION"` — newsboat reads such an outline as an empty folder, other readers
/// skip it — in the urls file's order, each outline with its line as written (`tidingsLine`),
/// which import writes back when it still says what the outline says, and the comments, blank
/// lines and headings above it (`tidingsLinesBefore`): export then import gives the same urls
/// file (issue 45 §15). Unknown attributes are ignored by every OPML reader.
public enum OPML {
    /// A feed or a query feed of the list, with what the urls file says around it, if known.
    public struct Entry: Sendable, Equatable {
        public enum Item: Sendable, Equatable {
            case feed(Subscription)
            case query(QueryOutline)
        }

        public var item: Item
        /// Its urls-file line as written (`tidingsLine`).
        public var line: String?
        /// The comments, blank lines and headings above it in the urls file (`tidingsLinesBefore`).
        public var linesBefore: [String] = []

        public init(_ item: Item, line: String? = nil, linesBefore: [String] = []) {
            self.item = item
            self.line = line
            self.linesBefore = linesBefore
        }
    }

    /// What an import found.
    public struct Import: Sendable, Equatable {
        /// The feeds and query feeds, in document order.
        public var entries: [Entry]
        /// The urls file's comments, blank lines and headings after its last feed
        /// (`tidingsLinesAfter` on `body`).
        public var linesAfter: [String] = []
        /// Outlines skipped because their URL appeared earlier in the document.
        public var duplicates: Int
        /// Outlines skipped for another reason, each with it.
        public var skipped: [Skip] = []

        public var subscriptions: [Subscription] {
            entries.compactMap { if case .feed(let subscription) = $0.item { subscription } else { nil } }
        }

        /// Query feeds (`tidingsQuery` outlines), in document order.
        public var queryFeeds: [QueryOutline] {
            entries.compactMap { if case .query(let query) = $0.item { query } else { nil } }
        }
    }

    /// A query feed read from an outline.
    public struct QueryOutline: Sendable, Equatable {
        public var title: String
        public var expression: String
        public var tags: [String]
    }

    /// An outline that was not imported, and why.
    public struct Skip: Sendable, Equatable, CustomStringConvertible {
        /// The outline's URL or title, as a short excerpt.
        public var name: String
        public var reason: String

        public var description: String { "\(name): \(reason)" }
    }

    /// Why a document could not be imported.
    public struct ImportError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// - Parameter asFeedList: read as newsboat reads the documents of `urls-source "opml"`
    ///   rather than an import: a feed's one tag is the path of its folders (`Tech/Linux`), and
    ///   its title is the feed's own (the outline's is not kept as a custom title).
    public static func parse(_ data: Data, asFeedList: Bool = false) throws -> Import {
        let reader = OutlineReader(asFeedList: asFeedList)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            let line = parser.lineNumber
            throw ImportError(description: "not readable as OPML (XML error on line \(line))")
        }
        guard reader.sawOPMLRoot else {
            throw ImportError(description: "not an OPML document (its root element is not <opml>)")
        }
        // FoundationXML reports success for a document cut short.
        guard reader.closedRoot else {
            throw ImportError(description: "not readable as OPML (the document ends before </opml>)")
        }
        return Import(entries: reader.entries, linesAfter: reader.linesAfter, duplicates: reader.duplicates, skipped: reader.skipped)
    }

    /// The feeds and query feeds of a urls file, in its order, each with its line and the
    /// comments, blank lines and headings above it; then those after the last one. A query line
    /// whose expression cannot be read, and a damaged line, are left out.
    public static func entries(of urls: UrlsFile) -> (entries: [Entry], linesAfter: [String]) {
        var entries: [Entry] = []
        var pending: [String] = []
        for line in urls.lines {
            switch line {
            case .feed(let subscription, let text):
                entries.append(Entry(.feed(subscription), line: text, linesBefore: pending))
                pending = []
            case .query(let text):
                guard let query = UrlsFile(parsing: text).queryFeeds.first else { continue }
                entries.append(Entry(.query(QueryOutline(title: query.title, expression: query.source, tags: query.tags)), line: text, linesBefore: pending))
                pending = []
            case .comment(let text), .heading(_, let text):
                pending.append(text)
            case .unreadable:
                continue
            }
        }
        return (entries, pending)
    }

    /// An OPML 2.0 document listing `subscriptions`, then `queryFeeds` (see `export(_:fetched:)`).
    public static func export(
        _ subscriptions: [Subscription], queryFeeds: [QueryFeed] = [], fetched: [String: FeedListRow] = [:],
        title: String = "Tidings feeds", date: Date = Date()
    ) -> String {
        let entries = subscriptions.map { Entry(.feed($0)) }
            + queryFeeds.map { Entry(.query(QueryOutline(title: $0.title, expression: $0.source, tags: $0.tags))) }
        return export(entries, fetched: fetched, title: title, date: date)
    }

    /// An OPML 2.0 document listing `entries` in order, then `linesAfter`; `fetched` (by URL)
    /// gives a feed's own title, for `text` and `title` when there is no custom title, and its
    /// site for `htmlUrl`.
    public static func export(
        _ entries: [Entry], linesAfter: [String] = [], fetched: [String: FeedListRow] = [:], title: String = "Tidings feeds",
        date: Date = Date()
    ) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>\(escape(title))</title>",
            "    <dateCreated>\(rfc822(date))</dateCreated>",
            "  </head>",
            linesAfter.isEmpty ? "  <body>" : "  <body tidingsLinesAfter=\"\(escape(linesAfter.joined(separator: "\n")))\">",
        ]
        func outline(_ attributes: [(String, String)]) -> String {
            "    <outline " + attributes.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: " ") + "/>"
        }
        for entry in entries {
            var attributes: [(String, String)]
            switch entry.item {
            case .feed(let subscription):
                let feed = fetched[subscription.url]
                let fetchedTitle = feed?.feedTitle.flatMap { $0.isEmpty ? nil : $0 }
                let shownTitle = subscription.customTitle ?? fetchedTitle
                attributes = [("type", "rss"), ("text", shownTitle ?? subscription.url)]
                if let shownTitle { attributes.append(("title", shownTitle)) }
                attributes.append(("xmlUrl", subscription.url))
                if let site = feed?.link { attributes.append(("htmlUrl", site)) }
                if !subscription.tags.isEmpty { attributes.append(("category", subscription.tags.joined(separator: ","))) }
                if shownTitle != nil { attributes.append(("tidingsTitle", subscription.customTitle != nil ? "custom" : "fetched")) }
                if subscription.isHidden { attributes.append(("tidingsHidden", "true")) }
            case .query(let query):
                attributes = [("type", "query"), ("text", query.title), ("title", query.title), ("tidingsQuery", query.expression)]
                if !query.tags.isEmpty { attributes.append(("category", query.tags.joined(separator: ","))) }
            }
            if let line = entry.line { attributes.append(("tidingsLine", line)) }
            if !entry.linesBefore.isEmpty { attributes.append(("tidingsLinesBefore", entry.linesBefore.joined(separator: "\n"))) }
            lines.append(outline(attributes))
        }
        lines += ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n": escaped += "&#10;"
            case "\t": escaped += "&#9;"
            case "\r": escaped += "&#13;"
            default:
                // XML 1.0 cannot carry other control characters at all.
                if scalar.value < 0x20 { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// Walks the outlines of an OPML document, keeping the stack of folder names.
private final class OutlineReader: NSObject, XMLParserDelegate {
    var entries: [OPML.Entry] = []
    var linesAfter: [String] = []
    var duplicates = 0
    var skipped: [OPML.Skip] = []
    var sawOPMLRoot = false
    var closedRoot = false
    private var depth = 0
    private var seen = Set<String>()
    /// One entry per open outline: the folder name it contributes (nil for feeds and unnamed ones).
    private var folders: [String?] = []
    /// `OPML.parse(_:asFeedList:)`.
    private let asFeedList: Bool

    init(asFeedList: Bool) {
        self.asFeedList = asFeedList
        super.init()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if depth == 1 {
            sawOPMLRoot = elementName.lowercased() == "opml"
            return
        }
        if elementName == "body", !asFeedList, let after = attributes["tidingsLinesAfter"] {
            linesAfter = Self.lines(after)
        }
        guard elementName == "outline" else { return }
        // Attribute names are case-sensitive in XML, but hand-written OPML spells xmlUrl every way.
        func attribute(_ name: String) -> String? {
            attributes.first { $0.key.lowercased() == name.lowercased() }?.value.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // newsboat falls back on `url` when there is no `xmlUrl`; OPML's `type="link"` outlines
        // carry a web page's `url`, which is no feed.
        let isLink = attribute("type")?.lowercased() == "link"
        let url = attribute("xmlUrl") ?? (isLink ? nil : attribute("url"))
        if isLink, attribute("xmlUrl") == nil, let page = attribute("url"), !page.isEmpty {
            skipped.append(OPML.Skip(name: Excerpt(page).description, reason: "a link to a web page, not a feed"))
        }
        let name = (attributes["title"] ?? attributes["text"])?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let query = attributes["tidingsQuery"] {
            folders.append(nil)
            let title = name?.isEmpty == false ? name! : query
            entries.append(OPML.Entry(.query(OPML.QueryOutline(title: title, expression: query, tags: tags(attributes))),
                                      line: attributes["tidingsLine"], linesBefore: Self.lines(attributes["tidingsLinesBefore"])))
            return
        }
        guard var address = url, !address.isEmpty else {
            folders.append(name?.isEmpty == false ? name : nil)
            return
        }
        folders.append(nil)
        // As newsboat imports them: Liferea's `|command` feeds, and `filtercmd` filters.
        if address.hasPrefix("|") { address = "exec:" + address.dropFirst() }
        if let filter = attribute("filtercmd"), !filter.isEmpty, !address.lowercased().hasPrefix("filter:") {
            address = "filter:\(filter):\(address)"
        }
        guard seen.insert(address).inserted else {
            duplicates += 1
            return
        }
        guard UrlsFile.isFeedLocation(address), !address.lowercased().hasPrefix("query:") else {
            skipped.append(OPML.Skip(name: Excerpt(address).description, reason: "not a feed address (http(s)://, file://, exec: or filter:)"))
            return
        }
        // A title Tidings exported as the feed's own stays the feed's: it is not frozen as custom.
        let isFetchedTitle = attributes["tidingsTitle"] == "fetched"
        let customTitle = (name?.isEmpty == false && name != address && !isFetchedTitle && !asFeedList) ? name : nil
        let isHidden = attributes["tidingsHidden"]?.lowercased() == "true"
        let subscription = Subscription(url: address, tags: tags(attributes), customTitle: customTitle, isHidden: isHidden)
        entries.append(asFeedList ? OPML.Entry(.feed(subscription))
            : OPML.Entry(.feed(subscription), line: attributes["tidingsLine"], linesBefore: Self.lines(attributes["tidingsLinesBefore"])))
    }

    /// The lines of a `tidingsLinesBefore` or `tidingsLinesAfter` attribute.
    private static func lines(_ value: String?) -> [String] {
        value.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
    }

    /// The enclosing folders' names, then the `category` parts, each once.
    private func tags(_ attributes: [String: String]) -> [String] {
        if asFeedList {
            let path = folders.compactMap { $0 }.joined(separator: "/")
            return path.isEmpty ? [] : [path]
        }
        var tags: [String] = []
        for tag in folders.compactMap({ $0 }) + categories(attributes["category"]) where !tags.contains(tag) {
            tags.append(tag)
        }
        return tags
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if depth == 0 { closedRoot = true }
        if elementName == "outline", depth >= 1, !folders.isEmpty { folders.removeLast() }
    }

    /// OPML 2.0 categories: comma-separated, each possibly a `/`-path; the leading slash is dropped.
    private func categories(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.split(separator: ",").map {
            var part = $0.trimmingCharacters(in: .whitespaces)
            if part.hasPrefix("/") { part.removeFirst() }
            return part
        }.filter { !$0.isEmpty }
    }
}
