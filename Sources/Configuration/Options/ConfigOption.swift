/// One option of the config file, declared once: its name, the type of its value, its default,
/// where it may be set (everywhere, or also for some feeds), what Tidings does with it, and its
/// line of documentation. The config reader, `:set`, `:dumpconfig`, the README's table and the
/// code that reads the value all derive from this declaration (see `OptionTable`).
///
///     let gotoNextFeed = ConfigOption("goto-next-feed", default: true, .lists, .works,
///                               "next-unread and prev-unread go on into the next feed")
///     config[\.gotoNextFeed]      // a Bool: the file's value, or the default
///
/// Code reads a typed value through the table's key path, never the option's name as a string:
/// a typo does not compile.
public struct ConfigOption<Value: ConfigValue>: OptionDeclaration {
    public let name: String
    public let defaultValue: Value
    public let section: ConfigSection
    public let effect: OptionEffect
    public let scope: OptionScope
    public let timing: OptionTiming
    public let summary: String
    /// The least number a number option takes.
    public let minimum: Int
    /// What Tidings makes of a value that fits the option's shape: the value kept (perhaps read
    /// another way, with a warning), or a refusal (the default kept).
    private let interpretation: @Sendable (Value, OptionFacts) -> Interpretation

    /// What an option makes of a value read from the file.
    public enum Interpretation: Sendable {
        case accept(Value)
        /// Kept as `Value`, with a one-line warning (a `browser` in shell syntax, read as meant).
        case acceptWithWarning(Value, String)
        /// Not kept: the warning, the default stays.
        case refuse(String)
    }

    /// - Parameters:
    ///   - minimum: the least number a number option takes.
    ///   - interpret: checks beyond the value's shape (a regular expression that compiles, a
    ///     format the lists can draw), or another reading of it.
    public init(
        _ name: String, default defaultValue: Value, minimum: Int = 0, _ section: ConfigSection, _ effect: OptionEffect,
        scope: OptionScope = .global, timing: OptionTiming = .anyTime, _ summary: String,
        interpret: @escaping @Sendable (Value, OptionFacts) -> Interpretation = { value, _ in .accept(value) }
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.section = section
        self.effect = effect
        self.scope = scope
        self.timing = timing
        self.summary = summary
        interpretation = interpret
    }

    public var facts: OptionFacts {
        OptionFacts(name: name, minimum: minimum, choices: Value.choices)
    }

    /// Reads `words` as this option's value: the value and a warning, or the warning alone.
    public func read(_ words: [String]) -> Result<(Value, warning: String?), OptionProblem> {
        let value: Value
        do {
            value = try Value.read(words, for: facts)
        } catch {
            return .failure(OptionProblem(facts.message(for: error)))
        }
        switch interpretation(value, facts) {
        case .accept(let kept): return .success((kept, nil))
        case .acceptWithWarning(let kept, let warning): return .success((kept, warning))
        case .refuse(let warning): return .failure(OptionProblem(warning))
        }
    }

    public func readAnyValue(_ words: [String]) -> Result<(any ConfigValue, warning: String?), OptionProblem> {
        read(words).map { ($0.0, $0.warning) }
    }

    public var addsUp: Bool { Value.addsUp }

    public func value(_ later: any ConfigValue, after earlier: (any ConfigValue)?) -> any ConfigValue {
        guard let later = later as? Value, let earlier = earlier as? Value else { return later }
        return later.adding(to: earlier)
    }

    public var defaultText: String { defaultValue.configText }

    public var minimumNumber: Int { minimum }

    public func configText(in values: OptionValues) -> String { values[self].configText }

    public var shape: String { Value.shape(for: facts) }

    public var isSecret: Bool {
        name.hasSuffix("-password") || name.hasSuffix("-token") || name == "proxy-auth" || name == "inoreader-app-key"
    }
}

/// What every option's declaration says, whatever the type of its value: what the table, the
/// README, `:set` and the config reader see.
public protocol OptionDeclaration: Sendable {
    var name: String { get }
    var section: ConfigSection { get }
    var effect: OptionEffect { get }
    var scope: OptionScope { get }
    var timing: OptionTiming { get }
    var summary: String { get }
    /// The default as a config line writes it; empty for none.
    var defaultText: String { get }
    /// What the option takes ("yes/no", "number", the choices); empty for text.
    var shape: String { get }
    /// Whether the value is a secret that no dump of the configuration shows.
    var isSecret: Bool { get }
    /// The least number the option takes (for a number).
    var minimumNumber: Int { get }
    /// The option's value in `values` as a config line writes it.
    func configText(in values: OptionValues) -> String
    /// Reads `words` as a value of the option.
    func readAnyValue(_ words: [String]) -> Result<(any ConfigValue, warning: String?), OptionProblem>
    /// Whether each line adds to the value of the lines before it (see `ConfigValue.addsUp`).
    var addsUp: Bool { get }
    /// The option's value once a line sets `later` after `earlier` was set (see
    /// `ConfigValue.adding(to:)`).
    func value(_ later: any ConfigValue, after earlier: (any ConfigValue)?) -> any ConfigValue
}

/// Why a config line's value cannot be used: one line, the option named.
public struct OptionProblem: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// The part of the README that lists an option.
public enum ConfigSection: String, CaseIterable, Sendable {
    case feeds = "Feeds and reloading"
    case lists = "The lists"
    case article = "The article"
    case keys = "Keys and macros"
    case colours = "Colours"
    case sync = "Sync services"
    case podboat = "Podboat"
    case notifications = "Notifications"
    case files = "Files and logs"
}

/// What an option does in Tidings.
public enum OptionEffect: Sendable, Equatable {
    /// Tidings acts on it.
    case works
    /// Read and kept for a part of the reader that does not exist yet.
    case toCome
    /// Read and kept, and it will stay without effect, for the reason given.
    case noEffect(String)
}

/// Where an option may be set.
public enum OptionScope: Sendable, Equatable {
    /// For every feed at once: a line of its own, and `:set`.
    case global
    /// Also for some feeds: `feed-option SELECTOR OPTION VALUE` (see `FeedOptionLine`).
    case perFeed
}

/// When a change of the option takes effect.
public enum OptionTiming: Sendable, Equatable {
    /// At once, also from `:set` and `:source` while the reader runs.
    case anyTime
    /// When the reader starts (where the feeds come from, `refresh-on-startup`): `:set` shows it
    /// but does not change it.
    case atStart
}
