import Foundation

/// The JSON answers of Miniflux's API (`/v1/…`), decoded leniently (see `LenientJSON`): feeds,
/// categories, a page of entries, one entry, and the id of a feed or category made.
///
///     [{"id": 2, "title": "Alpha", "feed_url": "…", "site_url": "…", "category": {"id": 1, "title": "Tech"}}]
///     {"total": 5, "entries": [{"id": 7, "feed_id": 2, "status": "unread", "starred": false,
///                               "title": "…", "url": "…", "author": "…", "content": "<p>…</p>",
///                               "published_at": "2024-01-01T10:00:00Z", "created_at": "…"}]}
enum MinifluxResponse {
    struct Feed {
        var id: Int64
        var title: String
        var url: String
        var siteURL: String?
        var category: String?
        var checkedAt: Date?
    }

    struct Category {
        var id: Int64
        var title: String
    }

    struct Entry {
        var id: Int64
        var feedID: Int64
        var title: String
        var author: String?
        var html: String
        var url: String?
        var isRead: Bool
        var isStarred: Bool
        var published: Date?
        /// When Miniflux stored it: what "the articles it had then" means for a feed marked read.
        var created: Date?
    }

    /// One page of `GET /v1/entries`.
    struct Entries {
        var total: Int64
        var entries: [Entry]
    }

    /// Why a body is not a Miniflux answer, in words for `SyncFailure.notSyncEndpoint`.
    struct Unexpected: Error {
        var why: String
    }

    static func feeds(_ body: Data) throws(Unexpected) -> [Feed] {
        guard let list = try json(body) as? [Any] else { throw Unexpected(why: "the feed list is not a JSON array") }
        return LenientJSON.objects(list).compactMap { feed in
            guard let id = LenientJSON.integer(feed["id"]) else { return nil }
            let category = feed["category"] as? [String: Any]
            return Feed(id: id, title: LenientJSON.text(feed["title"]) ?? "", url: LenientJSON.text(feed["feed_url"]) ?? "",
                        siteURL: LenientJSON.nonEmptyText(feed["site_url"]),
                        category: LenientJSON.nonEmptyText(category?["title"]), checkedAt: LenientJSON.date(feed["checked_at"]))
        }
    }

    static func categories(_ body: Data) throws(Unexpected) -> [Category] {
        guard let list = try json(body) as? [Any] else { throw Unexpected(why: "the category list is not a JSON array") }
        return LenientJSON.objects(list).compactMap(category)
    }

    static func category(_ body: Data) throws(Unexpected) -> Category {
        guard let fields = try json(body) as? [String: Any], let category = category(fields) else {
            throw Unexpected(why: "the answer has no category")
        }
        return category
    }

    static func entries(_ body: Data) throws(Unexpected) -> Entries {
        guard let fields = try json(body) as? [String: Any] else { throw Unexpected(why: "the answer is not a JSON object") }
        guard let list = fields["entries"] as? [Any] else {
            // Miniflux sends `null` for no entries at all.
            if fields["entries"] is NSNull, fields["total"] != nil { return Entries(total: 0, entries: []) }
            throw Unexpected(why: "the answer has no entries")
        }
        return Entries(total: LenientJSON.integer(fields["total"]) ?? 0, entries: LenientJSON.objects(list).compactMap(entry))
    }

    static func entry(_ body: Data) throws(Unexpected) -> Entry {
        guard let fields = try json(body) as? [String: Any], let entry = entry(fields) else {
            throw Unexpected(why: "the answer is not an entry")
        }
        return entry
    }

    /// `{"feed_id": 12}`, the answer to `POST /v1/feeds`.
    static func feedID(_ body: Data) throws(Unexpected) -> Int64 {
        guard let fields = try json(body) as? [String: Any], let id = LenientJSON.integer(fields["feed_id"]) else {
            throw Unexpected(why: "the answer has no feed_id")
        }
        return id
    }

    // MARK: Fields

    private static func category(_ fields: [String: Any]) -> Category? {
        guard let id = LenientJSON.integer(fields["id"]) else { return nil }
        return Category(id: id, title: LenientJSON.text(fields["title"]) ?? "")
    }

    private static func entry(_ fields: [String: Any]) -> Entry? {
        guard let id = LenientJSON.integer(fields["id"]), let feedID = LenientJSON.integer(fields["feed_id"]) else { return nil }
        return Entry(id: id, feedID: feedID, title: LenientJSON.text(fields["title"]) ?? "",
                     author: LenientJSON.nonEmptyText(fields["author"]), html: LenientJSON.text(fields["content"]) ?? "",
                     url: LenientJSON.nonEmptyText(fields["url"]), isRead: LenientJSON.text(fields["status"]) == "read",
                     isStarred: LenientJSON.flag(fields["starred"]), published: LenientJSON.date(fields["published_at"]),
                     created: LenientJSON.date(fields["created_at"]))
    }

    private static func json(_ body: Data) throws(Unexpected) -> Any {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw Unexpected(why: body.isEmpty ? "the answer is empty" : "the answer is not JSON")
        }
        return object
    }
}
