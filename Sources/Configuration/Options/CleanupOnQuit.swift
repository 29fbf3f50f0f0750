/// What `cleanup-on-quit` asks for: newsboat's words, `true` and `false` for `yes` and `no`.
public enum CleanupOnQuit: String, Sendable, Equatable, ConfigValue {
    /// Remove the feeds that left the urls file (and their articles) from the cache.
    case yes
    /// Leave them.
    case no
    /// Leave them, and say on quitting how many there are (newsboat's default).
    case nudge

    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> CleanupOnQuit {
        let word = try oneWord(words)
        switch word {
        case "yes", "true": return .yes
        case "no", "false": return .no
        case "nudge": return .nudge
        default: throw .other("\(option.name) is yes, no, nudge, true or false, not \"\(Excerpt(word))\"; default kept")
        }
    }

    public var configText: String { rawValue }

    public static func shape(for option: OptionFacts) -> String { "yes / no / nudge / true / false" }
}
