import FeedModel
import FilterLanguage

/// The types of Tidings' own that options take.
extension HTTPAuthMethod: ConfigChoice {}
extension ProxySettings.Kind: ConfigChoice {}
extension ImageProtocolChoice: ConfigChoice {}
extension LayoutChoice: ConfigChoice {}
extension HyperlinkChoice: ConfigChoice {}
extension Killfile.Mode: ConfigChoice {}

/// `article-sort-order`: `FIELD`, `FIELD-asc` or `FIELD-desc`, as in newsboat (`title-desc`).
extension ItemOrder: ConfigValue {
    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> ItemOrder {
        let (field, descending) = try SortOrderWords.read(oneWord(words), option: option.name, as: Field.self)
        // A random order is one shuffle, drawn now and kept while it is in force.
        return ItemOrder(field, descending: descending, seed: .random(in: .min ... .max))
    }

    public var configText: String { "\(field.rawValue)-\(isDescending ? "desc" : "asc")" }

    public static func shape(for option: OptionFacts) -> String { "" }
}

/// `feed-sort-order`, the same way. `date` (newsboat takes any value without a word; widely
/// shared configs say `date-desc`) is read as `lastupdated`, the feeds' date, which is what such
/// a line asks for.
extension FeedOrder: ConfigValue {
    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> FeedOrder {
        let word = try oneWord(words)
        let lowercased = word.lowercased()
        let value = lowercased == "date" || lowercased.hasPrefix("date-") ? "lastupdated" + lowercased.dropFirst(4) : word
        let (field, descending) = try SortOrderWords.read(value, option: option.name, as: Field.self)
        return FeedOrder(field, descending: descending)
    }

    public var configText: String { "\(field.rawValue)-\(isDescending ? "desc" : "asc")" }

    public static func shape(for option: OptionFacts) -> String { "" }
}

/// A sort order's words: a field of `Field` and a direction (nil: the field's default). A
/// direction other than `asc` is descending, as newsboat reads it, without a word (`title-dec`:
/// issue 45 §17).
enum SortOrderWords {
    static func read<Field: RawRepresentable<String> & CaseIterable>(
        _ value: String, option: String, as _: Field.Type
    ) throws(ConfigValueProblem) -> (Field, Bool?) {
        let parts = value.lowercased().split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let field = Field(rawValue: String(parts[0])) else {
            let fields = Field.allCases.map(\.rawValue).joined(separator: ", ")
            throw .other("\(option): unknown field \"\(Excerpt(String(parts[0])))\" (\(fields)); default kept")
        }
        switch parts.count > 1 ? String(parts[1]) : nil {
        case nil: return (field, nil)
        case "asc": return (field, false)
        default: return (field, true)
        }
    }
}
