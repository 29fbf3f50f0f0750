import Foundation

/// The subset of JSON Feed that Tidings reads, decoded leniently: every field is optional, and a
/// field of the wrong type (a number where a string belongs, an object where a list belongs, an
/// item that is not an object) is dropped and counted in `Problems` instead of refusing the feed:
/// one odd field must not cost a reader every other article. Common slips are read as meant: a
/// numeric `id`, a lone string for `tags`, a string for an author.
struct JSONFeedDocument: Decodable {
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

    /// Counts the fields dropped while decoding one document (found through the decoder's
    /// `userInfo`); used by one decode on one thread.
    final class Problems: @unchecked Sendable {
        static let key = CodingUserInfoKey(rawValue: "tidings.jsonfeed.problems")!
        var count = 0

        static func of(_ decoder: Decoder) -> Problems? {
            decoder.userInfo[key] as? Problems
        }
    }

    private enum CodingKeys: String, CodingKey {
        case version, title, description, icon, favicon, language, author, authors, items
        case homePageURL = "home_page_url", feedURL = "feed_url"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let problems = Problems.of(decoder)
        version = container.lenient(String.self, .version, problems)
        title = container.lenient(String.self, .title, problems)
        homePageURL = container.lenient(String.self, .homePageURL, problems)
        feedURL = container.lenient(String.self, .feedURL, problems)
        description = container.lenient(String.self, .description, problems)
        icon = container.lenient(String.self, .icon, problems)
        favicon = container.lenient(String.self, .favicon, problems)
        language = container.lenient(String.self, .language, problems)
        author = container.lenient(Author.self, .author, problems)
        authors = container.lenientList(Author.self, .authors, problems)
        items = container.lenientList(Entry.self, .items, problems)
    }

    /// An author object, or a bare string taken as the name.
    struct Author: Decodable {
        var name: String?

        private enum CodingKeys: String, CodingKey { case name }

        init(from decoder: Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                self.name = name
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = container.lenient(String.self, .name, Problems.of(decoder))
        }
    }

    struct Attachment: Decodable {
        var url: String?
        var mimeType: String?
        var sizeInBytes: Double?

        private enum CodingKeys: String, CodingKey {
            case url, mimeType = "mime_type", sizeInBytes = "size_in_bytes"
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let problems = Problems.of(decoder)
            url = container.lenient(String.self, .url, problems)
            mimeType = container.lenient(String.self, .mimeType, problems)
            sizeInBytes = container.lenient(Double.self, .sizeInBytes, problems)
        }
    }

    struct Entry: Decodable {
        var id: String?
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

        private enum CodingKeys: String, CodingKey {
            case id, url, title, summary, author, authors, tags, attachments
            case externalURL = "external_url", contentHTML = "content_html", contentText = "content_text"
            case datePublished = "date_published", dateModified = "date_modified"
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let problems = Problems.of(decoder)
            // Ids are strings by the specification, but numbers are common in the wild.
            if let number = try? container.decodeIfPresent(Int64.self, forKey: .id) {
                id = String(number)
            } else if let number = try? container.decodeIfPresent(Double.self, forKey: .id) {
                id = String(number)
            } else {
                id = container.lenient(String.self, .id, problems)
            }
            url = container.lenient(String.self, .url, problems)
            externalURL = container.lenient(String.self, .externalURL, problems)
            title = container.lenient(String.self, .title, problems)
            contentHTML = container.lenient(String.self, .contentHTML, problems)
            contentText = container.lenient(String.self, .contentText, problems)
            summary = container.lenient(String.self, .summary, problems)
            datePublished = container.lenient(String.self, .datePublished, problems)
            dateModified = container.lenient(String.self, .dateModified, problems)
            author = container.lenient(Author.self, .author, problems)
            authors = container.lenientList(Author.self, .authors, problems)
            tags = container.lenientList(String.self, .tags, problems)
            attachments = container.lenientList(Attachment.self, .attachments, problems)
        }
    }
}

/// One element of a list that is dropped, not fatal, when it cannot be decoded.
private struct LenientElement<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: Decoder) throws {
        value = try? Value(from: decoder)
        if value == nil { JSONFeedDocument.Problems.of(decoder)?.count += 1 }
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`; nil when it is missing or null, and nil (counted in `problems`) when it
    /// has another type.
    fileprivate func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key, _ problems: JSONFeedDocument.Problems?) -> Value? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        do {
            return try decode(Value.self, forKey: key)
        } catch {
            problems?.count += 1
            return nil
        }
    }

    /// The list at `key` without the elements that cannot be decoded; a lone value where a list
    /// belongs is read as a list of one.
    fileprivate func lenientList<Value: Decodable>(_ type: Value.Type, _ key: Key, _ problems: JSONFeedDocument.Problems?) -> [Value]? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        if let elements = try? decode([LenientElement<Value>].self, forKey: key) {
            return elements.compactMap(\.value)
        }
        return lenient(Value.self, key, problems).map { [$0] }
    }
}
