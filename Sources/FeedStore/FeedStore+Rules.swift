import FeedModel
import FilterLanguage
import Foundation
import GRDB

/// Rules on arrival (`rule EXPRESSION ACTION…`, see `ArticleRule`): they act on each article
/// once, in the upsert that first stores it — a reload's or a sync's — in the order written.
///
/// The actions on the article itself are carried out there, in the same transaction: `mark-read`
/// and `star` (queued for a feed server as any mark is), `tag` (a row of `itemTag`, which
/// `tags # "NAME"` finds) and `hide` (as the killfile hides, with an `isDeleted` of their own so
/// that a changed killfile never shows them). The others — `notify`, `full-text`, `enqueue`,
/// `run` — are recorded in `ruleEffect` for whoever reloaded to carry out
/// (`takeRuleEffects`), which takes each one once. An article stored again by a later reload is
/// a known article: no rule runs on it again.
extension FeedStore {
    /// `isDeleted` of an article a rule hid (`hide`). Every list, count and search reads only
    /// `isDeleted = 0`; unlike the killfile's (2), nothing shows it again.
    static let hiddenByRule = 4

    /// Makes later upserts apply `rules` to the articles they bring, in this order, without
    /// touching what is stored (no SQL: callable from any thread).
    public func useRules(_ rules: [ArticleRule]) {
        arrivalSlot.set(rules: rules)
    }

    /// Applies `rules` to the articles `arrived` (of one upsert), inside its transaction, and
    /// records their effects; returns how many of them a rule hid. Each rule sees what the rules
    /// before it did (a tag, a mark); hidden articles are left alone by the rules after.
    static func applyRules(_ rules: [ArticleRule], to arrived: ArrivedItems, starFlag: Character, now: Date, db: Database) throws -> Int {
        guard !rules.isEmpty, arrived.count > 0 else { return 0 }
        var hidden = 0
        for rule in rules {
            let (condition, arguments) = rule.expression.sql(now: now, starFlag: starFlag)
            let ids = try ItemID.fetchAll(
                db,
                sql: """
                    SELECT item.id FROM item JOIN feed ON feed.id = item.feedId
                    WHERE item.id BETWEEN ? AND ? AND item.feedId = ? AND item.isDeleted = 0 AND \(condition)
                    ORDER BY item.id
                    """,
                arguments: [arrived.firstID, arrived.lastID, arrived.feedID] + arguments)
            guard !ids.isEmpty else { continue }
            let changes = try apply(rule.actions, to: ids, db: db)
            hidden += changes.hidden.count
            for action in rule.actions {
                guard let name = action.pendingName else { continue }
                var words: [String] = []
                if case .run(let arguments) = action { words = arguments }
                let record = try db.cachedStatement(sql: "INSERT INTO ruleEffect (itemId, action, arguments) VALUES (?, ?, ?)")
                for id in ids { try record.execute(arguments: [id, name, encodeJSON(words)]) }
            }
        }
        return hidden
    }

    /// Carries out on the articles `ids` the actions that change them; returns the articles each
    /// changed (what an undo changes back). Marks of articles from a feed server are queued.
    private static func apply(_ actions: [ArticleRule.Action], to ids: [ItemID], db: Database) throws -> RuleChanges {
        var changes = RuleChanges()
        for action in actions {
            switch action {
            case .markRead:
                let mark = try db.cachedStatement(sql: "UPDATE item SET isRead = 1 WHERE id = ? AND isRead = 0 AND isDeleted = 0")
                for id in ids {
                    try mark.execute(arguments: [id])
                    guard db.changesCount > 0 else { continue }
                    changes.markedRead.append(id)
                    try queueSyncChange("read", item: id, db: db)
                }
            case .star:
                let star = try db.cachedStatement(sql: "UPDATE item SET isStarred = 1 WHERE id = ? AND isStarred = 0 AND isDeleted = 0")
                for id in ids {
                    try star.execute(arguments: [id])
                    guard db.changesCount > 0 else { continue }
                    changes.starred.append(id)
                    try queueSyncChange("starred", item: id, db: db)
                }
            case .tag(let tag):
                let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO itemTag (tag, itemId) VALUES (?, ?)")
                for id in ids {
                    try insert.execute(arguments: [tag, id])
                    if db.changesCount > 0 { changes.tagged.append(RuleChanges.Tagging(tag: tag, item: id)) }
                }
            case .hide:
                let hide = try db.cachedStatement(sql: "UPDATE item SET isDeleted = \(hiddenByRule) WHERE id = ? AND isDeleted = 0")
                for id in ids {
                    try hide.execute(arguments: [id])
                    if db.changesCount > 0 { changes.hidden.append(id) }
                }
            case .notify, .fullText, .enqueue, .run:
                continue
            }
        }
        return changes
    }

    /// Takes the effects the rules left for whoever reloaded (`notify`, `full-text`, `enqueue`,
    /// `run`), oldest first, each with the article it is for; taken, they are gone from the
    /// cache, so that no effect is carried out twice (by the reader and a `tidings reload` alike).
    /// Effects of articles deleted since (or hidden by the killfile) are dropped; a rule's own
    /// `hide` keeps them (`hide notify` notifies of what it hides).
    public func takeRuleEffects() throws -> [RuleEffect] {
        // Looked for in a read first: after most reloads there is none, and no write is needed.
        let hasEffects = try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM ruleEffect)") ?? false }
        guard hasEffects else { return [] }
        return try write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT ruleEffect.action, ruleEffect.arguments, item.id, item.feedId, item.title, item.link, item.author,
                        item.sortDate, item.enclosures, \(Self.displayTitleSQL("feed")) AS feedTitle
                    FROM ruleEffect JOIN item ON item.id = ruleEffect.itemId JOIN feed ON feed.id = item.feedId
                    WHERE item.isDeleted IN (0, \(Self.hiddenByRule))
                    ORDER BY ruleEffect.id
                    """)
            try db.execute(sql: "DELETE FROM ruleEffect")
            return rows.compactMap { row in
                let action: ArticleRule.Action
                switch row["action"] as String {
                case "notify": action = .notify
                case "full-text": action = .fullText
                case "enqueue": action = .enqueue
                case "run": action = .run(Self.decodeJSON([String].self, from: row["arguments"], default: []))
                default: return nil
                }
                return RuleEffect(
                    itemID: row["id"], feedID: row["feedId"], feedTitle: row["feedTitle"], title: row["title"], link: row["link"],
                    author: row["author"], date: Date(timeIntervalSince1970: row["sortDate"]),
                    enclosure: Self.decodeJSON([Enclosure].self, from: row["enclosures"], default: []).first, action: action)
            }
        }
    }

    /// What each rule would match among the articles already in the cache (listed ones, of
    /// subscribed feeds): how many, and the titles of the newest `titles` — without changing
    /// anything (`tidings rules --dry-run`, the reader's `:rules`). Each rule is evaluated on the
    /// cache as it is, not after the rules before it.
    public func ruleMatches(_ rules: [ArticleRule], titles: Int = 5, now: Date = Date()) throws -> [RuleMatches] {
        try read { db in
            try rules.map { rule in
                let (condition, arguments) = rule.expression.sql(now: now, starFlag: starFlag)
                let matching = "FROM item JOIN feed ON feed.id = item.feedId WHERE feed.isSubscribed = 1 AND item.isDeleted = 0 AND \(condition)"
                let count = try Int.fetchOne(db, sql: "SELECT count(*) \(matching)", arguments: arguments) ?? 0
                let newest = try String.fetchAll(
                    db, sql: "SELECT COALESCE(item.title, '') \(matching) ORDER BY item.searchRank DESC LIMIT ?",
                    arguments: arguments + [max(0, titles)])
                return RuleMatches(rule: rule, count: count, titles: newest)
            }
        }
    }

    /// Runs `rule` now on every article in the cache it matches (listed ones, of subscribed
    /// feeds), as `:rules` may: the actions that change articles are carried out, in one
    /// transaction; the others are returned, not recorded, for the caller to carry out or not.
    /// Returns what changed, for an undo.
    public func runRule(_ rule: ArticleRule, now: Date = Date()) throws -> RuleRun {
        let (condition, arguments) = rule.expression.sql(now: now, starFlag: starFlag)
        return try write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT item.id, item.feedId, item.title, item.link, item.author, item.sortDate, item.enclosures,
                        \(Self.displayTitleSQL("feed")) AS feedTitle
                    FROM item JOIN feed ON feed.id = item.feedId
                    WHERE feed.isSubscribed = 1 AND item.isDeleted = 0 AND \(condition)
                    ORDER BY item.id
                    """,
                arguments: arguments)
            let changes = try Self.apply(rule.actions, to: rows.map { $0["id"] }, db: db)
            let effects = rule.actions.filter { !$0.changesArticle }.flatMap { action in
                rows.map { row in
                    RuleEffect(
                        itemID: row["id"], feedID: row["feedId"], feedTitle: row["feedTitle"], title: row["title"], link: row["link"],
                        author: row["author"], date: Date(timeIntervalSince1970: row["sortDate"]),
                        enclosure: Self.decodeJSON([Enclosure].self, from: row["enclosures"], default: []).first, action: action)
                }
            }
            return RuleRun(changes: changes, effects: effects)
        }
    }

    /// Takes back what a rule changed (an undo of `runRule`): read marks, stars, tags and
    /// hiding, each only where it is still as the rule left it. Returns how many articles changed.
    @discardableResult
    public func undo(_ changes: RuleChanges) throws -> Int {
        try write { db in
            var undone = 0
            for (ids, sql, change) in [
                (changes.markedRead, "UPDATE item SET isRead = 0 WHERE id = ? AND isRead = 1 AND isDeleted = 0", "unread"),
                (changes.starred, "UPDATE item SET isStarred = 0 WHERE id = ? AND isStarred = 1 AND isDeleted = 0", "unstarred"),
                (changes.hidden, "UPDATE item SET isDeleted = 0 WHERE id = ? AND isDeleted = \(Self.hiddenByRule)", nil),
            ] {
                let statement = try db.cachedStatement(sql: sql)
                for id in ids {
                    try statement.execute(arguments: [id])
                    guard db.changesCount > 0 else { continue }
                    undone += 1
                    if let change { try Self.queueSyncChange(change, item: id, db: db) }
                }
            }
            let untag = try db.cachedStatement(sql: "DELETE FROM itemTag WHERE tag = ? AND itemId = ?")
            for tagging in changes.tagged {
                try untag.execute(arguments: [tagging.tag, tagging.item])
                undone += db.changesCount
            }
            return undone
        }
    }
}
