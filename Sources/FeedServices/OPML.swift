import Configuration
import FeedModel
import FeedStore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// OPML 1.0 / 2.0 import and export of the feed list.
///
/// Import: every `outline` with an `xmlUrl` is a feed; the outlines it is nested in (folders)
/// become its tags, outermost first, as do the comma-separated parts of its `category`
/// attribute; a `title` (or `text`) that is not just the URL becomes its custom title; a feed whose
/// URL was already seen is skipped and counted.
///
/// Export: a flat list, tags in `category`, the custom title in `title` and `text`, hidden feeds
/// marked `tidingsHidden="true"`, so that export then import gives the same list.
public enum OPML {
    /// What an import found.
    public struct Import: Sendable, Equatable {
        public var subscriptions: [Subscription]
        /// Outlines skipped because their URL appeared earlier in the document.
        public var duplicates: Int
    }

    /// Why a document could not be imported.
    public struct ImportError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ data: Data) throws -> Import {
        let reader = OutlineReader()
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
        return Import(subscriptions: reader.subscriptions, duplicates: reader.duplicates)
    }

    /// An OPML 2.0 document listing `subscriptions`; `fetched` (by URL) gives a feed's own title,
    /// for `text` and `title` when there is no custom title, and its site for `htmlUrl`.
    public static func export(
        _ subscriptions: [Subscription], fetched: [String: FeedListRow] = [:], title: String = "Tidings feeds",
        date: Date = Date()
    ) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>\(escape(title))</title>",
            "    <dateCreated>\(rfc822(date))</dateCreated>",
            "  </head>",
            "  <body>",
        ]
        for subscription in subscriptions {
            let feed = fetched[subscription.url]
            let shownTitle = subscription.customTitle ?? feed?.feedTitle.flatMap { $0.isEmpty ? nil : $0 }
            var attributes = [("type", "rss"), ("text", shownTitle ?? subscription.url)]
            if let shownTitle { attributes.append(("title", shownTitle)) }
            attributes.append(("xmlUrl", subscription.url))
            if let site = feed?.link { attributes.append(("htmlUrl", site)) }
            if !subscription.tags.isEmpty { attributes.append(("category", subscription.tags.joined(separator: ","))) }
            if subscription.isHidden { attributes.append(("tidingsHidden", "true")) }
            let rendered = attributes.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: " ")
            lines.append("    <outline \(rendered)/>")
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
    var subscriptions: [Subscription] = []
    var duplicates = 0
    var sawOPMLRoot = false
    var closedRoot = false
    private var depth = 0
    private var seen = Set<String>()
    /// One entry per open outline: the folder name it contributes (nil for feeds and unnamed ones).
    private var folders: [String?] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if depth == 1 {
            sawOPMLRoot = elementName.lowercased() == "opml"
            return
        }
        guard elementName == "outline" else { return }
        // Attribute names are case-sensitive in XML, but hand-written OPML spells xmlUrl every way.
        let url = attributes.first { $0.key.lowercased() == "xmlurl" }?.value.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = (attributes["title"] ?? attributes["text"])?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url, !url.isEmpty else {
            folders.append(name?.isEmpty == false ? name : nil)
            return
        }
        folders.append(nil)
        guard seen.insert(url).inserted else {
            duplicates += 1
            return
        }
        var tags: [String] = []
        for tag in folders.compactMap({ $0 }) + categories(attributes["category"]) where !tags.contains(tag) {
            tags.append(tag)
        }
        let customTitle = (name?.isEmpty == false && name != url) ? name : nil
        let isHidden = attributes["tidingsHidden"]?.lowercased() == "true"
        subscriptions.append(Subscription(url: url, tags: tags, customTitle: customTitle, isHidden: isHidden))
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
