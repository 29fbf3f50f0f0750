/// One command or option of the config file: the value it takes, its default, which part of
/// Tidings keeps it, and whether it does anything yet.
///
/// Every name newsboat takes is in the table (`ConfigOption.all`, ConfigOption+Table.swift),
/// with Tidings' own options, so that a newsboat user's config loads without a warning: a
/// warning is for a mistake in the file, never for something Tidings does not do yet.
///
///     ConfigOption.named["goto-next-feed"]?.status    // .toCome
public struct ConfigOption: Sendable {
    /// The value an option takes.
    public enum Kind: Sendable, Equatable {
        /// `yes`/`no` (or `true`/`false`).
        case yesNo
        /// A whole number of at least `minimum`.
        case number(minimum: Int)
        /// One value, quoted when it holds spaces.
        case text
        /// One of a few words.
        case oneOf([String])
        /// One or more words, kept joined by spaces (newsboat's `opml-url`, `always-download`).
        case list
        /// A command with a syntax of its own (`bind-key`, `color`, `macro`…), read by its own
        /// function.
        case command
    }

    /// What the option does in Tidings.
    public enum Status: Sendable, Equatable {
        /// Tidings acts on it.
        case works
        /// Read and kept in `Config` for a part of the reader that does not exist yet.
        case toCome
        /// Read and kept, and it will stay without effect, for the reason given.
        case noEffect(String)
    }

    /// The part of the README that lists the option.
    public enum Group: String, CaseIterable, Sendable {
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

    /// Which part of the configuration an option's value goes to: what `:set` and `:source`
    /// must hand on when it changes.
    public enum Part: Sendable, Equatable {
        /// `Config`'s own values and the reader's preferences.
        case reader
        /// The download pipeline's `FetchOptions`: from the next reload.
        case fetch
        /// `SyncOptions`: where the subscriptions come from; only read at start.
        case sync
        /// `FullArticleOptions`.
        case fullArticle
        /// `ArticleActionOptions`.
        case articleActions
    }

    public let name: String
    public let kind: Kind
    /// The value Tidings uses when the file does not set it, as a config line writes it; empty
    /// for none.
    public let defaultValue: String
    public let group: Group
    public let status: Status
    public let part: Part
    /// What it does, in one line (for the README and `:set`).
    public let summary: String

    init(_ name: String, _ kind: Kind, _ defaultValue: String = "", _ group: Group, _ status: Status, part: Part = .reader, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.group = group
        self.status = status
        self.part = part
        self.summary = summary
    }

    /// The options by name.
    public static let named: [String: ConfigOption] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The names of the options whose values go to `part`.
    public static func names(in part: Part) -> Set<String> {
        Set(all.filter { $0.part == part && $0.kind != .command }.map(\.name))
    }

    /// Whether the value is a secret that a dump of the configuration must not show.
    public var isSecret: Bool {
        name.hasSuffix("-password") || name.hasSuffix("-token") || name == "proxy-auth" || name == "inoreader-app-key"
    }

    /// The value `arguments` give this option, or what is wrong with them (newsboat's rules: one
    /// value, except for a list; numbers, yes/no and one-of words checked).
    func value(from arguments: [String]) -> Result<OptionValue, OptionProblem> {
        if kind == .list {
            guard !arguments.isEmpty else { return .failure(OptionProblem("\(name) takes at least one value")) }
            return .success(.text(arguments.joined(separator: " ")))
        }
        guard arguments.count == 1, let value = arguments.first else {
            return .failure(OptionProblem("\(name) takes one value, got \(arguments.count)"))
        }
        switch kind {
        case .yesNo:
            switch value.lowercased() {
            case "yes", "true": return .success(.yesNo(true))
            case "no", "false": return .success(.yesNo(false))
            default: return .failure(OptionProblem("\(name) needs yes or no, not \"\(Excerpt(value))\"; default kept"))
            }
        case .number(let minimum):
            guard let number = Int(value), number >= minimum else {
                return .failure(OptionProblem("\(name) needs a whole number of at least \(minimum), not \"\(Excerpt(value))\"; default kept"))
            }
            return .success(.number(number))
        case .oneOf(let words):
            guard words.contains(value) else {
                let choices = words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
                return .failure(OptionProblem("\(name) is \(choices), not \"\(Excerpt(value))\"; default kept"))
            }
            return .success(.text(value))
        case .text, .list, .command:
            return .success(.text(value))
        }
    }

    /// The default as a value of the option's kind.
    var defaultOptionValue: OptionValue {
        switch kind {
        case .yesNo: return .yesNo(defaultValue == "yes")
        case .number: return .number(Int(defaultValue) ?? 0)
        default: return .text(defaultValue)
        }
    }
}

/// Why a config line's value cannot be used.
struct OptionProblem: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
