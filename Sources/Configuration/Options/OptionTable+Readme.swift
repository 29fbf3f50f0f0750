/// The README's table of options, made from the declarations: a line per option and command,
/// and one per sync service for its `SERVICE-…` options. `OptionReadmeTests` holds the README to
/// it (`RECORD_README=1 swift test --filter OptionReadmeTests` writes it).
extension OptionTable {
    /// The lines of `section`, in the order declared.
    public static func readmeLines(of section: ConfigSection) -> [String] {
        entries.compactMap { entry in
            switch entry {
            case .option(let option): option.section == section ? line(option) : nil
            case .command(let command): command.section == section ? "- `\(command.name)`: \(command.summary) — \(shown(.works))" : nil
            case .service(let service): section == .sync ? line(service) : nil
            }
        }
    }

    /// `- \`name\` (shape, default \`value\`): summary — *works*`.
    private static func line(_ option: any OptionDeclaration) -> String {
        var details: [String] = []
        if !option.shape.isEmpty { details.append(option.shape) }
        if !option.defaultText.isEmpty && option.defaultText != "\"\"" { details.append("default `\(option.defaultText)`") }
        if option.scope == .perFeed { details.append("also for some feeds") }
        let shape = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
        return "- `\(option.name)`\(shape): \(option.summary) — \(shown(option.effect))"
    }

    /// A service's options on one line, those that do the same grouped: `freshrss-url`, `-login`,
    /// … — *works*; `-show-special-feeds` — *accepted, no effect: …*.
    private static func line(_ service: SyncServiceOptions) -> String {
        let prefix = "\(service.service.rawValue)-"
        var groups: [(effect: OptionEffect, names: [String])] = []
        for option in service.declarations {
            // The first, the address, with what it is.
            let name = groups.isEmpty ? "`\(option.name)` (\(option.summary))" : "`-\(option.name.dropFirst(prefix.count))`"
            if let last = groups.last, last.effect == option.effect {
                groups[groups.count - 1].names.append(name)
            } else {
                groups.append((option.effect, [name]))
            }
        }
        return "- " + groups.map { "\($0.names.joined(separator: ", ")) — \(shown($0.effect))" }.joined(separator: "; ")
    }

    private static func shown(_ effect: OptionEffect) -> String {
        switch effect {
        case .works: "*works*"
        case .toCome: "*accepted: to come*"
        case .noEffect(let reason): "*accepted, no effect: \(reason)*"
        }
    }
}
