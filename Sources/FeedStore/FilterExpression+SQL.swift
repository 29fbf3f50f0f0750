import FeedModel
import FilterLanguage
import Foundation
import GRDB

extension FilterExpression {
    /// The expression as an SQL condition over the tables `item` and `feed` (joined on
    /// `feed.id = item.feedId`), with its arguments. Regular expressions go through
    /// `tidings_regexp`, which every connection of the store registers.
    ///
    /// Every attribute reads as a non-NULL value (a missing author is the empty text), so the
    /// condition is never NULL and `NOT (…)` is its exact opposite.
    ///
    /// - Parameters:
    ///   - now: the moment `age` counts from (the same as given to `matches`).
    ///   - starFlag: the letter `flags` shows for a starred article (see `ArticleFlags`).
    ///   - item: the name of the article's table in the query (`item`, or an alias of it).
    ///   - feed: the name of its feed's table (`feed`, or an alias).
    public func sql(
        now: Date = Date(), starFlag: Character = ArticleFlags.defaultStar, item: String = "item", feed: String = "feed"
    ) -> (sql: String, arguments: StatementArguments) {
        var arguments = StatementArguments()
        let sql = sql(SQLContext(now: now.timeIntervalSince1970, starFlag: starFlag, item: item, feed: feed), arguments: &arguments)
        return (sql, arguments)
    }

    private func sql(_ context: SQLContext, arguments: inout StatementArguments) -> String {
        switch self {
        case .and(let left, let right):
            return "(\(left.sql(context, arguments: &arguments)) AND \(right.sql(context, arguments: &arguments)))"
        case .or(let left, let right):
            return "(\(left.sql(context, arguments: &arguments)) OR \(right.sql(context, arguments: &arguments)))"
        case .comparison(let comparison):
            return comparison.sql(context, arguments: &arguments)
        }
    }
}

/// What an expression's SQL depends on besides the expression.
private struct SQLContext {
    var now: Double
    var starFlag: Character
    var item: String
    var feed: String
}

extension FilterComparison {
    fileprivate func sql(_ context: SQLContext, arguments: inout StatementArguments) -> String {
        if attribute == .tags, comparator == .contains || comparator == .notContains {
            arguments += [value.text, value.text]
            // Not correlated with the row: SQLite reads the feeds carrying the tag, and the
            // articles a rule gave it, once per statement, not the tags of every article.
            let carries = """
                (\(context.feed).id IN (SELECT tagged.id FROM feed AS tagged, json_each(tagged.tags) WHERE json_each.value = ?) \
                OR \(context.item).id IN (SELECT itemId FROM itemTag WHERE tag = ?))
                """
            return comparator == .contains ? carries : "NOT \(carries)"
        }
        // The attribute's own arguments (`age` binds the time) come before the value's, as
        // its text comes first in every condition below.
        let column = attribute.sql(context, arguments: &arguments)
        switch comparator {
        case .matches, .notMatches:
            let text = attribute.kind == .number ? "CAST(\(column) AS TEXT)" : column
            if let plain = FilterRegex.literal(of: value.text) {
                // Plain text: LIKE gives the same answer (ASCII case ignored, see
                // `FilterRegex.literal`) without a call into Swift per article.
                arguments += [plain.likePattern]
                return "(\(text) \(comparator == .matches ? "LIKE" : "NOT LIKE") ?)"
            }
            arguments += [value.text]
            return "tidings_regexp(\(text), ?) = \(comparator == .matches ? 1 : 0)"
        case .contains:
            arguments += [value.text]
            return "instr(\(column), ?) > 0"
        case .notContains:
            arguments += [value.text]
            return "instr(\(column), ?) = 0"
        case .between:
            guard case .range(let low, let high) = value else { return "0" }
            arguments += [low, high]
            return "(\(column) BETWEEN ? AND ?)"
        case .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual:
            switch value {
            case .number(let number): arguments += [number]
            default: arguments += [value.text]
            }
            return "(\(column) \(comparator.rawValue) ?)"
        }
    }
}

extension FilterAttribute {
    /// The attribute's value in SQL, never NULL (see `FilterArticle.value(of:now:)`, its twin).
    fileprivate func sql(_ context: SQLContext, arguments: inout StatementArguments) -> String {
        let (i, f) = (context.item, context.feed)
        switch self {
        case .title: return "COALESCE(\(i).title, '')"
        case .link: return "COALESCE(\(i).link, '')"
        case .author: return "COALESCE(\(i).author, '')"
        case .content: return "COALESCE(\(i).content, \(i).summary, '')"
        case .guid: return "COALESCE(\(i).guid, '')"
        case .unread: return "(CASE WHEN \(i).isRead = 0 THEN 'yes' ELSE 'no' END)"
        case .age:
            arguments += [context.now]
            return "CAST((? - \(i).sortDate) / 86400 AS INTEGER)"
        case .flags:
            arguments += [String(context.starFlag)]
            return "tidings_flags(\(i).flags, \(i).isStarred, ?)"
        case .enclosureURL: return "COALESCE(json_extract(\(i).enclosures, '$[0].url'), '')"
        case .enclosureType: return "COALESCE(json_extract(\(i).enclosures, '$[0].type'), '')"
        case .feedTitle: return FeedStore.displayTitleSQL(f)
        case .feedLink: return "COALESCE(\(f).link, '')"
        case .feedURL: return "\(f).url"
        case .feedDescription: return "COALESCE(\(f).subtitle, '')"
        case .tags:
            // The feed's tags, then the article's own, sorted (`FilterArticle.tags` lists them so).
            return """
                COALESCE((SELECT group_concat(tag, ' ') FROM (
                    SELECT json_each.value AS tag FROM json_each(\(f).tags)
                    UNION ALL SELECT * FROM (SELECT tag FROM itemTag WHERE itemId = \(i).id ORDER BY tag))), '')
                """
        case .unreadCount: return "\(f).unreadCount"
        case .totalCount: return "\(f).totalCount"
        }
    }
}
