/// The value a config line gave an option, typed by the option's kind (`ConfigOption.Kind`).
public enum OptionValue: Sendable, Equatable {
    case yesNo(Bool)
    case number(Int)
    /// Text, one of a few words, or a list's words joined by spaces.
    case text(String)

    /// The value as a config line writes it.
    public var configText: String {
        switch self {
        case .yesNo(let value): return value ? "yes" : "no"
        case .number(let value): return String(value)
        case .text(let value): return NewsboatTokenizer.quoteIfNeeded(value)
        }
    }

    public var isOn: Bool {
        if case .yesNo(let value) = self { return value }
        return false
    }

    public var number: Int {
        if case .number(let value) = self { return value }
        return 0
    }

    public var text: String {
        switch self {
        case .text(let value): return value
        default: return configText
        }
    }
}
