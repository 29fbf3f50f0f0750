import Configuration
import Foundation
import TerminalUI

/// The command line (`:`, newsboat's `cmdline`): `:set OPTION [VALUE]`, `:source FILE`, `:goto TEXT`, `:tag TAG`,
/// `:quit`/`:q` and a row number. Up/Down bring back earlier lines, Tab completes command and
/// option names.
extension ReaderApp {
    nonisolated static let commandNames = ["goto", "q", "quit", "set", "source", "tag"]

    /// What the command line opens with when `key` is pressed on `screen`: nothing typed for
    /// `cmdline`, a digit for `cmd-one` … `cmd-nine` (a row number, as in newsboat); nil when the
    /// key does not open it (or the screen takes it as typed text).
    func commandLineStart(_ key: Key, on screen: any ReaderScreen) -> String? {
        guard let command = settings.preferences.keyMap.command(for: key, in: screen.keyContext), !takesTyped(key, on: screen) else {
            return nil
        }
        if command == .commandLine { return "" }
        return command.commandLineDigit.map(String.init)
    }

    func askForCommand(typed text: String = "") {
        ask(.command, text: text)
        navigation.prompt?.completions = Self.commandNames + Config.settableOptionNames
        navigation.prompt?.firstWordCompletions = Self.commandNames
    }

    func runCommand(_ line: String) -> [ReaderEffect] {
        // Words as in the config file: `:set browser "mpv %u"` has three.
        let words: [String]
        do {
            words = try NewsboatTokenizer.tokenize(line).map(\.text)
        } catch {
            transientMessage = Self.sentence(error.description)
            return []
        }
        guard let name = words.first else { return [] }
        let rest = words.dropFirst().joined(separator: " ")
        if let row = Int(name), words.count == 1 {
            if (top as? any RowsScreen)?.selectRow(row - 1) != true { transientMessage = "No row \(row) here" }
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
        case "source":
            source(rest)
        default:
            transientMessage = "Unknown command: \(Excerpt(name)) (\(Self.commandNames.joined(separator: ", ")), or a row number)"
        }
        return []
    }

    /// Selects the first feed or query feed whose title contains `text`, in the feed list
    /// (brought back on top): `:goto` and `goto-title`.
    func goToFeed(titled text: String) {
        guard let feedList, !text.isEmpty else { return }
        guard let index = feedList.entryIndex(titleContaining: text) else {
            transientMessage = "No feed's title contains \(Excerpt(text))"
            return
        }
        while navigation.pop() != nil {}
        _ = feedList.selectRow(index)
    }

    /// `:set OPTION` says the value; `:set OPTION VALUE` changes it from now on, as a line of the
    /// config file would; `:set OPTION!` turns a yes/no option over (newsboat's form).
    func setOption(_ words: [String]) {
        guard var option = words.first else {
            transientMessage = "set OPTION [VALUE]: an option of the config file (Tab completes)"
            return
        }
        var value = words.dropFirst().joined(separator: " ")
        // newsboat's own syntax, `set OPTION=VALUE`, besides `set OPTION VALUE`.
        if let equals = option.firstIndex(of: "="), value.isEmpty {
            value = String(option[option.index(after: equals)...])
            option = String(option[..<equals])
        }
        // newsboat's `set OPTION!` toggles a yes/no option and `set OPTION&` resets it.
        let toggles = option.hasSuffix("!"), resets = option.hasSuffix("&")
        if toggles || resets { option.removeLast() }
        if resets, let option = OptionTable.named[option] { value = option.defaultText }
        guard let current = settings.config.valueText(of: option) else {
            transientMessage = "Unknown option \(Excerpt(option))"
            return
        }
        if toggles {
            guard current == "yes" || current == "no" else {
                transientMessage = "\(option) is not a yes/no option"
                return
            }
            value = current == "yes" ? "no" : "yes"
        }
        guard !value.isEmpty || resets else {
            transientMessage = "\(option) = \(current)"
            return
        }
        guard !Config.startOnlyOptionNames.contains(option) else {
            transientMessage = "\(option) is read at start: change it in the config file"
            return
        }
        // As in the config file, a warning may come with the value taken (a browser written for
        // a shell) or with the value refused (not a number): either way it is what to show.
        transientMessage = changeOption(option, to: value)
            ?? "\(option) = \(settings.config.valueText(of: option) ?? value)"
    }

    /// Sets `option` to `value` from now on, as the same line in the config file would (`:set`,
    /// `sort`, the `L` toggles); returns the warning the line gave, if any.
    @discardableResult
    func changeOption(_ option: String, to value: String) -> String? {
        var config = settings.config
        let (names, warnings) = config.apply("\(option) \(NewsboatTokenizer.quoteIfNeeded(value))")
        // newsboat's macros put the browser back with `set browser "$BROWSER"`: the default.
        if option == "browser" && value == "$BROWSER" { config[\.browser] = "" }
        takeSettings(from: config, names: names)
        return warnings.first?.message
    }

    /// `:source FILE`: the config lines of `FILE` applied on top of the configuration in force,
    /// as newsboat's `source` does (a relative path is taken from the config file's directory).
    func source(_ path: String) {
        guard !path.isEmpty else {
            transientMessage = "source FILE: a file of config lines"
            return
        }
        let file = Config.fileURL(path, relativeTo: settings.configPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent() })
        guard let data = FileManager.default.contents(atPath: file.path) else {
            transientMessage = "Cannot read \(Excerpt(path)): \(Self.whyUnreadable(file.path))"
            return
        }
        var config = settings.config
        let (names, warnings) = config.apply(String(decoding: data, as: UTF8.self), file: file)
        takeSettings(from: config, names: names)
        for warning in warnings { logger.warning("source \(file.path): \(warning)") }
        let startOnly = names.intersection(Config.startOnlyOptionNames).sorted()
        var message = "Read \(Excerpt(file.lastPathComponent))"
        if !startOnly.isEmpty { message += "; \(startOnly.joined(separator: ", ")) \(startOnly.count == 1 ? "applies" : "apply") at the next start" }
        if let warning = warnings.first {
            message += " — line \(warning.line): \(warning.message)"
            if warnings.count > 1 { message += " (and \(warnings.count - 1) more in the log)" }
        }
        transientMessage = message
    }

    /// Takes what `config` sets for the commands in `names` into the running reader: the screens,
    /// the keys, the colours and the next fetches follow at once.
    private func takeSettings(from config: Config, names: Set<String>) {
        var changed = settings
        changed.take(config, names: names, environment: environment)
        let preferencesChanged = names.contains { ReaderPreferences.optionFields[$0] != nil }
        if names.contains("color") && !terminal.showsColors { changed.preferences.theme = changed.preferences.theme.forMonochrome() }
        settings = changed
        queue([.useOptions(EffectRunner.Options(changed))])
        if preferencesChanged {
            useTheme()
            for screen in screens { screen.takePreferences(changed.preferences) }
        }
        if !names.isDisjoint(with: ["auto-reload", "reload-time"]), feedList != nil {
            queue([.autoReload(minutes: changed.autoReloadMinutes)])
        }
        if !names.isDisjoint(with: ["ignore-article", "ignore-mode"]) { queue([.applyKillfile(changed.killfile)]) }
    }

    /// Why the file at `path` could not be read, in a few words.
    nonisolated static func whyUnreadable(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "there is no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        return FileManager.default.isReadableFile(atPath: path) ? "it could not be read" : "permission denied"
    }
}
