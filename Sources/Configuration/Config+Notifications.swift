import FeedFetcher
import FeedModel

/// The notification options (see `NotifyOptions`), read from the values the file gave.
extension Config {
    /// The options that make `notifyOptions`.
    public static let notifyOptionNames: Set<String> = [
        "notify-program", "notify-format", "notify-always", "notify-beep", "notify-screen", "notify-xterm",
    ]

    public var notifyOptions: NotifyOptions {
        var options = NotifyOptions()
        let program = optionValue("notify-program")?.text ?? ""
        options.program = program.isEmpty ? nil : try? CommandArguments.split(program)
        let format = optionValue("notify-format")?.text ?? ""
        options.format = format.isEmpty ? NotifyOptions.defaultFormat : format
        options.always = optionValue("notify-always")?.isOn ?? false
        options.beeps = optionValue("notify-beep")?.isOn ?? false
        options.usesScreen = optionValue("notify-screen")?.isOn ?? false
        options.usesXterm = optionValue("notify-xterm")?.isOn ?? false
        return options
    }

    /// What is wrong with a `notify-program` value, if anything (no program is then run).
    static func notifyProgramProblem(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        do {
            _ = try CommandArguments.split(text)
            return nil
        } catch {
            return "notify-program: \(error.description); no program is run"
        }
    }
}
