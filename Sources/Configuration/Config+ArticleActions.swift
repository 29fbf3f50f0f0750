/// The options of the article actions (`player`, `download-path`, `download-filename-format`,
/// `save-path`, `queue-file`), as one value.
extension Config {
    public var articleActions: ArticleActionOptions {
        ArticleActionOptions(
            player: self[\.player].isEmpty ? nil : self[\.player], downloadPath: self[\.downloadPath],
            downloadFileNameFormat: self[\.downloadFilenameFormat], savePath: self[\.savePath],
            queueFile: self[\.queueFile].isEmpty ? nil : self[\.queueFile])
    }
}
