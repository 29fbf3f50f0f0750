import Configuration
import FeedStore
import FilterLanguage
import Foundation

/// `tidings rules --dry-run`: what each rule of the config would match among the articles
/// already in the cache — how many, and the first titles — with nothing changed.
public enum RuleDryRun {
    /// Titles shown per rule.
    public static let shownTitles = 3

    /// The lines to print, a rule at a time (its line, expression and actions, then its
    /// matches); `notice` hears the config's warnings (a rule line that does not read is one)
    /// and that the cache was opened read-only.
    public static func lines(paths: AppPaths, notice: (String) -> Void = { _ in }) throws -> [String] {
        let config = try Config.load(from: paths.configFile)
        for warning in config.warnings { notice(warning.description) }
        guard !config.rules.isEmpty else { return ["No rules in \(paths.configFile.path)."] }
        let store = try FeedListCommands.openForReading(paths: paths, starFlag: config.starFlag, notice: notice)
        return try lines(for: try store.ruleMatches(config.rules, titles: shownTitles))
    }

    /// The lines for each rule's matches (also what the reader's `:rules` shows).
    public static func lines(for matches: [RuleMatches]) -> [String] {
        matches.flatMap { match -> [String] in
            let rule = match.rule
            let heading = "config line \(rule.line): \(ReloadReporter.printable(rule.source)) → "
                + rule.actions.map { ReloadReporter.printable($0.description) }.joined(separator: " ")
            let count = match.count == 1 ? "1 article" : "\(match.count) articles"
            let titles = match.titles.map { "    \"\(ReloadReporter.printable($0))\"" }
            let more = match.count > match.titles.count ? ["    …"] : []
            return [heading, "  matches \(count)" + (titles.isEmpty ? "" : ", the newest:")] + titles + more
        }
    }
}
