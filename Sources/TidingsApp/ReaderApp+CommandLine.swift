import TerminalUI

/// The command line (`:`, newsboat's `cmdline`): `:set OPTION [VALUE]`, `:goto TEXT`, `:tag TAG`,
/// `:quit`/`:q` and a row number. Up/Down bring back earlier lines, Tab completes command and
/// option names.
extension ReaderApp {
    nonisolated static let commandNames = ["goto", "q", "quit", "set", "tag"]

    /// Options `:set` changes while the reader runs; the others are read at start.
    nonisolated static let liveOptions = ["browser", "confirm-exit", "max-items"]

    /// Whether `key` opens the command line on `screen` (not while it takes typed text).
    func opensCommandLine(_ key: Key, on screen: any ReaderScreen) -> Bool {
        settings.preferences.keyMap.command(for: key, in: screen.keyContext) == .commandLine && !screen.takesUnboundKey(key)
    }

    func askForCommand() {
        ask(.command)
        navigation.prompt?.history = commandHistory
        navigation.prompt?.completions = Self.commandNames + Self.liveOptions
    }

    func runCommand(_ line: String) -> [ReaderEffect] {
        // Words as in the config file: `:set browser "mpv %u"` has three.
        let words: [String]
        do {
            words = try NewsboatTokenizer.tokenize(line).map(\.text)
        } catch {
            transientMessage = error.description
            return []
        }
        guard let name = words.first else { return [] }
        if commandHistory.last != line { commandHistory.append(line) }
        let rest = words.dropFirst().joined(separator: " ")
        if let row = Int(name), words.count == 1 {
            if top?.selectRow(row - 1) != true { transientMessage = "No row \(row) here" }
            return []
        }
        switch name {
        case "q", "quit":
            return perform(.quit)
        case "goto":
            goToFeed(titled: rest)
        case "tag":
            guard feedList?.rows.contains(where: { $0.tags.contains(rest) }) == true else {
                transientMessage = "No feed has the tag \(Excerpt(rest))"
                return []
            }
            return perform(.showTag(rest))
        case "set":
            setOption(Array(words.dropFirst()))
        default:
            transientMessage = "Unknown command: \(Excerpt(name)) (\(Self.commandNames.joined(separator: ", ")), or a row number)"
        }
        return []
    }

    /// Selects the first feed whose title contains `text`, in the feed list (brought back on top).
    private func goToFeed(titled text: String) {
        guard let feedList, !text.isEmpty else { return }
        let wanted = text.lowercased()
        guard let feed = feedList.rows.first(where: { $0.displayTitle.lowercased().contains(wanted) }) else {
            transientMessage = "No feed's title contains \(Excerpt(text))"
            return
        }
        while navigation.pop() != nil {}
        feedList.select(feedURL: feed.url)
    }

    /// `:set OPTION` says the value, `:set OPTION VALUE` changes it (for the options that can change
    /// while the reader runs).
    func setOption(_ words: [String]) {
        guard let option = words.first else {
            transientMessage = "set OPTION [VALUE]: \(Self.liveOptions.joined(separator: ", "))"
            return
        }
        guard Self.liveOptions.contains(option) else {
            transientMessage = Config.isKnownOption(option)
                ? "\(option) is read at start: change it in the config file"
                : "Unknown option \(Excerpt(option))"
            return
        }
        let value = words.dropFirst().joined(separator: " ")
        guard !value.isEmpty else {
            transientMessage = "\(option) = \(shownValue(of: option))"
            return
        }
        // newsboat's macros put the browser back with `set browser "$BROWSER"`: the default.
        if option == "browser" && value == "$BROWSER" {
            settings.browser = nil
            transientMessage = "browser = \(shownValue(of: option))"
            return
        }
        // The same rules as in the config file: one line of it, read alone.
        let config = Config(parsing: "\(option) \(NewsboatTokenizer.quoteIfNeeded(value))")
        if let warning = config.warnings.first {
            transientMessage = warning.message
            return
        }
        switch option {
        case "browser": settings.browser = config.browser
        case "confirm-exit": settings.confirmsExit = config.confirmExit
        default: settings.maxItems = config.maxItems
        }
        transientMessage = "\(option) = \(shownValue(of: option))"
    }

    private func shownValue(of option: String) -> String {
        switch option {
        case "browser": settings.browser.map { "\"\($0)\"" } ?? "(none: $BROWSER, then xdg-open)"
        case "confirm-exit": settings.confirmsExit ? "yes" : "no"
        default: String(settings.maxItems)
        }
    }
}
