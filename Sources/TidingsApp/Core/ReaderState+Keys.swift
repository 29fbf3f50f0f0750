import Configuration
import TerminalUI

/// Keys: where each one goes. In order: the terminal's own keys (Ctrl-L, Ctrl-Z), the prompt
/// being typed, Ctrl-C, the question in the status bar, the macro prefix and the macro's key,
/// the command line, what the screen on top takes as typed text, `bind` lines' macros, and the
/// key map's action — carried out by the screen on top, or by the reader for the actions of
/// every screen (dialogs, `save-all`, `redraw`).
extension ReaderState {
    mutating func handle(_ keys: [Key], _ environment: ReaderEnvironment) -> [ReaderEffect] {
        // Another process (cron's `tidings reload`) may have written: the lists follow (during a
        // reload they follow at the spinner's pace already).
        var effects: [ReaderEffect] = isReloading ? [] : [.store(.checkGeneration)]
        for key in keys {
            switch key {
            case .resize:
                continue
            case .control("l"):
                effects.append(.terminal(.repaint))
            case .control("z"):
                effects.append(.terminal(.suspendProcess))
            case .mouse(let event):
                effects += handleMouse(event, environment)
            case _ where prompt != nil:
                effects += handlePromptKey(key, environment)
            case .control("c"):
                return effects + quit(status: 0, environment)
            default:
                message = nil
                titleNotification = nil
                effects += handleScreenKey(key, environment)
            }
            if isQuitting { break }
        }
        return effects
    }

    /// A key for the screen on top, or for a question or macro the reader waits on.
    private mutating func handleScreenKey(_ key: Key, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        if let pending = confirmation {
            confirmation = nil
            return answer(pending, with: key, environment)
        }
        if awaitsMacroKey {
            awaitsMacroKey = false
            return runMacro(key, environment)
        }
        let context = context
        let typing = (top as? any TypingScreen)?.takesTyped(key, context) ?? false
        let config = settings.config
        if !typing, !config.macros.isEmpty, key == config.macroPrefixKey {
            awaitsMacroKey = true
            message = macroPrompt
            return []
        }
        let command = config.keyMap.command(for: key, in: top.keyContext)
        if !typing, let command, let typed = command == .commandLine ? "" : command.commandLineDigit.map(String.init) {
            askForCommand(typed: typed)
            return []
        }
        if typing {
            return respond(navigation.modifyTop { screen in
                guard var typingScreen = screen as? any TypingScreen else { return ScreenResponse.none }
                let response = typingScreen.handleTyped(key, context)
                screen = typingScreen
                return response
            }, environment)
        }
        if let bound = config.boundMacros[key], bound.contexts.contains(top.keyContext) {
            return run(bound.macro, environment)
        }
        guard let command else {
            // A key that is not a plain character is named, never echoed raw.
            if case .character(let character) = key, character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return []
            }
            message = "\(key): not bound here — ? for help"
            return []
        }
        return perform(command: command, environment)
    }

    /// Carries out `command` on the screen on top: an action of every screen, or the screen's own.
    mutating func perform(command: KeyCommand, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        if let done = performScreenCommand(command, environment) { return done }
        let context = context
        let response = navigation.modifyTop { $0.handle(command, context) }
        if response.intent == nil, response.effects.isEmpty, let reason = command.whyNotPerformed {
            // A newsboat action the config binds and no screen carries out.
            message = "\(command.name): \(reason)"
            return []
        }
        return respond(response, environment)
    }

    /// What a screen's response asks: its reads, then its intent.
    mutating func respond(_ response: ScreenResponse, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        response.effects + (response.intent.map { perform($0, environment) } ?? [])
    }

    /// What the status bar says after the macro prefix: each macro's key and what it does.
    var macroPrompt: String {
        "Macro: " + sortedMacros.map { "\($0.key) \($0.summary)" }.joined(separator: " · ")
    }

    /// The macros in the order of their keys, as the help and the prompt list them.
    var sortedMacros: [Macro] {
        settings.config.macros.values.sorted { $0.key.description < $1.key.description }
    }
}
