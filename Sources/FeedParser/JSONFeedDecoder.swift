import FeedModel
import Foundation

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org), decoded with Foundation's `JSONDecoder` and mapped
/// onto the same fields as the XML formats.
enum JSONFeedDecoder {
    static func decode(_ bytes: [UInt8], url: URL?) throws -> Feed {
        let document: Document
        // A document that had to be mended (see `repaired`) is reported as not well-formed.
        var isWellFormed = true
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            guard let mended = repaired(bytes) else { throw FeedParserError.notAFeed(reason(for: error, in: bytes)) }
            do {
                document = try JSONDecoder().decode(Document.self, from: Data(mended))
            } catch {
                throw FeedParserError.notAFeed(reason(for: error, in: mended))
            }
            isWellFormed = false
        }
        guard let version = document.version?.lowercased(), version.contains("jsonfeed.org/version/") else {
            throw FeedParserError.notAFeed("the JSON has no JSON Feed version")
        }
        let format: FeedFormat = version.hasSuffix("/1.1") ? .jsonFeed11 : .jsonFeed10
        // The base stays text: a `URL` would turn an IRI's host into punycode on Linux.
        let documentBase = url.flatMap { URLResolver.Base($0.absoluteString) }
        let base = document.feedURL.flatMap { URLResolver.resolve($0, againstParts: documentBase?.parts) }
            .flatMap(URLResolver.Base.init) ?? documentBase
        let items = (document.items ?? []).map { makeItem($0, base: base) }
        return Feed(
            format: format, isWellFormed: isWellFormed, encoding: "utf-8",
            title: document.title.map(PlainText.collapsingWhitespace),
            link: document.homePageURL.flatMap { URLResolver.resolve($0, againstParts: base?.parts) },
            subtitle: document.description.map(PlainText.collapsingWhitespace),
            language: document.language, updated: nil,
            author: authorName(document.authors, document.author),
            image: (document.icon ?? document.favicon).flatMap { URLResolver.resolve($0, againstParts: base?.parts) },
            items: items
        )
    }

    /// Why the decoder refused the document, in one line: not JSON at all, JSON that is not a JSON
    /// Feed, or a JSON Feed with a field of the wrong type (and which one).
    private static func reason(for error: Error, in bytes: [UInt8]) -> String {
        if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty {
            return "the document starts with { but is not valid JSON"
        }
        let probe = try? JSONDecoder().decode(VersionProbe.self, from: Data(bytes))
        guard probe?.version?.lowercased().contains("jsonfeed.org/version/") == true else {
            return "the JSON has no JSON Feed version"
        }
        let context: DecodingError.Context? = switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context): context
        default: nil
        }
        guard let path = context?.codingPath, !path.isEmpty else { return "the JSON Feed could not be decoded" }
        let field = path.map { $0.intValue.map(String.init) ?? FeedParser.printable($0.stringValue) }.joined(separator: ".")
        return "the JSON Feed field \(field) has the wrong type"
    }

    /// Just the version, which tells a JSON Feed with a bad field from other JSON.
    private struct VersionProbe: Decodable {
        var version: String?
    }

    private static func makeItem(_ entry: Document.Entry, base: URLResolver.Base?) -> Item {
        let content: String? = if let html = entry.contentHTML {
            HTMLSanitizer.sanitize(html, base: base)
        } else {
            entry.contentText.map { HTMLSanitizer.html(fromText: $0) }
        }
        let summary = entry.summary.map { HTMLSanitizer.html(fromText: $0) } ?? content
        var categories: [String] = []
        for tag in entry.tags ?? [] {
            let trimmed = tag.trimmingSpaces()
            if !trimmed.isEmpty, !categories.contains(trimmed) { categories.append(trimmed) }
        }
        var enclosures: [Enclosure] = []
        for attachment in entry.attachments ?? [] {
            guard let url = attachment.url.flatMap({ URLResolver.resolve($0, againstParts: base?.parts) }),
                  !enclosures.contains(where: { $0.url == url }) else { continue }
            enclosures.append(Enclosure(url: url, type: attachment.mimeType, length: attachment.sizeInBytes.flatMap { $0 >= 0 ? Int($0) : nil }))
        }
        let published = entry.datePublished.flatMap(FeedDate.parse)
        return Item(
            id: entry.id?.text, title: entry.title.map(PlainText.collapsingWhitespace),
            link: (entry.url ?? entry.externalURL).flatMap { URLResolver.resolve($0, againstParts: base?.parts) },
            author: authorName(entry.authors, entry.author), published: published,
            updated: entry.dateModified.flatMap(FeedDate.parse) ?? published,
            summary: summary, content: content, categories: categories, enclosures: enclosures
        )
    }

    private static func authorName(_ authors: [Document.Author]?, _ author: Document.Author?) -> String? {
        for candidate in (authors ?? []) + (author.map { [$0] } ?? []) {
            if let name = candidate.name.map(PlainText.collapsingWhitespace), !name.isEmpty { return name }
        }
        return nil
    }

    /// The subset of JSON Feed that Tidings reads. Every field is optional: real feeds omit any.
    private struct Document: Decodable {
        var version: String?
        var title: String?
        var homePageURL: String?
        var feedURL: String?
        var description: String?
        var icon: String?
        var favicon: String?
        var language: String?
        var author: Author?
        var authors: [Author]?
        var items: [Entry]?

        enum CodingKeys: String, CodingKey {
            case version, title, description, icon, favicon, language, author, authors, items
            case homePageURL = "home_page_url", feedURL = "feed_url"
        }

        struct Author: Decodable {
            var name: String?
        }

        struct Attachment: Decodable {
            var url: String?
            var mimeType: String?
            var sizeInBytes: Double?
            enum CodingKeys: String, CodingKey {
                case url, mimeType = "mime_type", sizeInBytes = "size_in_bytes"
            }
        }

        /// JSON Feed ids are strings, but numbers are common in the wild.
        struct Identifier: Decodable {
            var text: String
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let string = try? container.decode(String.self) {
                    text = string
                } else if let integer = try? container.decode(Int64.self) {
                    text = String(integer)
                } else {
                    text = String(try container.decode(Double.self))
                }
            }
        }

        struct Entry: Decodable {
            var id: Identifier?
            var url: String?
            var externalURL: String?
            var title: String?
            var contentHTML: String?
            var contentText: String?
            var summary: String?
            var datePublished: String?
            var dateModified: String?
            var author: Author?
            var authors: [Author]?
            var tags: [String]?
            var attachments: [Attachment]?

            enum CodingKeys: String, CodingKey {
                case id, url, title, summary, author, authors, tags, attachments
                case externalURL = "external_url", contentHTML = "content_html", contentText = "content_text"
                case datePublished = "date_published", dateModified = "date_modified"
            }
        }
    }
}
