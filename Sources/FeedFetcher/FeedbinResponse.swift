import Foundation

/// The JSON answers of Feedbin's API v2, decoded leniently (see `LenientJSON`): subscriptions,
/// taggings, entries and id lists.
///
///     [{"id": 525, "feed_id": 47, "title": "…", "feed_url": "…", "site_url": "…"}]
///     [{"id": 4, "feed_id": 47, "name": "Tech"}]
///     [{"id": 2077, "feed_id": 47, "title": "…", "url": "…", "author": "…", "content": "<p>…</p>",
///       "published": "2013-02-03T01:00:19.000000Z", "created_at": "2013-02-04T01:00:19.127893Z"}]
///     [4087, 4088, 4089]
enum FeedbinResponse {
    struct Subscription {
        var id: Int64
        var feedID: Int64
        var title: String
        var feedURL: String
        var siteURL: String?
    }

    struct Tagging {
        var id: Int64
        var feedID: Int64
        var name: String
    }

    struct Entry {
        var id: Int64
        var feedID: Int64
        var title: String
        var author: String?
        var html: String
        var url: String?
        var published: Date?
        /// When Feedbin stored it: what "the entries it had then" means for a feed marked read.
        var created: Date?
    }

    /// Why a body is not a Feedbin answer, in words for `SyncFailure.notSyncEndpoint`.
    struct Unexpected: Error {
        var why: String
    }

    static func subscriptions(_ body: Data) throws(Unexpected) -> [Subscription] {
        try list(body, "subscriptions").compactMap(subscription)
    }

    static func subscription(_ body: Data) throws(Unexpected) -> Subscription {
        guard let fields = try json(body) as? [String: Any], let subscription = subscription(fields) else {
            throw Unexpected(why: "the answer is not a subscription")
        }
        return subscription
    }

    static func taggings(_ body: Data) throws(Unexpected) -> [Tagging] {
        try list(body, "taggings").compactMap { tagging in
            guard let id = LenientJSON.integer(tagging["id"]), let feedID = LenientJSON.integer(tagging["feed_id"]) else { return nil }
            return Tagging(id: id, feedID: feedID, name: LenientJSON.text(tagging["name"]) ?? "")
        }
    }

    static func entries(_ body: Data) throws(Unexpected) -> [Entry] {
        try list(body, "entries").compactMap { entry in
            guard let id = LenientJSON.integer(entry["id"]), let feedID = LenientJSON.integer(entry["feed_id"]) else { return nil }
            return Entry(id: id, feedID: feedID, title: LenientJSON.text(entry["title"]) ?? "",
                         author: LenientJSON.nonEmptyText(entry["author"]), html: LenientJSON.text(entry["content"]) ?? "",
                         url: LenientJSON.nonEmptyText(entry["url"]), published: LenientJSON.date(entry["published"]),
                         created: LenientJSON.date(entry["created_at"]))
        }
    }

    /// `[4087, 4088]`: the unread or starred entry ids.
    static func ids(_ body: Data) throws(Unexpected) -> [Int64] {
        guard let list = try json(body) as? [Any] else { throw Unexpected(why: "the id list is not a JSON array") }
        return list.compactMap(LenientJSON.integer)
    }

    /// The feeds offered by `300 Multiple Choices`, as `URL (title)`.
    static func choices(_ body: Data) -> [String] {
        LenientJSON.objects((try? JSONSerialization.jsonObject(with: body)) as? [Any]).compactMap { choice in
            LenientJSON.nonEmptyText(choice["feed_url"]).map { url in LenientJSON.nonEmptyText(choice["title"]).map { "\(url) (\($0))" } ?? url }
        }
    }

    private static func subscription(_ fields: [String: Any]) -> Subscription? {
        guard let id = LenientJSON.integer(fields["id"]), let feedID = LenientJSON.integer(fields["feed_id"]) else { return nil }
        return Subscription(id: id, feedID: feedID, title: LenientJSON.text(fields["title"]) ?? "",
                            feedURL: LenientJSON.text(fields["feed_url"]) ?? "", siteURL: LenientJSON.nonEmptyText(fields["site_url"]))
    }

    private static func list(_ body: Data, _ what: String) throws(Unexpected) -> [[String: Any]] {
        guard let list = try json(body) as? [Any] else { throw Unexpected(why: "the \(what) are not a JSON array") }
        return LenientJSON.objects(list)
    }

    private static func json(_ body: Data) throws(Unexpected) -> Any {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw Unexpected(why: body.isEmpty ? "the answer is empty" : "the answer is not JSON")
        }
        return object
    }
}
