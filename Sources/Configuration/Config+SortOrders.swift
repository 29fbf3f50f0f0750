import FeedStore

/// `article-sort-order` and `feed-sort-order`: `FIELD` or `FIELD-asc` / `FIELD-desc`, as in
/// newsboat (`article-sort-order title-desc`).
extension Config {
    /// The orders as a config line writes them: `title-asc`.
    var articleSortOrderText: String {
        "\(articleSortOrder.field.rawValue)-\(articleSortOrder.isDescending ? "desc" : "asc")"
    }

    var feedSortOrderText: String {
        "\(feedSortOrder.field.rawValue)-\(feedSortOrder.isDescending ? "desc" : "asc")"
    }

    /// Applies `article-sort-order`; returns what was wrong with it, if anything.
    mutating func setArticleSortOrder(_ value: String) -> String? {
        Self.parseSortOrder(value, option: "article-sort-order", as: ItemOrder.Field.self) { field, descending in
            // A random order is one shuffle, drawn now and kept while it is in force.
            articleSortOrder = ItemOrder(field, descending: descending, seed: .random(in: .min ... .max))
        }
    }

    /// Applies `feed-sort-order`; returns what was wrong with it, if anything.
    ///
    /// `date` (newsboat takes any value without a word; widely shared configs say `date-desc`)
    /// is read as `lastupdated`, the feeds' date, which is what such a line asks for.
    mutating func setFeedSortOrder(_ value: String) -> String? {
        let lowercased = value.lowercased()
        let value = lowercased == "date" || lowercased.hasPrefix("date-") ? "lastupdated" + lowercased.dropFirst(4) : value
        return Self.parseSortOrder(value, option: "feed-sort-order", as: FeedOrder.Field.self) { field, descending in
            feedSortOrder = FeedOrder(field, descending: descending)
        }
    }

    /// Splits `value` into a field of `Field` and a direction (nil: the field's default) and
    /// passes them to `set`; returns the warning for a field that is none. A direction other than
    /// `asc` is descending, as newsboat reads it, without a word (`title-dec`: issue 45 §17).
    private static func parseSortOrder<Field: RawRepresentable<String> & CaseIterable>(
        _ value: String, option: String, as _: Field.Type, set: (Field, Bool?) -> Void
    ) -> String? {
        let parts = value.lowercased().split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let field = Field(rawValue: String(parts[0])) else {
            let fields = Field.allCases.map(\.rawValue).joined(separator: ", ")
            return "\(option): unknown field \"\(Excerpt(String(parts[0])))\" (\(fields)); default kept"
        }
        switch parts.count > 1 ? String(parts[1]) : nil {
        case nil: set(field, nil)
        case "asc": set(field, false)
        default: set(field, true)
        }
        return nil
    }
}
