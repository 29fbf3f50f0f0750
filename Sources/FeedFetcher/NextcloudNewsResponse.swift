import Foundation

/// The JSON answers of Nextcloud News's API v1-2, decoded leniently (see `LenientJSON`): feeds,
/// folders and items.
///
///     {"feeds": [{"id": 39, "url": "…", "title": "…", "link": "…", "folderId": 4}], "newestItemId": 3443}
///     {"folders": [{"id": 4, "name": "Media"}]}
///     {"items": [{"id": 3443, "guidHash": "3059…", "feedId": 39, "title": "…", "url": "…",
///                 "author": "…", "pubDate": 1367270544, "body": "<p>…</p>", "unread": true,
///                 "starred": false, "lastModified": "1367273003000000"}]}
enum NextcloudNewsResponse {
    struct Feed {
        var id: Int64
        var title: String
        var url: String
        var link: String?
        /// nil (or 0) for the root.
        var folderID: Int64?
    }

    struct Folder {
        var id: Int64
        var name: String
    }

    struct Item {
        var id: Int64
        var feedID: Int64
        /// The MD5 of the item's guid: stars name an item by its feed and this.
        var guidHash: String
        var title: String
        var author: String?
        var html: String
        var url: String?
        var isUnread: Bool
        var isStarred: Bool
        var published: Date?
    }

    /// Why a body is not a Nextcloud News answer, in words for `SyncFailure.notSyncEndpoint`.
    struct Unexpected: Error {
        var why: String
    }

    /// The feed list, and the newest item id of the account (absent without items).
    static func feeds(_ body: Data) throws(Unexpected) -> (feeds: [Feed], newestItemID: Int64?) {
        let fields = try object(body)
        guard let list = fields["feeds"] as? [Any] else { throw Unexpected(why: "the answer has no feeds") }
        let feeds = LenientJSON.objects(list).compactMap { feed -> Feed? in
            guard let id = LenientJSON.integer(feed["id"]) else { return nil }
            return Feed(id: id, title: LenientJSON.text(feed["title"]) ?? "", url: LenientJSON.text(feed["url"]) ?? "",
                        link: LenientJSON.nonEmptyText(feed["link"]), folderID: LenientJSON.integer(feed["folderId"]))
        }
        return (feeds, LenientJSON.integer(fields["newestItemId"]))
    }

    static func folders(_ body: Data) throws(Unexpected) -> [Folder] {
        let fields = try object(body)
        guard let list = fields["folders"] as? [Any] else { throw Unexpected(why: "the answer has no folders") }
        return LenientJSON.objects(list).compactMap { folder in
            LenientJSON.integer(folder["id"]).map { Folder(id: $0, name: LenientJSON.text(folder["name"]) ?? "") }
        }
    }

    static func items(_ body: Data) throws(Unexpected) -> [Item] {
        let fields = try object(body)
        guard let list = fields["items"] as? [Any] else {
            throw Unexpected(why: LenientJSON.nonEmptyText(fields["message"]).map { "it answered: \(FetchFailure.oneLine($0))" }
                ?? "the answer has no items")
        }
        return LenientJSON.objects(list).compactMap { item in
            guard let id = LenientJSON.integer(item["id"]), let feedID = LenientJSON.integer(item["feedId"]) else { return nil }
            return Item(id: id, feedID: feedID, guidHash: LenientJSON.text(item["guidHash"]) ?? "",
                        title: LenientJSON.text(item["title"]) ?? "", author: LenientJSON.nonEmptyText(item["author"]),
                        html: LenientJSON.text(item["body"]) ?? "", url: LenientJSON.nonEmptyText(item["url"]),
                        isUnread: LenientJSON.flag(item["unread"]), isStarred: LenientJSON.flag(item["starred"]),
                        published: LenientJSON.integer(item["pubDate"]).flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil })
        }
    }

    private static func object(_ body: Data) throws(Unexpected) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw Unexpected(why: body.isEmpty ? "the answer is empty" : "the answer is not JSON")
        }
        guard let fields = object as? [String: Any] else { throw Unexpected(why: "the answer is not a JSON object") }
        return fields
    }
}
