import FeedModel
import Foundation

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org), decoded with Foundation's `JSONDecoder` and mapped
/// onto the same fields as the XML formats.
enum JSONFeedDecoder {
    static func decode(_ bytes: [UInt8], url: URL?, paths: ParsePaths) throws -> Feed {
        // A document that had to be mended (see `repaired`) or lost fields of the wrong type is
        // reported as not well-formed. A string Foundation refuses (a lone surrogate) costs its
        // field in the lenient decoding, so mending is tried whenever anything was lost.
        let document: JSONFeedDocument
        let isWellFormed: Bool
        let first = Result { try decodeLeniently(bytes) }
        if case .success(let decoded) = first, decoded.problems == 0 {
            document = decoded.document
            isWellFormed = true
        } else if let mended = repaired(bytes) {
            document = try decodeLeniently(mended).document
            isWellFormed = false
        } else {
            document = try first.get().document
            isWellFormed = false
        }
        guard let version = document.version?.lowercased(), version.contains("jsonfeed.org/version/") else {
            throw FeedParserError.notAFeed("the JSON has no JSON Feed version")
        }
        let format: FeedFormat = version.hasSuffix("/1.1") ? .jsonFeed11 : .jsonFeed10
        // The base stays text: a `URL` would turn an IRI's host into punycode on Linux.
        let documentBase = url.flatMap { URLResolver.Base($0.absoluteString) }
        let base = document.feedURL.flatMap { URLResolver.resolve($0, againstParts: documentBase?.parts, paths: paths) }
            .flatMap(URLResolver.Base.init) ?? documentBase
        let author = authorName(document.authors, document.author, paths: paths)
        // JSON Feed 1.1: an item without authors has the feed's.
        let items = (document.items ?? []).map { entry in
            var item = makeItem(entry, base: base, paths: paths)
            if item.author == nil { item.author = author }
            return item
        }
        return Feed(
            format: format, isWellFormed: isWellFormed, encoding: "utf-8",
            title: document.title.map { PlainText.collapsingWhitespace($0, paths: paths) },
            link: document.homePageURL.flatMap { URLResolver.resolve($0, againstParts: base?.parts, paths: paths) },
            subtitle: document.description.map { PlainText.collapsingWhitespace($0, paths: paths) },
            language: document.language, updated: nil,
            author: author,
            image: (document.icon ?? document.favicon).flatMap { URLResolver.resolve($0, againstParts: base?.parts, paths: paths) },
            items: items
        )
    }

    /// The document, and how many fields of the wrong type it lost.
    private static func decodeLeniently(_ bytes: [UInt8]) throws(FeedParserError) -> (document: JSONFeedDocument, problems: Int) {
        let problems = JSONFeedDocument.Problems()
        let decoder = JSONDecoder()
        decoder.userInfo[JSONFeedDocument.Problems.key] = problems
        do {
            return (try decoder.decode(JSONFeedDocument.self, from: Data(bytes)), problems.count)
        } catch {
            throw FeedParserError.notAFeed(reason(for: error))
        }
    }

    /// Why the decoder refused the document, in one line. Fields of the wrong type never get
    /// here (they are dropped), so what is left is JSON that is broken or not an object.
    private static func reason(for error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
           context.debugDescription.contains("not valid JSON") || context.underlyingError != nil {
            return "the document starts with { but is not valid JSON"
        }
        return "the JSON is not a JSON Feed object"
    }

    private static func makeItem(_ entry: JSONFeedDocument.Entry, base: URLResolver.Base?, paths: ParsePaths) -> Item {
        let content: String? = if let html = entry.contentHTML {
            HTMLSanitizer.sanitize(html, base: base, paths: paths)
        } else {
            entry.contentText.map { HTMLSanitizer.html(fromText: $0, paths: paths) }
        }
        let summary = entry.summary.map { HTMLSanitizer.html(fromText: $0, paths: paths) } ?? content
        var categories: [String] = []
        for tag in entry.tags ?? [] {
            let trimmed = tag.trimmingSpaces()
            if !trimmed.isEmpty, !categories.contains(trimmed) { categories.append(trimmed) }
        }
        var enclosures: [Enclosure] = []
        for attachment in entry.attachments ?? [] {
            guard let url = attachment.url.flatMap({ URLResolver.resolve($0, againstParts: base?.parts, paths: paths) }),
                  !enclosures.contains(where: { $0.url == url }) else { continue }
            enclosures.append(Enclosure(url: url, type: attachment.mimeType, length: attachment.sizeInBytes.flatMap { $0 >= 0 ? Int($0) : nil }))
        }
        let published = entry.datePublished.flatMap { FeedDate.parse($0, paths: paths) }
        return Item(
            id: entry.id, title: entry.title.map { PlainText.collapsingWhitespace($0, paths: paths) },
            link: (entry.url ?? entry.externalURL).flatMap { URLResolver.resolve($0, againstParts: base?.parts, paths: paths) },
            author: authorName(entry.authors, entry.author, paths: paths), published: published,
            updated: entry.dateModified.flatMap { FeedDate.parse($0, paths: paths) } ?? published,
            summary: summary, content: content, categories: categories, enclosures: enclosures
        )
    }

    /// The names of `authors` (JSON Feed 1.1), joined `A, B` as several Atom authors are; the
    /// 1.0 `author` when none of them has a name.
    private static func authorName(_ authors: [JSONFeedDocument.Author]?, _ author: JSONFeedDocument.Author?, paths: ParsePaths) -> String? {
        func names(_ candidates: [JSONFeedDocument.Author]) -> [String] {
            var names: [String] = []
            for candidate in candidates {
                guard let name = candidate.name.map({ PlainText.collapsingWhitespace($0, paths: paths) }), !name.isEmpty,
                      !names.contains(name) else { continue }
                names.append(name)
            }
            return names
        }
        var named = names(authors ?? [])
        if named.isEmpty, let author { named = names([author]) }
        return named.isEmpty ? nil : named.joined(separator: ", ")
    }
}
