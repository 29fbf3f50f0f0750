import FilterLanguage
import Foundation

/// Settings for some feeds: `feed-option SELECTOR OPTION VALUE` (see `FeedSelector`), for the
/// options declared `scope: .perFeed`. The urls file stays newsboat's: these lines are the
/// config file's.
///
/// Later lines win over earlier ones; a line naming the feed's URL wins over one whose
/// expression matches it; without either, the option's global value holds.
extension Config {
    /// `feed-option SELECTOR OPTION VALUE…`.
    mutating func feedOption(_ arguments: [String], line: Int) -> String? {
        guard arguments.count >= 3 else {
            return "feed-option takes a feed (its URL or a filter expression), an option and its value, got \(arguments.count) values; ignored"
        }
        let selector: FeedSelector
        do {
            selector = try FeedSelector.read(arguments[0])
        } catch {
            return "feed-option: \(error.message); ignored"
        }
        let name = arguments[1]
        guard let option = OptionTable.named[name] else { return "feed-option: unknown option \"\(Excerpt(name))\"; ignored" }
        guard option.scope == .perFeed else {
            return "feed-option: \(name) cannot be set for some feeds, only for all of them (a line of its own); ignored"
        }
        switch option.readAnyValue(Array(arguments.dropFirst(2))) {
        case .success(let (value, warning)):
            feedOptions.append(FeedOptionLine(selector: selector, option: name, value: value, line: line))
            return warning.map { "feed-option: \($0)" }
        case .failure(let problem):
            return "feed-option: \(problem.message)"
        }
    }

    /// The value of `option` for the feed `feed` describes (its URL, title, link, tags…), and
    /// where it comes from: the last line that set it.
    ///
    /// The lines apply in this order, each over the ones before: the option's own lines, the
    /// `feed-option` lines whose expression matches the feed, those that name its URL. An
    /// option whose lines add up (`http-header`) keeps what each adds.
    public func setting<Value>(_ option: KeyPath<OptionTable, ConfigOption<Value>>, for feed: FilterArticle, now: Date = Date()) -> Setting<Value> {
        let declaration = OptionTable.shared[keyPath: option]
        let (value, sources) = anySetting(declaration, for: feed, now: now)
        return Setting(value: value as? Value ?? self[option], source: sources.last ?? .defaultValue)
    }

    /// The value of `option` for the feed `feed` describes, as a config line writes it, and the
    /// lines it comes from: the one that set it, or each that added to it (`http-header`); none
    /// for the default (`tidings feeds --settings`).
    public func settingText(_ option: any OptionDeclaration, for feed: FilterArticle, now: Date = Date()) -> (text: String, sources: [SettingSource]) {
        let (value, sources) = anySetting(option, for: feed, now: now)
        return (value?.configText ?? option.defaultText, sources)
    }

    /// What `setting` and `settingText` read: the value (nil for the default) and its lines.
    private func anySetting(_ option: any OptionDeclaration, for feed: FilterArticle, now: Date) -> (value: (any ConfigValue)?, sources: [SettingSource]) {
        let lines = feedOptions.filter { $0.option == option.name && $0.selector.matches(feed, now: now) }
        let isURL = { (line: FeedOptionLine) in if case .url = line.selector { true } else { false } }
        let ownLines = directives(named: option.name).map(\.line)
        var value = options.value(named: option.name)
        var sources = (option.addsUp ? ownLines : ownLines.suffix(1)).map(SettingSource.configLine)
        for chosen in lines.filter({ !isURL($0) }) + lines.filter(isURL) {
            value = option.value(chosen.value, after: value)
            sources = (option.addsUp ? sources : []) + [.feedOption(line: chosen.line, selector: chosen.selector)]
        }
        return (value, sources)
    }

    /// The value of `option` for the feed `feed` describes.
    public func value<Value>(_ option: KeyPath<OptionTable, ConfigOption<Value>>, for feed: FilterArticle, now: Date = Date()) -> Value {
        setting(option, for: feed, now: now).value
    }

    /// An option's value for one feed and where it comes from (`tidings feeds --settings`).
    public struct Setting<Value> {
        public var value: Value
        public var source: Source

        public typealias Source = SettingSource
    }

    /// Which line set an option's value for a feed.
    public enum SettingSource: Equatable, Sendable {
        case defaultValue
        /// A line of its own, for every feed.
        case configLine(Int)
        case feedOption(line: Int, selector: FeedSelector)
    }
}
