/// The options of the article actions (`player`, `download-path`, `download-filename-format`,
/// `save-path`, `queue-file`).
extension Config {
    /// Applies one of them; returns what was wrong with it, if anything.
    mutating func applyArticleActionOption(_ name: String, _ value: OptionValue) -> String? {
        let text = value.text
        switch name {
        case "player": articleActions.player = text.isEmpty ? nil : text
        case "download-path":
            // A path with a specifier Tidings does not know would put downloads somewhere
            // nobody asked for: the default stays, and the warning says why.
            if let problem = ListFormat.problem(in: text, kind: .downloadPath) { return problem }
            articleActions.downloadPath = text
        case "download-filename-format":
            if let problem = ListFormat.problem(in: text, kind: .downloadFileName) { return problem }
            articleActions.downloadFileNameFormat = text
        case "save-path": articleActions.savePath = text
        case "queue-file": articleActions.queueFile = text.isEmpty ? nil : text
        default: break
        }
        return nil
    }
}
