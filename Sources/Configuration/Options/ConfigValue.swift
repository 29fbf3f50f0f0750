/// A value an option takes: read from the words that follow the option's name on a config line,
/// and written back as a config line writes it (`:set`, `:dumpconfig`, the README's defaults).
///
///     try Bool.read(["yes"], for: facts)   // true
///     7.configText                         // "7"
///
/// newsboat's rules: one word, except for a list of words; yes/no (or true/false), whole
/// numbers and one-of words are checked, and a value that does not fit is a warning with the
/// line's number, the default kept.
public protocol ConfigValue: Sendable, Equatable {
    /// Reads the value from `words` (the line's words after the option's name).
    static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> Self
    /// The value as a config line writes it (quoted when it holds spaces).
    var configText: String { get }
    /// What the option takes, for the README and `:set` ("yes/no", "number", "download / display").
    static func shape(for option: OptionFacts) -> String
    /// The words the value is one of; empty when it is not one of a few words.
    static var choices: [String] { get }
    /// Whether each line adds to the value of the lines before it (`http-header`) rather than
    /// replacing it.
    static var addsUp: Bool { get }
    /// The value a line setting this one makes after a line that set `earlier`: this one, unless
    /// the value adds up.
    func adding(to earlier: Self) -> Self
}

extension ConfigValue {
    public static var choices: [String] { [] }

    public static var addsUp: Bool { false }

    public func adding(to earlier: Self) -> Self { self }
}

/// Why words are not a value of the option, in the words of newsboat's users; the option's name
/// is added before it (`OptionFacts.message(for:)`).
public enum ConfigValueProblem: Error, Sendable, Equatable {
    /// Not one word.
    case wordCount(Int)
    /// No word, for a list.
    case noWords
    case notYesNo(String)
    case notNumber(String)
    case notOneOf(String)
    /// Said as it is, after the option's name and a colon.
    case other(String)
}

/// What a value's reading needs to know of its option: its name and, for a number, the least
/// value it takes.
public struct OptionFacts: Sendable {
    public let name: String
    public let minimum: Int
    /// The words a one-of option takes, in order (empty for the others).
    public let choices: [String]

    /// The warning for `problem`, as the config file's warnings say it.
    func message(for problem: ConfigValueProblem) -> String {
        switch problem {
        case .noWords:
            return "\(name) takes at least one value"
        case .wordCount(let count):
            return "\(name) takes one value, got \(count)"
        case .notYesNo(let value):
            return "\(name) needs yes or no, not \"\(Excerpt(value))\"; default kept"
        case .notNumber(let value):
            return "\(name) needs a whole number of at least \(minimum), not \"\(Excerpt(value))\"; default kept"
        case .notOneOf(let value):
            let list = choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
            return "\(name) is \(list), not \"\(Excerpt(value))\"; default kept"
        case .other(let text):
            return text
        }
    }
}

extension ConfigValue {
    /// The one word of a value that takes one.
    static func oneWord(_ words: [String]) throws(ConfigValueProblem) -> String {
        guard words.count == 1, let word = words.first else { throw .wordCount(words.count) }
        return word
    }
}

extension Bool: ConfigValue {
    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> Bool {
        let word = try oneWord(words)
        switch word.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw .notYesNo(word)
        }
    }

    public var configText: String { self ? "yes" : "no" }

    public static func shape(for option: OptionFacts) -> String { "yes/no" }
}

extension Int: ConfigValue {
    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> Int {
        let word = try oneWord(words)
        guard let number = Int(word), number >= option.minimum else { throw .notNumber(word) }
        return number
    }

    public var configText: String { String(self) }

    public static func shape(for option: OptionFacts) -> String { "number" }
}

extension String: ConfigValue {
    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> String {
        try oneWord(words)
    }

    public var configText: String { NewsboatTokenizer.quoteIfNeeded(self) }

    public static func shape(for option: OptionFacts) -> String { "" }
}

/// A list of words (`always-download URL URL…`, `keep-forever-if-flagged-with a b`): at least one.
extension Array: ConfigValue where Element == String {
    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> [String] {
        guard !words.isEmpty else { throw .noWords }
        // One quoted value may hold several words (`opml-url "a b"`): each is one.
        return words.flatMap { $0.split(separator: " ").map(String.init) }
    }

    public var configText: String { map(NewsboatTokenizer.quoteIfNeeded).joined(separator: " ") }

    public static func shape(for option: OptionFacts) -> String { "words" }
}

/// An option that takes one of a few words, each a case.
public protocol ConfigChoice: ConfigValue, CaseIterable, RawRepresentable<String> {}

extension ConfigChoice {
    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> Self {
        let word = try oneWord(words)
        guard let value = Self(rawValue: word) else { throw .notOneOf(word) }
        return value
    }

    public var configText: String { rawValue }

    public static func shape(for option: OptionFacts) -> String { choices.joined(separator: " / ") }

    public static var choices: [String] { allCases.map(\.rawValue) }
}
