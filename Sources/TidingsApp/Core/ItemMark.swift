import FeedModel
import FeedStore
import FilterLanguage
import Foundation

/// A change of read or starred state the user asked for, as shown at once and as written later.
enum ItemMark: Hashable, Sendable {
    /// One article read (`isRead`) or unread; `wasRead` is what the screen showed, so that the
    /// feed's unread count can follow before the store does.
    case read(ItemID, feed: FeedID, isRead: Bool, wasRead: Bool)
    /// One article starred or unstarred.
    case starred(ItemID, isStarred: Bool, wasStarred: Bool)
    /// One article's flags set (`edit-flags`): `others` besides the star, and the star.
    case flags(ItemID, others: ArticleFlags, isStarred: Bool, wasStarred: Bool)
    /// Every article of the feed first seen by `seenBy` read (`A`).
    case feedRead(FeedID, seenBy: Date)
    /// Every article of a query feed first seen by `seenBy` read (`A` there): those `expression`
    /// (written `source`) matches, `age` counted from `now`. `shown` are the rows the list
    /// showed, read on screen before the store has them.
    case queryRead(FilterExpression, source: String, now: Date, seenBy: Date, shown: Set<ItemID>)
    /// These articles (of these feeds) read or unread: the undo of `A` and of marks like it.
    case itemsRead([ItemID: FeedID], isRead: Bool)

    /// Writes the mark; the store's own conditions make it harmless to write twice. Returns the
    /// articles a mark of many made read (`A`: what an undo makes unread again).
    @discardableResult
    func write(to store: FeedStore) throws -> [ItemID: FeedID] {
        switch self {
        case .read(let id, _, let isRead, _): try store.markItem(id, read: isRead)
        case .starred(let id, let isStarred, _): try store.setStarred(isStarred, item: id)
        case .flags(let id, let others, let isStarred, _): try store.setFlags(others, starred: isStarred, item: id)
        case .feedRead(let id, let seenBy): return Dictionary(uniqueKeysWithValues: try store.markFeedRead(id, seenBy: seenBy).map { ($0, id) })
        case .queryRead(let expression, _, let now, let seenBy, _): return try store.markRead(matching: expression, seenBy: seenBy, now: now)
        case .itemsRead(let items, let isRead): try store.markItems(items.keys.sorted(), read: isRead)
        }
        return [:]
    }

    /// One line of the pending-marks journal (see `MarkJournal`).
    var journalLine: String {
        switch self {
        case .read(let id, let feed, let isRead, let wasRead):
            return "read \(id.rawValue) \(feed.rawValue) \(isRead ? 1 : 0) \(wasRead ? 1 : 0)"
        case .starred(let id, let isStarred, let wasStarred):
            return "star \(id.rawValue) \(isStarred ? 1 : 0) \(wasStarred ? 1 : 0)"
        case .flags(let id, let others, let isStarred, let wasStarred):
            // `-` for no flag: a line's words are never empty.
            return "flags \(id.rawValue) \(others.isEmpty ? "-" : others.letters) \(isStarred ? 1 : 0) \(wasStarred ? 1 : 0)"
        case .feedRead(let id, let seenBy):
            return "feed-read \(id.rawValue) \(seenBy.timeIntervalSince1970)"
        case .queryRead(_, let source, let now, let seenBy, _):
            // The expression last: it holds spaces. A urls-file line has no line break.
            return "query-read \(now.timeIntervalSince1970) \(seenBy.timeIntervalSince1970) \(source)"
        case .itemsRead(let items, let isRead):
            let pairs = items.sorted { $0.key < $1.key }.map { "\($0.key.rawValue):\($0.value.rawValue)" }
            return "items-read \(isRead ? 1 : 0) \(pairs.isEmpty ? "-" : pairs.joined(separator: ","))"
        }
    }

    /// The mark a journal line holds; nil for a line that is not one (cut short by a crash).
    init?(journalLine line: Substring) {
        if line.hasPrefix("query-read ") {
            let words = line.split(separator: " ", maxSplits: 3)
            guard words.count == 4, let now = Double(words[1]), let seenBy = Double(words[2]),
                  let expression = try? FilterParser.parse(String(words[3]))
            else { return nil }
            self = .queryRead(expression, source: String(words[3]), now: Date(timeIntervalSince1970: now),
                              seenBy: Date(timeIntervalSince1970: seenBy), shown: [])
            return
        }
        let words = line.split(separator: " ")
        func flag(_ index: Int) -> Bool? { words.count > index ? (words[index] == "1" ? true : words[index] == "0" ? false : nil) : nil }
        func number(_ index: Int) -> Int64? { words.count > index ? Int64(words[index]) : nil }
        switch words.first {
        case "read"?:
            guard words.count == 5, let id = number(1), let feed = number(2), let isRead = flag(3), let wasRead = flag(4) else { return nil }
            self = .read(ItemID(id), feed: FeedID(feed), isRead: isRead, wasRead: wasRead)
        case "star"?:
            guard words.count == 4, let id = number(1), let isStarred = flag(2), let wasStarred = flag(3) else { return nil }
            self = .starred(ItemID(id), isStarred: isStarred, wasStarred: wasStarred)
        case "flags"?:
            guard words.count == 5, let id = number(1), let isStarred = flag(3), let wasStarred = flag(4),
                  let others = ArticleFlags(validating: words[2] == "-" ? "" : String(words[2]))
            else { return nil }
            self = .flags(ItemID(id), others: others, isStarred: isStarred, wasStarred: wasStarred)
        case "items-read"?:
            guard words.count == 3, let isRead = flag(1) else { return nil }
            var items: [ItemID: FeedID] = [:]
            for pair in words[2] == "-" ? [] : words[2].split(separator: ",") {
                let parts = pair.split(separator: ":")
                guard parts.count == 2, let item = Int64(parts[0]), let feed = Int64(parts[1]) else { return nil }
                items[ItemID(item)] = FeedID(feed)
            }
            self = .itemsRead(items, isRead: isRead)
        case "feed-read"?:
            guard words.count == 3, let id = number(1), let seconds = Double(words[2]) else { return nil }
            self = .feedRead(FeedID(id), seenBy: Date(timeIntervalSince1970: seconds))
        default:
            return nil
        }
    }
}
