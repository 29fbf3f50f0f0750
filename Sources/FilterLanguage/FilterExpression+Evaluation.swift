import Foundation

extension FilterExpression {
    /// Whether `article` matches, evaluated in Swift with the same rules as the SQL that
    /// `sql(now:)` makes (a test holds them together, operator by operator).
    ///
    /// - Parameter now: the moment `age` counts from.
    public func matches(_ article: FilterArticle, now: Date = Date()) -> Bool {
        switch self {
        case .and(let left, let right): left.matches(article, now: now) && right.matches(article, now: now)
        case .or(let left, let right): left.matches(article, now: now) || right.matches(article, now: now)
        case .comparison(let comparison): comparison.matches(article.value(of: comparison.attribute, now: now))
        }
    }
}

extension FilterComparison {
    fileprivate func matches(_ attributeValue: FilterAttributeValue) -> Bool {
        switch attributeValue {
        case .number(let number): return matches(number: number)
        case .text(let text): return matches(text: text)
        case .words(let words):
            switch comparator {
            case .contains: return words.contains(value.text)
            case .notContains: return !words.contains(value.text)
            default: return matches(text: words.joined(separator: " "))
            }
        }
    }

    private func matches(text: String) -> Bool {
        // Compared as bytes, as SQLite's BINARY collation does (Swift's `==` would equate
        // canonically equivalent strings that SQLite tells apart).
        let bytes = Array(text.utf8), wanted = Array(value.text.utf8)
        switch comparator {
        case .equal: return bytes == wanted
        case .notEqual: return bytes != wanted
        case .matches: return regexMatches(text)
        case .notMatches: return !regexMatches(text)
        case .contains: return wanted.isEmpty || bytes.firstRange(of: wanted) != nil
        case .notContains: return !(wanted.isEmpty || bytes.firstRange(of: wanted) != nil)
        case .less, .greater, .lessOrEqual, .greaterOrEqual, .between:
            // The parser allows these on numbers only.
            return false
        }
    }

    private func matches(number: Double) -> Bool {
        switch (comparator, value) {
        case (.equal, .number(let wanted)): return number == wanted
        case (.notEqual, .number(let wanted)): return number != wanted
        case (.less, .number(let wanted)): return number < wanted
        case (.greater, .number(let wanted)): return number > wanted
        case (.lessOrEqual, .number(let wanted)): return number <= wanted
        case (.greaterOrEqual, .number(let wanted)): return number >= wanted
        case (.between, .range(let low, let high)): return number >= low && number <= high
        case (.matches, _): return regexMatches(FilterValue.format(number))
        case (.notMatches, _): return !regexMatches(FilterValue.format(number))
        default: return false
        }
    }

    private func regexMatches(_ text: String) -> Bool {
        regex?.matches(text) ?? false
    }
}
