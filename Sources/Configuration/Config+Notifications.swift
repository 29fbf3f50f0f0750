import FeedModel
import FeedModel

/// The notification options (see `NotifyOptions`), read from the values the file gave.
extension Config {
    public var notifyOptions: NotifyOptions {
        var options = NotifyOptions()
        let program = self[\.notifyProgram]
        options.program = program.isEmpty ? nil : try? CommandArguments.split(program)
        let format = self[\.notifyFormat]
        options.format = format.isEmpty ? NotifyOptions.defaultFormat : format
        options.always = self[\.notifyAlways]
        options.beeps = self[\.notifyBeep]
        options.usesScreen = self[\.notifyScreen]
        options.usesXterm = self[\.notifyXterm]
        return options
    }

}
