import Foundation

/// The JSON answers of Tiny Tiny RSS's API, decoded leniently (see `LenientJSON`). Every answer is
/// an envelope whose `status` is 0 (its `content` is the result) or 1 (its `content.error` says why):
///
///     {"seq": 0, "status": 0, "content": {"session_id": "laf7…", "api_level": 15}}
///     {"seq": 0, "status": 1, "content": {"error": "NOT_LOGGED_IN"}}
///     {"seq": 0, "status": 0, "content": [{"id": 1, "title": "Alpha", "feed_url": "…", "cat_id": 3, …}]}
///     {"seq": 0, "status": 0, "content": [{"id": 7, "feed_id": 1, "title": "One", "unread": true,
///                                          "marked": false, "published": false, "updated": 1795813125, "content": "<p>…", …}]}
enum TTRSSResponse {
    /// The `content` of an answer, or the server's error code.
    enum Envelope {
        case ok(Any)
        case error(String)
    }

    struct Feed {
        var id: Int64
        var title: String
        var url: String
        var categoryID: Int64
        var lastUpdated: Int64?
    }

    struct Category {
        var id: Int64
        var title: String
    }

    /// A headline of `getHeadlines` or an article of `getArticle` (whose body is in `content`
    /// either way, when it was asked for).
    struct Headline {
        var id: Int64
        var feedID: Int64
        var title: String
        var author: String?
        var html: String
        var url: String?
        var isRead: Bool
        var isStarred: Bool
        var isPublished: Bool
        /// The article's date as the server has it (its `updated`), in seconds since 1970.
        var updated: Int64?
    }

    /// `getCounters`: each real feed's unread and starred counts (a feed without articles is not
    /// listed), and the totals of the starred (virtual feed -1) and published (-2) articles.
    struct Counters {
        var unreadByFeed: [Int64: Int] = [:]
        var starredByFeed: [Int64: Int] = [:]
        var starred: Int?
        var published: Int?
    }

    /// Why a body is not an answer of the API, in words for `SyncFailure.notSyncEndpoint`.
    struct Unexpected: Error {
        var why: String
    }

    static func envelope(_ body: Data) throws(Unexpected) -> Envelope {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw Unexpected(why: body.isEmpty ? "the answer is empty" : "the answer is not JSON")
        }
        guard let fields = object as? [String: Any], let status = LenientJSON.integer(fields["status"]), fields["content"] != nil
        else { throw Unexpected(why: "the answer has no status and content") }
        if status == 0 { return .ok(fields["content"]!) }
        let content = fields["content"] as? [String: Any]
        return .error(errorCode(LenientJSON.text(content?["error"])))
    }

    /// The session id of `login`'s content.
    static func sessionID(_ content: Any) throws(Unexpected) -> String {
        guard let id = LenientJSON.nonEmptyText((content as? [String: Any])?["session_id"]) else {
            throw Unexpected(why: "login answered without a session_id")
        }
        return id
    }

    /// `getCounters`' list: the virtual feeds' `auxcounter` is their total, a real feed's
    /// `counter` its unread and `markedcounter` its starred; categories (`kind` "cat"), labels and
    /// the global counters (ids that are not numbers) are skipped.
    static func counters(_ content: Any) throws(Unexpected) -> Counters {
        guard let list = content as? [Any] else { throw Unexpected(why: "the counters are not a JSON array") }
        var counters = Counters()
        for counter in LenientJSON.objects(list) where LenientJSON.text(counter["kind"]) != "cat" {
            guard let id = LenientJSON.integer(counter["id"]) else { continue }
            if id > 0 {
                counters.unreadByFeed[id] = LenientJSON.integer(counter["counter"]).map(Int.init) ?? 0
                counters.starredByFeed[id] = LenientJSON.integer(counter["markedcounter"]).map(Int.init) ?? 0
            } else if id == TTRSSCounterIDs.starred {
                counters.starred = LenientJSON.integer(counter["auxcounter"]).map(Int.init)
            } else if id == TTRSSCounterIDs.published {
                counters.published = LenientJSON.integer(counter["auxcounter"]).map(Int.init)
            }
        }
        return counters
    }

    static func feeds(_ content: Any) throws(Unexpected) -> [Feed] {
        try list(content, "getFeeds").compactMap { feed in
            guard let id = LenientJSON.integer(feed["id"]), id > 0 else { return nil }  // virtual feeds: starred, fresh…
            return Feed(id: id, title: LenientJSON.text(feed["title"]) ?? "", url: LenientJSON.text(feed["feed_url"]) ?? "",
                        categoryID: LenientJSON.integer(feed["cat_id"]) ?? 0, lastUpdated: LenientJSON.integer(feed["last_updated"]))
        }
    }

    static func categories(_ content: Any) throws(Unexpected) -> [Category] {
        try list(content, "getCategories").compactMap { category in
            guard let id = LenientJSON.integer(category["id"]) else { return nil }
            return Category(id: id, title: LenientJSON.text(category["title"]) ?? "")
        }
    }

    static func headlines(_ content: Any) throws(Unexpected) -> [Headline] {
        try list(content, "getHeadlines").compactMap { headline in
            guard let id = LenientJSON.integer(headline["id"]), id > 0 else { return nil }
            return Headline(id: id, feedID: LenientJSON.integer(headline["feed_id"]) ?? 0,
                            title: LenientJSON.text(headline["title"]) ?? "",
                            author: LenientJSON.nonEmptyText(headline["author"]),
                            html: LenientJSON.text(headline["content"]) ?? "",
                            url: LenientJSON.nonEmptyText(headline["link"]),
                            isRead: !LenientJSON.flag(headline["unread"]), isStarred: LenientJSON.flag(headline["marked"]),
                            isPublished: LenientJSON.flag(headline["published"]),
                            updated: LenientJSON.integer(headline["updated"]))
        }
    }

    /// `subscribeToFeed`'s `status`: the new feed's id (code 0: already subscribed, 1: added), or
    /// the server's reason for adding nothing.
    static func subscription(_ content: Any) throws(Unexpected) -> Result<Int64?, Unexpected> {
        guard let status = (content as? [String: Any])?["status"] as? [String: Any], let code = LenientJSON.integer(status["code"]) else {
            throw Unexpected(why: "subscribeToFeed answered without a status code")
        }
        switch code {
        case 0, 1: return .success(LenientJSON.integer(status["feed_id"]))
        case 2: return .failure(Unexpected(why: "it takes that address for an invalid URL"))
        case 3: return .failure(Unexpected(why: "that address is a web page without a feed"))
        case 4: return .failure(Unexpected(why: "that address is a web page with several feeds: give one of them"))
        case 5: return .failure(Unexpected(why: "it could not download that address"))
        case 6: return .failure(Unexpected(why: "that address is not a valid feed"))
        default: return .failure(Unexpected(why: "it could not subscribe (code \(code))"))
        }
    }

    /// An error code as the server spells it (`NOT_LOGGED_IN`), kept to letters, digits and `_`
    /// so that nothing odd from the network reaches a message.
    static func errorCode(_ text: String?) -> String {
        let code = String((text ?? "").unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
            .prefix(40).map(Character.init))
        return code.isEmpty ? "an unnamed error" : code
    }

    private static func list(_ content: Any, _ method: String) throws(Unexpected) -> [[String: Any]] {
        guard let list = content as? [Any] else { throw Unexpected(why: "\(method) answered without a list") }
        return LenientJSON.objects(list)
    }
}

/// The virtual feeds `getCounters` lists with their totals.
enum TTRSSCounterIDs {
    static let starred: Int64 = -1
    static let published: Int64 = -2
}
