import Configuration
import FeedServices
import Foundation
import TerminalUI

/// The command line (`:`, newsboat's `cmdline`): `:set OPTION [VALUE]`, `:source FILE`,
/// `:goto TEXT`, `:tag TAG`, `:quit`/`:q` and a row number; and macros, whose `set` steps are
/// `:set`'s. Up/Down bring back earlier lines, Tab completes command and option names.
extension ReaderState {
    static let commandNames = ["goto", "q", "quit", "rules", "set", "source", "tag"]

    /// Opens the command line with `typed` typed (a digit for `cmd-one` … `cmd-nine`).
    mutating func askForCommand(typed text: String = "") {
        ask(.command, text: text)
    }

    mutating func runCommand(_ line: String, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        // Words as in the config file: `:set browser "mpv %u"` has three.
        let words: [String]
        do {
            words = try NewsboatTokenizer.tokenize(line).map(\.text)
        } catch {
            message = Self.sentence(error.description)
            return []
        }
        guard let name = words.first else { return [] }
        let rest = words.dropFirst().joined(separator: " ")
        if let row = Int(name), words.count == 1 {
            let selected = navigation.modifyTop { screen -> Bool in
                guard var rows = screen as? any RowsScreen else { return false }
                let selected = rows.selectRow(row - 1)
                screen = rows
                return selected
            }
            if !selected { message = "No row \(row) here" }
            return []
        }
        switch name {
        case "q", "quit":
            return perform(.quit, environment)
        case "goto":
            goToFeed(titled: rest)
        case "tag":
            guard feedList?.unfilteredRows.contains(where: { $0.tags.contains(rest) }) == true else {
                message = "No feed has the tag \(Excerpt(rest))"
                return []
            }
            return perform(.showTag(rest), environment)
        case "set":
            return setOption(Array(words.dropFirst()), environment)
        case "rules":
            // What `tidings rules --dry-run` prints, read off the main thread.
            guard !settings.config.rules.isEmpty else {
                message = "No rules in the config file (rule \"FILTER\" ACTION…: see Rules in the README)"
                return []
            }
            return [.read(RuleMatchesQuery(rules: settings.config.rules, now: now), route: false, lane: .key)]
        case "source":
            guard !rest.isEmpty else {
                message = "source FILE: a file of config lines"
                return []
            }
            let file = Config.fileURL(rest, relativeTo: settings.configPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent() })
            return [.files(.readConfigFile(path: file.path))]
        default:
            message = "Unknown command: \(Excerpt(name)) (\(Self.commandNames.joined(separator: ", ")), or a row number)"
        }
        return []
    }

    /// `:set OPTION` says the value; `:set OPTION VALUE` changes it from now on, as a line of the
    /// config file would; `:set OPTION!` turns a yes/no option over and `:set OPTION&` puts its
    /// default back (newsboat's forms), as does `:set OPTION=VALUE`.
    mutating func setOption(_ words: [String], _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard var option = words.first else {
            message = "set OPTION [VALUE]: an option of the config file (Tab completes)"
            return []
        }
        var value = words.dropFirst().joined(separator: " ")
        if let equals = option.firstIndex(of: "="), value.isEmpty {
            value = String(option[option.index(after: equals)...])
            option = String(option[..<equals])
        }
        let toggles = option.hasSuffix("!"), resets = option.hasSuffix("&")
        if toggles || resets { option.removeLast() }
        if resets, let declaration = OptionTable.named[option] { value = declaration.defaultText }
        guard let current = settings.config.valueText(of: option) else {
            message = "Unknown option \(Excerpt(option))"
            return []
        }
        if toggles {
            guard current == "yes" || current == "no" else {
                message = "\(option) is not a yes/no option"
                return []
            }
            value = current == "yes" ? "no" : "yes"
        }
        guard !value.isEmpty || resets else {
            message = "\(option) = \(current)"
            return []
        }
        guard !Config.startOnlyOptionNames.contains(option) else {
            message = "\(option) is read at start: change it in the config file"
            return []
        }
        // As in the config file, a warning may come with the value taken (a browser written for
        // a shell) or with the value refused (not a number): either way it is what to show.
        let change = changeOption(option, to: value, environment)
        message = change.warning ?? "\(option) = \(settings.config.valueText(of: option) ?? value)"
        return change.effects
    }

    /// Sets `option` to `value` from now on, as the same line in the config file would (`:set`,
    /// `sort`, the `L` toggles): the warning the line gave, if any, and what follows the change.
    mutating func changeOption(_ option: String, to value: String, _ environment: ReaderEnvironment) -> (warning: String?, effects: [ReaderEffect]) {
        var config = settings.config
        let (names, warnings) = config.apply("\(option) \(NewsboatTokenizer.quoteIfNeeded(value))")
        // newsboat's macros put the browser back with `set browser "$BROWSER"`: the default.
        if option == "browser" && value == "$BROWSER" { config[\.browser] = "" }
        return (warnings.first?.message, takeConfig(config, names: names))
    }

    /// `:source FILE` read: its lines applied on top of the configuration in force, as newsboat's
    /// `source` does.
    mutating func source(_ path: String, _ result: Result<String, FileFailure>, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let name = (path as NSString).lastPathComponent
        guard case .success(let text) = result else {
            if case .failure(let failure) = result { message = "Cannot read \(Excerpt(name)): \(failure)" }
            return []
        }
        var config = settings.config
        let (names, warnings) = config.apply(text, file: URL(fileURLWithPath: path))
        var effects = takeConfig(config, names: names)
        effects += warnings.map { LogLine.warning("source \(path): \($0)") }
        let startOnly = names.intersection(Config.startOnlyOptionNames).sorted()
        var said = "Read \(Excerpt(name))"
        if !startOnly.isEmpty { said += "; \(startOnly.joined(separator: ", ")) \(startOnly.count == 1 ? "applies" : "apply") at the next start" }
        if let warning = warnings.first {
            said += " — line \(warning.line): \(warning.message)"
            if warnings.count > 1 { said += " (and \(warnings.count - 1) more in the log)" }
        }
        message = said
        return effects
    }

    /// Takes `config` as the configuration in force after the lines named `names` changed it: the
    /// screens read again, and the fetches, timers, killfile and colours follow.
    private mutating func takeConfig(_ config: Config, names: Set<String>) -> [ReaderEffect] {
        let before = settings.config
        settings.config = config
        var effects: [ReaderEffect] = [.fetch(.useOptions(config.fetchOptions, articleRendering))]
        if before.theme != config.theme {
            effects.append(.terminal(.setDefaultColors(foreground: context.theme.background.foreground, background: context.theme.background.background)))
        }
        if settings.autoReloadMinutes != (before[\.autoReload] ? before[\.reloadTime] : nil), feedList != nil {
            effects.append(.timer(.autoReload(minutes: settings.autoReloadMinutes)))
        }
        if !names.isDisjoint(with: ["ignore-article", "ignore-mode"]) { effects.append(.store(.applyKillfile(config.killfile))) }
        return effects + refreshScreens()
    }

    // MARK: - Macros

    /// Runs the macro on `key` (after the macro prefix), step by step.
    mutating func runMacro(_ key: Key, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let macro = settings.config.macros[key] else {
            message = "No macro on \(key)"
            return []
        }
        return run(macro, environment)
    }

    /// Runs `macro`'s steps (a `macro` line's after the prefix, or a `bind` line's).
    mutating func run(_ macro: Macro, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        run(macro.steps, as: "Macro \(macro.key)", environment)
    }

    /// `run-on-startup`: its actions, as a macro's, once the feed list has been read at start
    /// (before, the list has no rows for them to act on), as newsboat runs them.
    mutating func runStartupActionsOnce(_ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard !hasRunStartupActions, feedList?.isLoaded == true else { return [] }
        hasRunStartupActions = true
        return run(settings.config.startupActions, as: "run-on-startup", environment)
    }

    /// Carries out `steps` one by one, each on the screen on top at its turn: an action as its
    /// key would, `set` as `:set` does. A step the screen of the moment does not offer ends the
    /// macro there, and `name` says whose step it was. The status line says what each `set` did,
    /// then what the last other step said.
    private mutating func run(_ steps: [Macro.Step], as name: String, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        var sets: [String] = []
        defer {
            if !sets.isEmpty { message = (sets + [message].compactMap { $0 }).joined(separator: ", ") }
        }
        for step in steps {
            if step.name == "set" {
                effects += setOption(step.arguments, environment)
                if let said = message { sets.append(said) }
                message = nil
                continue
            }
            let context = top.keyContext
            guard let command = Config.command(named: step.name, in: context),
                  KeyMap.contexts(offering: command).contains(context) || isScreenCommand(command)
            else {
                let reason = Config.command(named: step.name, in: context)?.whyNotPerformed ?? "does nothing here"
                message = "\(name): \(step.name): \(reason)"
                break
            }
            effects += perform(command: command, environment)
        }
        return effects
    }
}
