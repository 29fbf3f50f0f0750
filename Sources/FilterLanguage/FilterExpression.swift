/// A parsed newsboat filter expression: comparisons of article and feed attributes joined by
/// `and`, `or` and parentheses.
///
///     let expression = try FilterParser.parse(#"title =~ "sponsored" or (tags # "ads" and unread = "yes")"#)
///
/// Made once by `FilterParser` (which rejects what cannot be evaluated: unknown attributes,
/// operators that do not apply to an attribute, bad regular expressions), then evaluated either
/// by SQLite (`sql(now:)`, for stored articles) or in Swift (`matches(_:now:)`, for articles not
/// stored yet). Both give the same answer for every operator.
public indirect enum FilterExpression: Sendable, Hashable {
    case and(FilterExpression, FilterExpression)
    case or(FilterExpression, FilterExpression)
    case comparison(FilterComparison)
}

/// `attribute operator value`, one leaf of a `FilterExpression`.
public struct FilterComparison: Sendable, Hashable {
    public let attribute: FilterAttribute
    public let comparator: FilterComparator
    public let value: FilterValue
    /// The value compiled once, for `=~` and `!~` evaluated in Swift.
    package let regex: FilterRegex?

    /// - Throws: what glibc finds wrong with the value of a `=~` or `!~`.
    package init(attribute: FilterAttribute, comparator: FilterComparator, value: FilterValue) throws(FilterRegexError) {
        self.attribute = attribute
        self.comparator = comparator
        self.value = value
        regex = comparator == .matches || comparator == .notMatches ? try FilterRegex(value.text) : nil
    }

    public static func == (left: FilterComparison, right: FilterComparison) -> Bool {
        left.attribute == right.attribute && left.comparator == right.comparator && left.value == right.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(attribute)
        hasher.combine(comparator)
        hasher.combine(value)
    }
}

/// newsboat's comparison operators.
public enum FilterComparator: String, Sendable, Hashable, CaseIterable {
    case equal = "="
    case notEqual = "!="
    /// Matches the POSIX extended regular expression, case-insensitively.
    case matches = "=~"
    case notMatches = "!~"
    /// For tags, carries the tag; for text, contains the text.
    case contains = "#"
    case notContains = "!#"
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    /// Within an inclusive range `low:high`.
    case between
}

/// The right-hand side of a comparison.
public enum FilterValue: Sendable, Hashable {
    case text(String)
    case number(Double)
    case range(Double, Double)

    /// The value as text (numbers as newsboat writes them: `7`, not `7.0`).
    package var text: String {
        switch self {
        case .text(let text): text
        case .number(let number): FilterValue.format(number)
        case .range(let low, let high): "\(FilterValue.format(low)):\(FilterValue.format(high))"
        }
    }

    package static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

extension FilterExpression {
    /// Every attribute the expression tests.
    public var attributes: Set<FilterAttribute> {
        switch self {
        case .and(let left, let right), .or(let left, let right): left.attributes.union(right.attributes)
        case .comparison(let comparison): [comparison.attribute]
        }
    }
}
