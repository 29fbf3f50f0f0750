import Foundation

/// The JSON answers of a Google Reader API server, decoded leniently (see `LenientJSON`): the
/// subscription list, a page of item ids, a batch of items, and quickadd's answer.
///
///     {"subscriptions": [{"id": "feed/2", "title": "Alpha", "url": "…", "htmlUrl": "…",
///                         "categories": [{"id": "user/-/label/Tech", "label": "Tech"}]}]}
///     {"itemRefs": [{"id": "1795802282591051"}], "continuation": "1795802282591051"}
///     {"items": [{"id": "tag:google.com,2005:reader/item/00066…", "origin": {"streamId": "feed/2"},
///                 "categories": ["user/-/state/com.google/read"], "summary": {"content": "…"}, …}]}
enum GoogleReaderResponse {
    struct Subscription {
        /// The stream id, `feed/2` (FreshRSS, Miniflux) or `feed/http://…` (Inoreader, BazQux).
        var streamID: String
        var title: String
        var url: String
        var siteURL: String?
        /// The labels (folders) holding it.
        var labels: [String]
    }

    /// One page of `stream/items/ids`.
    struct ItemIDs {
        var ids: [Int64]
        /// Where the next page starts (`c=`); nil on the last page.
        var continuation: String?
    }

    struct Item {
        var id: Int64
        var feedStreamID: String
        var title: String
        var author: String?
        var html: String
        var url: String?
        var isRead: Bool
        var isStarred: Bool
        var published: Int64?
    }

    /// Why a body is not a Google Reader answer, in words for `SyncFailure.notSyncEndpoint`.
    struct Unexpected: Error {
        var why: String
    }

    static func subscriptions(_ body: Data) throws(Unexpected) -> [Subscription] {
        let fields = try object(body)
        guard let list = fields["subscriptions"] as? [Any] else { throw Unexpected(why: "the answer has no subscriptions") }
        return LenientJSON.objects(list).compactMap { subscription in
            guard let streamID = LenientJSON.text(subscription["id"]) else { return nil }
            let labels = LenientJSON.objects(subscription["categories"]).compactMap { category in
                LenientJSON.nonEmptyText(category["label"]) ?? LenientJSON.text(category["id"]).flatMap(label)
            }
            return Subscription(streamID: streamID, title: LenientJSON.text(subscription["title"]) ?? "",
                                url: LenientJSON.text(subscription["url"]) ?? "",
                                siteURL: LenientJSON.nonEmptyText(subscription["htmlUrl"]), labels: labels)
        }
    }

    static func itemIDs(_ body: Data, _ itemIDs: GoogleReaderItemIDs) throws(Unexpected) -> ItemIDs {
        let fields = try object(body)
        // Some servers leave `itemRefs` out of an empty answer.
        let ids = LenientJSON.objects(fields["itemRefs"]).compactMap { itemIDs.id(LenientJSON.text($0["id"])) }
        guard fields["itemRefs"] != nil || ids.isEmpty else { throw Unexpected(why: "the answer has no itemRefs") }
        return ItemIDs(ids: ids, continuation: LenientJSON.nonEmptyText(fields["continuation"]))
    }

    static func items(_ body: Data, _ itemIDs: GoogleReaderItemIDs) throws(Unexpected) -> [Item] {
        let fields = try object(body)
        guard let list = fields["items"] as? [Any] else { throw Unexpected(why: "the answer has no items") }
        return LenientJSON.objects(list).compactMap { item in
            guard let id = itemIDs.id(LenientJSON.text(item["id"])),
                let origin = item["origin"] as? [String: Any], let feed = LenientJSON.text(origin["streamId"])
            else { return nil }
            let states = (item["categories"] as? [Any] ?? []).compactMap(LenientJSON.text)
            let links = LenientJSON.objects(item["canonical"]) + LenientJSON.objects(item["alternate"])
            let body = (item["content"] as? [String: Any]) ?? (item["summary"] as? [String: Any])
            return Item(id: id, feedStreamID: feed, title: LenientJSON.text(item["title"]) ?? "",
                        author: LenientJSON.nonEmptyText(item["author"]),
                        html: LenientJSON.text(body?["content"]) ?? "",
                        url: links.lazy.compactMap { LenientJSON.nonEmptyText($0["href"]) }.first,
                        isRead: states.contains { isState($0, "read") },
                        isStarred: states.contains { isState($0, "starred") },
                        published: LenientJSON.integer(item["published"]))
        }
    }

    /// quickadd's answer: the new feed's stream id, or the server's reason for adding nothing.
    static func quickadd(_ body: Data) throws(Unexpected) -> Result<String, Unexpected> {
        let fields = try object(body)
        if let streamID = LenientJSON.nonEmptyText(fields["streamId"]), LenientJSON.integer(fields["numResults"]) != 0 {
            return .success(streamID)
        }
        return .failure(Unexpected(why: LenientJSON.nonEmptyText(fields["error"]) ?? "it found no feed at that address"))
    }

    // MARK: Labels

    /// The label of `user/-/label/Tech` or `user/1234/label/Tech`: `Tech`; nil for other ids.
    static func label(_ streamID: String) -> String? {
        let parts = streamID.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user", parts[2] == "label", !parts[3].isEmpty else { return nil }
        return String(parts[3])
    }

    /// True for `user/-/state/com.google/NAME` and `user/1234/state/com.google/NAME`.
    static func isState(_ category: String, _ name: String) -> Bool {
        category.hasPrefix("user/") && category.hasSuffix("/state/com.google/\(name)")
    }

    private static func object(_ body: Data) throws(Unexpected) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw Unexpected(why: body.isEmpty ? "the answer is empty" : "the answer is not JSON")
        }
        guard let fields = object as? [String: Any] else { throw Unexpected(why: "the answer is not a JSON object") }
        return fields
    }
}
