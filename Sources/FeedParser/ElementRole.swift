import Foundation

/// What an element means to the feed being built. Elements from different namespaces that carry
/// the same information (RSS `pubDate`, Atom `published`, `dcterms:issued`) share a role and differ
/// only in rank: a lower rank wins over a higher one, whatever the order in the document.
enum ElementRole: UInt8 {
    case unknown
    case channel, item, image, skippedContainer
    case title, link, description, subtitle, summary, content, contentEncoded
    case author, authorName, authorEmail, creator
    case guid, id, published, updated, language
    case category, subject, termList, itunesCategory
    case enclosure, mediaContent, imageURL, logo, icon, itunesImage
    case plainSummary
    /// How often the feed says to look at it: RSS `ttl`, the syndication module's period and
    /// frequency (channel level only).
    case ttl, updatePeriod, updateFrequency
}

/// An element's role and the rank of the value it carries.
struct ElementRule: Equatable {
    var role: ElementRole
    var rank: UInt8

    static let unknown = ElementRule(role: .unknown, rank: 0)
}

/// The namespaces the parser knows. RSS 0.90/1.0, the Userland RSS 2.0 namespace, Atom 0.3/1.0 and
/// no namespace at all are one family (`core`): feeds mix them freely and the local names agree.
enum FeedNamespace: UInt8 {
    case core, dublinCore, dublinCoreTerms, content, media, itunes, rdf, xhtml, syndication, other

    /// A namespace URI as feeds misspell it, reduced to one form: feeds declare the well-known
    /// namespaces without their trailing slash (`…/modules/content`), with `https`, or in capitals,
    /// and Universal Feed Parser reads them all. Lower case, `http`, no trailing `/` or `#`.
    static func canonicalURI(_ uri: String) -> String {
        var text = uri.trimmingSpaces().lowercased()
        if text.hasPrefix("https://") { text = "http://" + text.dropFirst("https://".count) }
        while text.hasSuffix("/") || text.hasSuffix("#") { text.removeLast() }
        return text
    }

    /// Classifies a namespace URI; `prefix` is the fallback for prefixes that were never declared.
    static func classify(uri: String?, prefix: String?) -> FeedNamespace {
        guard let uri else {
            switch prefix {
            case nil: return .core
            case "dc": return .dublinCore
            case "dcterms": return .dublinCoreTerms
            case "content": return .content
            case "media": return .media
            case "itunes": return .itunes
            case "sy": return .syndication
            case "atom", "rss": return .core
            default: return .other
            }
        }
        switch canonicalURI(uri) {
        case "http://purl.org/rss/1.0", "http://my.netscape.com/rdf/simple/0.9",
             "http://backend.userland.com/rss2", "http://backend.userland.com/rss", "http://blogs.law.harvard.edu/tech/rss",
             "http://www.w3.org/2005/atom", "http://purl.org/atom/ns", "http://purl.org/net/rss1.1":
            return .core
        case "http://purl.org/dc/elements/1.1", "http://purl.org/dc/elements/1.0": return .dublinCore
        case "http://purl.org/dc/terms": return .dublinCoreTerms
        case "http://purl.org/rss/1.0/modules/content": return .content
        case "http://search.yahoo.com/mrss", "http://tools.search.yahoo.com/mrss": return .media
        case "http://www.itunes.com/dtds/podcast-1.0.dtd": return .itunes
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns": return .rdf
        case "http://www.w3.org/1999/xhtml": return .xhtml
        case "http://purl.org/rss/1.0/modules/syndication": return .syndication
        default: return .other
        }
    }
}

/// The table from namespace + local name to rule (STYLE.md §5): adding an element is a new row.
enum ElementTable {
    static func rule(namespace: FeedNamespace, localName: String) -> ElementRule {
        // Names are written in any letter case (`itunes:Image`, `<TiTlE>`, CDF's `<TITLE>`): feed
        // readers compare them without it. The exact spelling is looked up first, as nearly every
        // feed writes it.
        rows[Key(namespace: namespace, localName: localName)]
            ?? lowerCasedRows[Key(namespace: namespace, localName: localName.lowercased())] ?? .unknown
    }

    private struct Key: Hashable {
        var namespace: FeedNamespace
        var localName: String
    }

    private static let rows: [Key: ElementRule] = {
        let table: [(FeedNamespace, String, ElementRole, UInt8)] = [
            (.core, "channel", .channel, 0),
            (.core, "item", .item, 0),
            (.core, "entry", .item, 0),
            (.core, "image", .image, 0),
            (.core, "textInput", .skippedContainer, 0),
            (.core, "source", .skippedContainer, 0),
            (.core, "contributor", .skippedContainer, 0),
            (.core, "title", .title, 0),
            (.core, "link", .link, 0),
            (.core, "description", .description, 0),
            (.core, "subtitle", .subtitle, 0),
            (.core, "tagline", .subtitle, 0),
            (.core, "summary", .summary, 0),
            (.core, "content", .content, 1),
            (.core, "author", .author, 0),
            (.core, "managingEditor", .author, 0),
            (.core, "name", .authorName, 0),
            (.core, "email", .authorEmail, 0),
            (.core, "guid", .guid, 0),
            (.core, "id", .id, 0),
            (.core, "pubDate", .published, 0),
            (.core, "published", .published, 0),
            (.core, "issued", .published, 1),
            (.core, "updated", .updated, 0),
            (.core, "modified", .updated, 0),
            (.core, "lastBuildDate", .updated, 0),
            (.core, "language", .language, 0),
            // CDF (Microsoft's Channel Definition Format): `CHANNEL` and `ITEM`, their `HREF` and
            // `LASTMOD` attributes (`FeedBuilder`), `TITLE` and `ABSTRACT`.
            (.core, "abstract", .description, 2),
            (.core, "category", .category, 0),
            // Comma-separated terms, as some RSS generators write an item's tags.
            (.core, "tags", .termList, 0),
            (.core, "enclosure", .enclosure, 0),
            (.core, "url", .imageURL, 0),
            (.core, "logo", .logo, 2),
            (.core, "icon", .icon, 3),
            (.dublinCore, "title", .title, 1),
            (.dublinCore, "description", .description, 1),
            (.dublinCore, "creator", .creator, 1),
            (.dublinCore, "author", .creator, 1),
            (.dublinCore, "date", .updated, 1),
            (.dublinCore, "language", .language, 1),
            (.dublinCore, "subject", .subject, 0),
            (.dublinCoreTerms, "modified", .updated, 2),
            (.dublinCoreTerms, "issued", .published, 2),
            (.dublinCoreTerms, "created", .published, 3),
            (.content, "encoded", .contentEncoded, 0),
            // Bodies of RSS items in old or rare forms: XHTML (`xhtml:body`, or `body` with no
            // namespace) and escaped HTML (`fullitem`).
            (.core, "body", .content, 2),
            (.core, "fullitem", .contentEncoded, 1),
            (.itunes, "author", .creator, 2),
            (.itunes, "summary", .plainSummary, 2),
            (.itunes, "subtitle", .subtitle, 2),
            (.itunes, "image", .itunesImage, 1),
            (.itunes, "category", .itunesCategory, 0),
            (.itunes, "keywords", .termList, 0),
            (.itunes, "owner", .skippedContainer, 0),
            (.media, "content", .mediaContent, 0),
            (.media, "description", .plainSummary, 3),
            (.media, "title", .title, 2),
            (.media, "category", .subject, 0),
            (.xhtml, "body", .content, 2),
            (.core, "ttl", .ttl, 0),
            (.syndication, "updatePeriod", .updatePeriod, 0),
            (.syndication, "updateFrequency", .updateFrequency, 0),
        ]
        var rows: [Key: ElementRule] = [:]
        for (namespace, name, role, rank) in table {
            rows[Key(namespace: namespace, localName: name)] = ElementRule(role: role, rank: rank)
        }
        return rows
    }()

    /// `rows` by lower-cased names.
    private static let lowerCasedRows: [Key: ElementRule] = {
        var lowered: [Key: ElementRule] = [:]
        for (key, rule) in rows { lowered[Key(namespace: key.namespace, localName: key.localName.lowercased())] = rule }
        return lowered
    }()
}
