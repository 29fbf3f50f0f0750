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
        guard let version = FeverResponse.integer(fields["api_version"]) else {
            throw NotFever(why: "the answer has no api_version")
        }
        apiVersion = version
        isAuthenticated = FeverResponse.flag(fields["auth"])
        groups = FeverResponse.objects(fields["groups"]).compactMap { group in
            guard let id = FeverResponse.integer(group["id"]) else { return nil }
            return Group(id: id, title: FeverResponse.text(group["title"]) ?? "")
        }
        feedsGroups = FeverResponse.objects(fields["feeds_groups"]).compactMap { pair in
            guard let groupID = FeverResponse.integer(pair["group_id"]) else { return nil }
            return FeedsGroup(groupID: groupID, feedIDs: FeverResponse.idList(pair["feed_ids"]) ?? [])
        }
        feeds = FeverResponse.objects(fields["feeds"]).compactMap { feed in
            guard let id = FeverResponse.integer(feed["id"]) else { return nil }
            return Feed(id: id, title: FeverResponse.text(feed["title"]) ?? "", url: FeverResponse.text(feed["url"]) ?? "",
                        siteURL: FeverResponse.nonEmptyText(feed["site_url"]),
                        lastUpdatedOnTime: FeverResponse.integer(feed["last_updated_on_time"]))
        }
        items = FeverResponse.objects(fields["items"]).compactMap { item in
            guard let id = FeverResponse.integer(item["id"]), let feedID = FeverResponse.integer(item["feed_id"]) else {
                return nil
            }
            return Item(id: id, feedID: feedID, title: FeverResponse.text(item["title"]) ?? "",
                        author: FeverResponse.nonEmptyText(item["author"]), html: FeverResponse.text(item["html"]) ?? "",
                        url: FeverResponse.nonEmptyText(item["url"]), isSaved: FeverResponse.flag(item["is_saved"]),
                        isRead: FeverResponse.flag(item["is_read"]),
                        createdOnTime: FeverResponse.integer(item["created_on_time"]))
        }
        unreadItemIDs = FeverResponse.idList(fields["unread_item_ids"])
        savedItemIDs = FeverResponse.idList(fields["saved_item_ids"])
    }

    // MARK: Lenient field readers

    /// A number, or a string of digits.
    static func integer(_ value: Any?) -> Int64? {
        switch value {
        case let number as NSNumber:
            let double = number.doubleValue
            return double.isFinite && double.rounded() == double && abs(double) < 9e15 ? number.int64Value : nil
        case let string as String:
            return Int64(string.trimmingCharacters(in: .whitespaces))
        default:
            return nil
        }
    }

    /// 1/0, true/false, "1"/"0", "true"/"false"; anything else is false.
    static func flag(_ value: Any?) -> Bool {
        switch value {
        case let bool as Bool: return bool
        case let string as String:
            let word = string.trimmingCharacters(in: .whitespaces).lowercased()
            return word == "true" || (Int64(word).map { $0 != 0 } ?? false)
        default: return integer(value).map { $0 != 0 } ?? false
        }
    }

    static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    static func nonEmptyText(_ value: Any?) -> String? {
        text(value).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }

    /// `"1,2,3"` (the API's own spelling), `""`, or an array of numbers or strings. Nil when the
    /// field is missing or of another type.
    static func idList(_ value: Any?) -> [Int64]? {
        switch value {
        case let string as String:
            return string.split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        case let array as [Any]:
            return array.compactMap { integer($0) }
        case let number as NSNumber:
            return integer(number).map { [$0] }
        default:
            return nil
        }
    }

    static func objects(_ value: Any?) -> [[String: Any]] {
        (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }
}
