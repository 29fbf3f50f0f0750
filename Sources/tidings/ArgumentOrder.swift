/// Rewrites the command line so that swift-argument-parser sees the global file options after the
/// command name.
///
///     tidings -u ~/urls reload --tag news   →  tidings reload -u ~/urls --tag news
///
/// A command line without a known command after its leading file options is left alone: it is
/// for `tidings` itself, the reader or newsboat's `-x`, `-e`, `-i`, `-X` (see `NewsboatActions`).
enum ArgumentOrder {
    private static let optionsWithValue: Set<String> = [
        "-u", "--url-file", "-c", "--cache-file", "-C", "--config-file", "-l", "--log-level", "-d", "--log-file",
    ]

    static func normalize(_ arguments: [String], commands: Set<String>) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if optionsWithValue.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--"), argument.contains("="),
                optionsWithValue.contains(String(argument.prefix { $0 != "=" }))
            {
                leading.append(argument)
                index += 1
            } else if argument.count > 2, !argument.hasPrefix("--"), ["-u", "-c", "-C", "-l", "-d"].contains(String(argument.prefix(2))) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard index < arguments.count else { return arguments }
        let command = arguments[index]
        guard commands.contains(command) else { return arguments }
        return [command] + leading + arguments[(index + 1)...]
    }
}
