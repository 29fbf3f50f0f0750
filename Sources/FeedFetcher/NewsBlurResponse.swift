import Foundation

/// The JSON answers of NewsBlur's API, decoded leniently (see `LenientJSON`): the login, the
/// feeds with their folders, stories, and story hashes.
///
///     {"code": 1, "authenticated": true, "result": "ok"}
///     {"feeds": {"42": {"id": 42, "feed_title": "…", "feed_address": "…", "feed_link": "…"}},
///      "flat_folders": {" ": [42], "Tech": [43]}}
///     {"stories": [{"story_hash": "42:a1b2c3", "story_feed_id": 42, "story_title": "…",
///                   "story_authors": "…", "story_permalink": "…", "story_content": "<p>…</p>",
///                   "story_timestamp": "1704103200", "read_status": 0, "starred": true}]}
///     {"unread_feed_story_hashes": {"42": ["42:a1b2c3"]}}   {"starred_story_hashes": ["42:a1b2c3"]}
enum NewsBlurResponse {
    struct Feed {
        var id: Int64
        var title: String
        var url: String
        var link: String?
    }

    struct Story {
        var hash: String
        var feedID: Int64
        var title: String
        var author: String?
        var html: String
        var url: String?
        var isRead: Bool
        var isStarred: Bool
        var published: Date?
    }

    /// Why a body is not a NewsBlur answer, in words for `SyncFailure.notSyncEndpoint`.
    struct Unexpected: Error {
        var why: String
    }

    /// `code` and the server's reason of a call that changes something: nil when it succeeded.
    static func refusal(_ body: Data) throws(Unexpected) -> String? {
        let fields = try object(body)
        if let code = LenientJSON.integer(fields["code"]), code < 0 {
            return reason(fields) ?? "it refused (code \(code))"
        }
        if LenientJSON.text(fields["result"]) == "error" { return reason(fields) ?? "it refused" }
        return nil
    }

    /// The login's answer: whether the user is now logged in.
    static func loggedIn(_ body: Data) throws(Unexpected) -> Bool {
        let fields = try object(body)
        guard fields["authenticated"] != nil || fields["code"] != nil else { throw Unexpected(why: "the login's answer has no code") }
        return LenientJSON.flag(fields["authenticated"]) && (LenientJSON.integer(fields["code"]) ?? 1) > 0
    }

    /// The feeds and each one's folders (`flat_folders`, " " being the top level).
    static func feeds(_ body: Data) throws(Unexpected) -> (feeds: [Feed], folders: [Int64: [String]]) {
        let fields = try object(body)
        guard let feeds = fields["feeds"] as? [String: Any] else { throw Unexpected(why: "the answer has no feeds") }
        let list = feeds.values.compactMap { $0 as? [String: Any] }.compactMap { feed -> Feed? in
            guard let id = LenientJSON.integer(feed["id"]) else { return nil }
            return Feed(id: id, title: LenientJSON.text(feed["feed_title"]) ?? "", url: LenientJSON.text(feed["feed_address"]) ?? "",
                        link: LenientJSON.nonEmptyText(feed["feed_link"]))
        }
        var folders: [Int64: [String]] = [:]
        for (name, ids) in fields["flat_folders"] as? [String: Any] ?? [:] {
            let folder = name.trimmingCharacters(in: .whitespaces)
            guard !folder.isEmpty else { continue }
            for id in LenientJSON.idList(ids) ?? [] { folders[id, default: []].append(folder) }
        }
        return (list.sorted { $0.id < $1.id }, folders)
    }

    static func stories(_ body: Data) throws(Unexpected) -> [Story] {
        let fields = try object(body)
        guard let list = fields["stories"] as? [Any] else { throw Unexpected(why: "the answer has no stories") }
        return LenientJSON.objects(list).compactMap { story in
            guard let hash = LenientJSON.nonEmptyText(story["story_hash"]),
                  let feedID = LenientJSON.integer(story["story_feed_id"]) ?? Int64(hash.prefix { $0 != ":" })
            else { return nil }
            return Story(hash: hash, feedID: feedID, title: LenientJSON.text(story["story_title"]) ?? "",
                         author: LenientJSON.nonEmptyText(story["story_authors"]), html: LenientJSON.text(story["story_content"]) ?? "",
                         url: LenientJSON.nonEmptyText(story["story_permalink"]),
                         isRead: LenientJSON.integer(story["read_status"]).map { $0 != 0 } ?? false,
                         isStarred: LenientJSON.flag(story["starred"]),
                         published: LenientJSON.integer(story["story_timestamp"]).flatMap {
                             $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil
                         })
        }
    }

    /// The hashes of `unread_story_hashes` (by feed) or `starred_story_hashes`, with or without
    /// their timestamps.
    static func hashes(_ body: Data, key: String) throws(Unexpected) -> [String] {
        let fields = try object(body)
        guard let value = fields[key] else { throw Unexpected(why: "the answer has no \(key)") }
        let lists: [Any] = (value as? [String: Any]).map { Array($0.values) } ?? [value]
        return lists.flatMap { ($0 as? [Any]) ?? [] }.compactMap { entry in
            LenientJSON.nonEmptyText(entry) ?? (entry as? [Any])?.first.flatMap(LenientJSON.nonEmptyText)
        }
    }

    private static func reason(_ fields: [String: Any]) -> String? {
        if let message = LenientJSON.nonEmptyText(fields["message"]) { return message }
        let errors = fields["errors"]
        if let text = LenientJSON.nonEmptyText(errors) { return text }
        if let byField = errors as? [String: Any] {
            return byField.values.flatMap { ($0 as? [Any])?.compactMap(LenientJSON.nonEmptyText) ?? [] }.sorted().first
        }
        return (errors as? [Any])?.compactMap(LenientJSON.nonEmptyText).first
    }

    private static func object(_ body: Data) throws(Unexpected) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            throw Unexpected(why: body.isEmpty ? "the answer is empty" : "the answer is not JSON")
        }
        guard let fields = object as? [String: Any] else { throw Unexpected(why: "the answer is not a JSON object") }
        return fields
    }
}
