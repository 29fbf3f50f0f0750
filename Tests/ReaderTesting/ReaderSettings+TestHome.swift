import Configuration
import Foundation
import TidingsApp

extension ReaderSettings {
    /// The settings `tidings` starts with on a test's home: the config file's text `configText`
    /// read after a `browser` line (so that a test's config can set its own), the urls file at
    /// `urlsPath` with its query feeds, headings and damaged lines; the first-run screen when
    /// there is no urls file.
    public static func forTestHome(urlsPath: String, cachePath: String, configPath: String, logPath: String,
                                   configText: String, browser: String) throws -> ReaderSettings {
        let config = Config(parsing: "browser \"\(browser)\"\n" + configText, file: URL(fileURLWithPath: configPath))
        let file = try UrlsFile.load(from: URL(fileURLWithPath: urlsPath))
        let hasUrlsFile = FileManager.default.fileExists(atPath: urlsPath)
        var settings = ReaderSettings(
            urlsPath: urlsPath, subscriptions: hasUrlsFile ? file.subscriptions : nil, cachePath: cachePath, logPath: logPath,
            config: config, feedListSource: config.feedListSource, queryFeeds: file.queryFeeds,
            warnings: (hasUrlsFile ? file.problems.map { "urls file \($0)" } : []) + config.warnings.map(\.description))
        settings.headings = file.headings
        settings.configPath = configPath
        return settings
    }
}
