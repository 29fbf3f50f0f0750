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
    public func sql(now: Date = Date(), starFlag: Character = ArticleFlags.defaultStar) -> (sql: String, arguments: StatementArguments) {
        var arguments = StatementArguments()
        let sql = sql(SQLContext(now: now.timeIntervalSince1970, starFlag: starFlag), arguments: &arguments)
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
}

extension FilterComparison {
    fileprivate func sql(_ context: SQLContext, arguments: inout StatementArguments) -> String {
        if attribute == .tags, comparator == .contains || comparator == .notContains {
            arguments += [value.text]
            // Not correlated with the row: SQLite reads the feeds carrying the tag once per
            // statement, not the tags of every article's feed.
            let carries = "feed.id IN (SELECT tagged.id FROM feed AS tagged, json_each(tagged.tags) WHERE json_each.value = ?)"
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
        switch self {
        case .title: return "COALESCE(item.title, '')"
        case .link: return "COALESCE(item.link, '')"
        case .author: return "COALESCE(item.author, '')"
        case .content: return "COALESCE(item.content, item.summary, '')"
        case .guid: return "COALESCE(item.guid, '')"
        case .unread: return "(CASE WHEN item.isRead = 0 THEN 'yes' ELSE 'no' END)"
        case .age:
            arguments += [context.now]
            return "CAST((? - item.sortDate) / 86400 AS INTEGER)"
        case .flags:
            arguments += [String(context.starFlag)]
            return "tidings_flags(item.flags, item.isStarred, ?)"
        case .enclosureURL: return "COALESCE(json_extract(item.enclosures, '$[0].url'), '')"
        case .enclosureType: return "COALESCE(json_extract(item.enclosures, '$[0].type'), '')"
        case .feedTitle: return FeedStore.displayTitleSQL("feed")
        case .feedLink: return "COALESCE(feed.link, '')"
        case .feedURL: return "feed.url"
        case .feedDescription: return "COALESCE(feed.subtitle, '')"
        case .tags: return "COALESCE((SELECT group_concat(json_each.value, ' ') FROM json_each(feed.tags)), '')"
        case .unreadCount: return "feed.unreadCount"
        case .totalCount: return "feed.totalCount"
        }
    }
}
