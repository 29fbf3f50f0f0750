import FeedModel
import FilterLanguage
import Foundation
import TerminalUI

/// The `config` file, in newsboat's syntax: one `option value` per line, values quoted when they
/// hold spaces, `#` comments, booleans as `yes`/`no` (or `true`/`false`).
///
///     reload-threads 12
///     download-timeout 30
///     browser "firefox --new-tab %u"
///     show-read-feeds no
///
/// Loading never fails on content: an unknown option or a bad value is a `Warning` with its line
/// number, and the default stays. Every option newsboat takes is declared in `OptionTable`, which
/// types and checks its value; one Tidings does not act on yet is kept in `options`, without a
/// warning (a warning is for a mistake in the file). `bind-key`, `unbind-key` and `color` lines
/// are applied in file order onto the default key map and theme (Config+Bindings.swift,
/// Config+Colors.swift); the filter language's lines (`ignore-article`, `define-filter`, …) in
/// Config+Filters.swift.
public struct Config: Sendable, Equatable {
    /// One non-comment line: its name and arguments.
    public struct Directive: Sendable, Equatable {
        public var line: Int
        public var name: String
        public var arguments: [String]
    }

    /// A line that was ignored, and why.
    public struct Warning: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        /// The included file the line is in; nil for the config file itself.
        public var file: String?

        public init(line: Int, message: String, file: String? = nil) {
            self.line = line
            self.message = message
            self.file = file
        }

        public var description: String { "config \(file.map { "file \($0) " } ?? "")line \(line): \(message)" }
    }

    /// Every option's value as the file set it, typed by its declaration (`OptionTable`); read
    /// through `config[\.optionName]`.
    public internal(set) var options = OptionValues()
    /// The key bindings: the defaults changed by `bind-key` and `unbind-key` lines.
    public var keyMap = KeyMap.standard
    /// The look: the defaults changed by `color` lines.
    public var theme = Theme.standard
    /// Whether a `color title` line was read: until one is, `color info` colours both bars.
    var hasTitleColor = false
    /// `ignore-article` lines, in file order (their mode is `ignore-mode`: see `killfile`).
    public var killfileRules: [Killfile.Rule] = []
    /// `highlight` and `highlight-article` lines.
    public var highlights = Highlights()
    /// `define-filter` lines, in file order.
    public var definedFilters: [DefinedFilter] = []
    /// `run-on-startup`'s actions, kept for when the reader runs them.
    public var startupActions: [Macro.Step] = []
    /// `feed-option` lines, in file order: values of some options for some feeds.
    public internal(set) var feedOptions: [FeedOptionLine] = []
    /// `rule` lines, in file order: what happens to articles as they arrive (see `ArticleRule`).
    public var rules: [ArticleRule] = []

    public private(set) var directives: [Directive] = []
    public private(set) var warnings: [Warning] = []

    /// `macro` lines, by key, and the key that comes before them (`macro-prefix`).
    public var macros: [Key: Macro] = [:]
    public var macroPrefixKey = Key.character(",")
    /// `bind` lines with several actions or arguments, by key (see `BoundMacro`).
    public var boundMacros: [Key: BoundMacro] = [:]

    /// The defaults.
    public init() {}

    /// Reads `text`; `file` is where it was read from, which `include` paths are relative to.
    public init(parsing text: String, file: URL? = nil) {
        read(text, file: file, including: file.map { [$0.standardizedFileURL.resolvingSymlinksInPath().path] } ?? [])
    }

    /// Loads the file at `url`; a missing file gives the defaults.
    public static func load(from url: URL) throws -> Config {
        guard let text = try TextFile.read(url) else { return Config() }
        return Config(parsing: text, file: url)
    }

    /// Applies the lines of `text`, read from `file` while the files in `including` (outermost
    /// first) are being read, so that a file including itself is refused, not read forever.
    mutating func read(_ text: String, file: URL?, including: [String]) {
        let shownFile = including.count > 1 ? file?.path : nil
        for (number, written, _) in NewsboatTokenizer.joinedLines(of: text) {
            // As newsboat does, a quote left open runs to the end of the line, which is still read,
            // without a word (`ttrss-url "https://rss.example.org/`: issue 45 §17); a value that
            // makes no sense then is warned about as any other.
            let (tokens, _) = NewsboatTokenizer.tokenizeLeniently(BacktickCommand.expanded(written))
            guard let name = tokens.first?.text else { continue }
            let arguments = Self.arguments(of: tokens.dropFirst(), command: name)
            if name == "include" {
                if let problem = include(arguments, from: file, including: including) {
                    warnings.append(Warning(line: number, message: problem, file: shownFile))
                }
                continue
            }
            // A password is applied, never kept where a dump of the configuration would show it.
            let kept = OptionTable.named[name]?.isSecret == true ? arguments.map { _ in "(hidden)" } : arguments
            directives.append(Directive(line: number, name: name, arguments: kept))
            if let problem = apply(name, arguments, line: number) {
                warnings.append(Warning(line: number, message: problem, file: shownFile))
            }
        }
    }

    /// The values of a line: for the lines that hold actions (`macro`, `bind`, `run-on-startup`)
    /// an unquoted `;` separates actions even without spaces around it, as in newsboat
    /// (`open-in-browser;up`); a quoted one is part of its value.
    private static func arguments(of tokens: ArraySlice<NewsboatTokenizer.Token>, command: String) -> [String] {
        guard ["macro", "bind", "run-on-startup"].contains(command) else { return tokens.map(\.text) }
        return tokens.flatMap { token -> [String] in
            guard !token.wasQuoted, token.text.contains(";"), token.text != ";" else { return [token.text] }
            let parts = token.text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            return parts.enumerated().compactMap { offset, part in
                let isLast = offset == parts.count - 1
                return isLast ? (part.isEmpty ? nil : part) : part + ";"
            }
        }
    }

    /// `include FILE`, as newsboat reads it: the file's lines applied here, in place; a relative
    /// path is taken from the including file's directory, `~/` is the home directory.
    private mutating func include(_ arguments: [String], from file: URL?, including: [String]) -> String? {
        guard arguments.count == 1, let path = arguments.first, !path.isEmpty else {
            return "include takes one file name"
        }
        let target = Config.fileURL(path, relativeTo: file?.deletingLastPathComponent())
        let resolved = target.standardizedFileURL.resolvingSymlinksInPath().path
        guard !including.contains(resolved) else {
            return "include \(path): the file is already being read (an include cycle); not read again"
        }
        guard let text = try? TextFile.read(target) else {
            return "include \(path): cannot read \(target.path)"
        }
        read(text, file: target, including: including + [resolved])
        return nil
    }

    /// The file a config line names: `~/` is the home directory, a relative path is taken from
    /// `directory` (the including file's), else from the working directory.
    public static func fileURL(_ path: String, relativeTo directory: URL?) -> URL {
        if path.hasPrefix("~/") {
            return URL(fileURLWithPath: AppPaths.home(ProcessInfo.processInfo.environment)).appendingPathComponent(String(path.dropFirst(2)))
        }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return (directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(path)
    }

    /// The lines with this command name, in file order.
    public func directives(named name: String) -> [Directive] {
        directives.filter { $0.name == name }
    }

    /// The value of an option: the file's, else its default.
    ///
    ///     config[\.gotoNextFeed]     // Bool
    public subscript<Value>(_ option: KeyPath<OptionTable, ConfigOption<Value>>) -> Value {
        get { options[OptionTable.shared[keyPath: option]] }
        set { options[OptionTable.shared[keyPath: option]] = newValue }
    }

    /// The killfile: `ignore-article`'s rules, in `ignore-mode`.
    public var killfile: Killfile { Killfile(rules: killfileRules, mode: self[\.ignoreMode]) }

    /// `error-log`: the file where failures are also written, as newsboat writes them; nil
    /// without the option.
    public var errorLogPath: String? {
        let path = self[\.errorLog]
        return path.isEmpty ? nil : Config.fileURL(path, relativeTo: nil).path
    }

    /// Applies one line; returns what was wrong with it, if anything.
    private mutating func apply(_ name: String, _ arguments: [String], line: Int) -> String? {
        if let command = ConfigCommand.named[name] { return command.apply(&self, arguments, line) }
        guard let option = OptionTable.named[name] else {
            return "unknown option \"\(Excerpt(name))\"; ignored"
        }
        switch option.readAnyValue(arguments) {
        case .success(let (value, warning)):
            options.set(option.value(value, after: options.value(named: name)), named: name)
            return warning
        case .failure(let problem):
            // The default stays.
            return problem.message
        }
    }
}
