/// A command of the config file: a line with a syntax of its own (`bind-key`, `color`, `macro`,
/// `ignore-article`…), read by its own function in file order, declared once in `OptionTable`
/// with its section and the line the README shows.
public struct ConfigCommand: Sendable {
    public let name: String
    public let section: ConfigSection
    /// Its syntax and what it does, in one line.
    public let summary: String
    /// Applies the line's words (and its number) to the configuration; the warning when it cannot.
    let apply: @Sendable (inout Config, _ words: [String], _ line: Int) -> String?

    init(_ name: String, _ section: ConfigSection, _ summary: String, apply: @escaping @Sendable (inout Config, [String], Int) -> String?) {
        self.name = name
        self.section = section
        self.summary = summary
        self.apply = apply
    }

    /// The commands by name.
    public static let named: [String: ConfigCommand] = Dictionary(uniqueKeysWithValues: OptionTable.commands.map { ($0.name, $0) })
}
