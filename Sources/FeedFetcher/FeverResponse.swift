import Foundation

/// One answer of a Fever API server, decoded leniently: servers differ in how they spell the
/// same thing (ids as numbers or strings, flags as 0/1, booleans or strings, id lists as
/// comma-separated strings or arrays), and a field of an unexpected type reads as absent rather
/// than failing the whole sync.
///
///     {"api_version": 3, "auth": 1, "last_refreshed_on_time": 1795629373,
///      "feeds": [{"id": 1, "title": "Alpha", "url": "…", "site_url": "…", …}],
///      "feeds_groups": [{"group_id": 10, "feed_ids": "1,3"}], "unread_item_ids": "1,2"}
struct FeverResponse {
    /// Present in every Fever answer, authenticated or not: what tells a Fever API from another.
    var apiVersion: Int64
    /// False when the server refused the `api_key` (`auth: 0`).
    var isAuthenticated: Bool
    var groups: [Group] = []
    var feedsGroups: [FeedsGroup] = []
    var feeds: [Feed] = []
    var items: [Item] = []
    /// Nil when the answer has no `unread_item_ids` field.
    var unreadItemIDs: [Int64]?
    var savedItemIDs: [Int64]?

    struct Group {
        var id: Int64
        var title: String
    }

    /// Which feeds a group holds (a feed may be in several).
    struct FeedsGroup {
        var groupID: Int64
        var feedIDs: [Int64]
    }

    struct Feed {
        var id: Int64
        var title: String
        var url: String
        var siteURL: String?
        var lastUpdatedOnTime: Int64?
    }

    struct Item {
        var id: Int64
        var feedID: Int64
        var title: String
        var author: String?
        var html: String
        var url: String?
        var isSaved: Bool
        var isRead: Bool
        var createdOnTime: Int64?
    }

    /// Why a body is not a Fever answer, in words for `SyncFailure.notSyncEndpoint`.
    struct NotFever: Error {
        var why: String
    }

    /// Decodes a response body; throws when it is not JSON, or JSON without `api_version`.
    init(body: Data) throws(NotFever) {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw NotFever(why: body.isEmpty ? "the answer is empty" : "the answer is not JSON")
        }
        guard let fields = object as? [String: Any] else { throw NotFever(why: "the answer is not a JSON object") }
        guard let version = LenientJSON.integer(fields["api_version"]) else {
            throw NotFever(why: "the answer has no api_version")
        }
        apiVersion = version
        isAuthenticated = LenientJSON.flag(fields["auth"])
        groups = LenientJSON.objects(fields["groups"]).compactMap { group in
            guard let id = LenientJSON.integer(group["id"]) else { return nil }
            return Group(id: id, title: LenientJSON.text(group["title"]) ?? "")
        }
        feedsGroups = LenientJSON.objects(fields["feeds_groups"]).compactMap { pair in
            guard let groupID = LenientJSON.integer(pair["group_id"]) else { return nil }
            return FeedsGroup(groupID: groupID, feedIDs: LenientJSON.idList(pair["feed_ids"]) ?? [])
        }
        feeds = LenientJSON.objects(fields["feeds"]).compactMap { feed in
            guard let id = LenientJSON.integer(feed["id"]) else { return nil }
            return Feed(id: id, title: LenientJSON.text(feed["title"]) ?? "", url: LenientJSON.text(feed["url"]) ?? "",
                        siteURL: LenientJSON.nonEmptyText(feed["site_url"]),
                        lastUpdatedOnTime: LenientJSON.integer(feed["last_updated_on_time"]))
        }
        items = LenientJSON.objects(fields["items"]).compactMap { item in
            guard let id = LenientJSON.integer(item["id"]), let feedID = LenientJSON.integer(item["feed_id"]) else {
                return nil
            }
            return Item(id: id, feedID: feedID, title: LenientJSON.text(item["title"]) ?? "",
                        author: LenientJSON.nonEmptyText(item["author"]), html: LenientJSON.text(item["html"]) ?? "",
                        url: LenientJSON.nonEmptyText(item["url"]), isSaved: LenientJSON.flag(item["is_saved"]),
                        isRead: LenientJSON.flag(item["is_read"]),
                        createdOnTime: LenientJSON.integer(item["created_on_time"]))
        }
        unreadItemIDs = LenientJSON.idList(fields["unread_item_ids"])
        savedItemIDs = LenientJSON.idList(fields["saved_item_ids"])
    }
}
