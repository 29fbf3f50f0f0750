/// Rewrites the command line so that swift-argument-parser sees the global file options after the
/// command name, and newsboat's `-x reload` / `-x print-unread` as commands.
///
///     tidings -u ~/urls reload --tag news   →  tidings reload -u ~/urls --tag news
///     tidings -x print-unread               →  tidings unread
///
/// A command line without a known command after its leading file options is left alone (it is
/// for the default command, the reader).
enum ArgumentOrder {
    private static let optionsWithValue: Set<String> = ["-u", "--url-file", "-c", "--cache-file", "-C", "--config-file"]
    private static let executeCommands = ["reload": "reload", "print-unread": "unread"]

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
            } else if argument.count > 2, !argument.hasPrefix("--"), ["-u", "-c", "-C"].contains(String(argument.prefix(2))) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard index < arguments.count else { return arguments }
        var command = arguments[index]
        var rest = Array(arguments[(index + 1)...])
        if command == "-x" || command == "--execute", let first = rest.first, let mapped = executeCommands[first] {
            command = mapped
            rest.removeFirst()
        }
        guard commands.contains(command) else { return arguments }
        return [command] + leading + rest
    }
}
