import FilterLanguage
import Foundation
import GRDB

extension Killfile {
    /// The condition, over `item` joined with `feed`, that a rule ignores the item; "0" with no
    /// rule. Never NULL (see `FilterExpression.sql(now:)`).
    func sql(now: Date, starFlag: Character) -> (sql: String, arguments: StatementArguments) {
        guard !rules.isEmpty else { return ("0", StatementArguments()) }
        var arguments = StatementArguments()
        let conditions = rules.map { rule in
            let (condition, conditionArguments) = rule.expression.sql(now: now, starFlag: starFlag)
            guard let url = rule.feedURL else {
                arguments += conditionArguments
                return condition
            }
            arguments += [url]
            arguments += conditionArguments
            return "(feed.url = ? AND \(condition))"
        }
        return ("(" + conditions.joined(separator: " OR ") + ")", arguments)
    }
}
