import Foundation

/// What the command line (`:set`, `:source`) needs of the configuration: lines applied on top of
/// it, which options it may change, and an option's value as the config file writes it.
extension Config {
    /// Options that only matter when the reader starts (or that choose where the feeds come
    /// from): `:set` shows them but does not change them.
    public static let startOnlyOptionNames: Set<String> = Set(OptionTable.all.filter { $0.timing == .atStart }.map(\.name))

    /// The options `:set` offers for Tab to complete: those that do something (the others are
    /// taken when typed in full, and only kept).
    public static let settableOptionNames: [String] = OptionTable.all.filter { $0.effect == .works }.map(\.name).sorted()

    /// Applies the lines of `text` on top of this configuration, as if they followed its own lines;
    /// `file` is where they were read, which `include` is relative to.
    ///
    /// - Returns: the names of the commands the lines ran (`bind-key`, `browser`, …) and the
    ///   warnings they gave.
    public mutating func apply(_ text: String, file: URL? = nil) -> (names: Set<String>, warnings: [Warning]) {
        let (directiveCount, warningCount) = (directives.count, warnings.count)
        read(text, file: file, including: file.map { [$0.standardizedFileURL.resolvingSymlinksInPath().path] } ?? [])
        return (Set(directives[directiveCount...].map(\.name)), Array(warnings[warningCount...]))
    }

    /// Sets the option called `name` back to its default (`:set OPTION&`); false for an unknown one.
    public mutating func reset(_ name: String) -> Bool {
        guard OptionTable.named[name] != nil else { return false }
        options.reset(named: name)
        return true
    }

    /// The value of option `name` as a config line would write it, "(not set)" for an empty one
    /// and "(hidden)" for a secret; nil for an unknown option.
    public func valueText(of name: String) -> String? {
        guard let option = OptionTable.named[name] else { return nil }
        if option.isSecret { return options.isSet(option) ? "(hidden)" : "(not set)" }
        let text = option.configText(in: options)
        return text.isEmpty || text == "\"\"" ? "(not set)" : text
    }
}
