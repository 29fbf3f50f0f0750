/// The options of the article actions (`player`, `download-path`, `download-filename-format`,
/// `save-path`, `queue-file`).
extension Config {
    /// The option names this extension reads.
    public static let articleActionOptionNames: Set<String> = ["player", "download-path", "download-filename-format", "save-path", "queue-file"]

    /// Applies one of them; returns what was wrong with it, if anything.
    mutating func applyArticleActionOption(_ name: String, _ arguments: [String]) -> String? {
        guard arguments.count == 1, let value = arguments.first, !value.isEmpty else {
            return "\(name) takes one value, got \(arguments.count)"
        }
        switch name {
        case "player": articleActions.player = value
        case "download-path":
            // A path with a specifier Tidings does not know would put downloads somewhere
            // nobody asked for: the default stays, and the warning says why.
            if let problem = ListFormat.problem(in: value, kind: .downloadPath) { return problem }
            articleActions.downloadPath = value
        case "download-filename-format":
            if let problem = ListFormat.problem(in: value, kind: .downloadFileName) { return problem }
            articleActions.downloadFileNameFormat = value
        case "save-path": articleActions.savePath = value
        case "queue-file": articleActions.queueFile = value
        default: return "unknown option \"\(Excerpt(name))\"; ignored"
        }
        return nil
    }
}
