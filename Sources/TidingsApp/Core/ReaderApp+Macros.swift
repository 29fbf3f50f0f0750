import Configuration
import TerminalUI

/// Macros (`macro KEY ACTION ; ACTION …`), run after the macro prefix, as in newsboat.
extension ReaderApp {
    /// Whether `key` is the macro prefix on `screen` (not while it takes typed text).
    func startsMacro(_ key: Key, on screen: any ReaderScreen) -> Bool {
        !settings.macros.isEmpty && key == settings.macroPrefix && !takesTyped(key, on: screen)
    }

    /// Runs the macro on `key`, step by step, on whatever screen is on top at each step: an
    /// action is carried out as its key would be; `set` changes an option as `:set` does. A step
    /// that does nothing on the screen of the moment ends the macro there.
    func runMacro(_ key: Key) -> [ReaderEffect] {
        guard let macro = settings.macros[key] else {
            transientMessage = "No macro on \(key)"
            return []
        }
        return run(macro)
    }

    /// Runs `macro`'s steps (a `macro` line's after the prefix, or a `bind` line's).
    func run(_ macro: Macro) -> [ReaderEffect] {
        run(macro.steps, as: "Macro \(macro.key)")
    }

    /// `run-on-startup`: its actions, as a macro's, once the feed list has been read at start
    /// (before, the list has no rows for them to act on), as newsboat runs them.
    func runStartupActionsOnce() -> [ReaderEffect] {
        guard !hasRunStartupActions, feedList?.isLoaded == true else { return [] }
        hasRunStartupActions = true
        return run(settings.startupActions, as: "run-on-startup")
    }

    /// Carries out `steps` one by one, each on the screen on top at its turn; `name` says in the
    /// status bar whose step did nothing.
    private func run(_ steps: [Macro.Step], as name: String) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        for step in steps {
            if step.name == "set" {
                setOption(step.arguments)
                continue
            }
            if let command = top.flatMap({ Config.command(named: step.name, in: $0.keyContext) }), let done = performScreenCommand(command) {
                effects += done
                continue
            }
            guard let top, let stepKey = keyFor(action: step.name, on: top) else {
                let reason = top.flatMap { Config.command(named: step.name, in: $0.keyContext) }?.whyNotPerformed ?? "does nothing here"
                transientMessage = "\(name): \(step.name): \(reason)"
                break
            }
            if let intent = navigation.handle(stepKey) { effects += perform(intent) }
        }
        return effects
    }

    /// The macros in the order of their keys, as the help and the prompt list them.
    var sortedMacros: [Macro] {
        settings.macros.values.sorted { $0.key.description < $1.key.description }
    }

    /// What the status bar says after the macro prefix: each macro's key and what it does.
    var macroPrompt: String {
        "Macro: " + sortedMacros.map { "\($0.key) \($0.summary)" }.joined(separator: " · ")
    }

    /// A key that carries out the action called `name` on `screen`.
    private func keyFor(action name: String, on screen: any ReaderScreen) -> Key? {
        guard let command = Config.command(named: name, in: screen.keyContext) else { return nil }
        return settings.preferences.keyMap.bindings(for: screen.keyContext).first { $0.command == command }?.keys.first
    }
}
