/// Why a typed search cannot run; the description is a one-line message for the status bar.
public enum SearchQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but spaces or punctuation was typed.
    case nothingToSearch
    /// Only `-word` exclusions: there is nothing for them to exclude from.
    case onlyExclusions
    /// A filter with nothing after its colon (`feed:`).
    case missingValue(filter: SearchQuery.Filter)
    /// `unread:` with something other than yes or no.
    case invalidUnread(value: String)

    public var description: String {
        switch self {
        case .nothingToSearch:
            return "Type words to search for"
        case .onlyExclusions:
            return "-word only excludes: add a word or a filter to search for"
        case .missingValue(let filter):
            return filter == .unread
                ? "unread: takes yes or no"
                : "\(filter.rawValue): needs a name, e.g. \(filter.rawValue):news or \(filter.rawValue):\"two words\""
        case .invalidUnread(let value):
            return "unread: takes yes or no, not \(value)"
        }
    }
}
