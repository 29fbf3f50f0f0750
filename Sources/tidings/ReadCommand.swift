import ArgumentParser
import Configuration
import FeedModel
import FeedServices
import Foundation
import TidingsApp

/// `tidings` with no subcommand: the full-screen reader.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Open the full-screen reader (what `tidings` does with no command)."
    )

    @OptionGroup var files: GlobalOptions
    @OptionGroup var options: ReaderOptions

    func run() throws {
        try Self.openReader(global: files, options: options)
    }

    /// Opens the reader on the files `global` names; never returns unless it cannot start.
    static func openReader(global: GlobalOptions, options: ReaderOptions) throws {
        do {
            var settings = try Self.settings(paths: global.paths)
            settings.logPath = global.logPath
            if global.logFile == nil, settings.logPath != global.paths.logFile.path {
                settings.warnings.append("the log cannot be written beside the cache; it goes to \(settings.logPath)")
            }
            settings.logLevel = global.leastLoggedLevel
            if options.refreshesOnStart { settings.config[\.refreshOnStartup] = true }
            try ReaderRuntime.run(settings: settings) { StoreFeedCache(store: $0) }
        } catch {
            FileHandle.standardError.write(Data("tidings: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// What the reader needs, from the files at `paths`: no urls file means the first-run screen.
    static func settings(paths: AppPaths) throws -> ReaderSettings {
        try paths.createDirectories()
        let config = try Config.load(from: paths.configFile)
        var warnings = config.warnings.map(\.description)
        let subscriptions: [Subscription]?
        var syncAccount: Result<SyncAccount, SyncSetupError>?
        var queryFeeds: [QueryFeed] = []
        var headings: [UrlsHeading] = []
        switch config.feedListSource {
        case .server(let server, let withLocalFeeds):
            // The feed server lists the feeds: the urls file's are not read, unless
            // `sync-local-feeds` puts them beside the server's. A password command runs
            // here, before the screen opens, so that it can ask on the terminal. When the options
            // do not work the reader still opens from the cache and says why.
            // As newsboat: the urls file's query feeds are read under a sync source too (its feeds
            // are not). newsboat's special "Starred items" feed is the feed list's Starred entry.
            queryFeeds = (try? UrlsFile.load(from: paths.urlsFile))?.queryFeeds ?? []
            if withLocalFeeds {
                let urls = try UrlsFile.load(from: paths.urlsFile)
                warnings = urls.problems.map { "urls file \($0)" } + warnings
                subscriptions = urls.subscriptions
            } else {
                subscriptions = []
            }
            do throws(SyncSetupError) {
                syncAccount = .success(try server.account(options: config.fetchOptions, syncsPublished: config.publishFlag != nil))
            } catch {
                syncAccount = .failure(error)
                warnings.insert("Cannot sync: \(error)", at: 0)
            }
        case .opml(let documents):
            // The OPML documents list the feeds; the urls file's query feeds stay, as under a
            // feed server.
            let urls = try UrlsFile.load(from: paths.urlsFile)
            let loaded = OPMLFeedList.load(documents, options: config.fetchOptions)
            warnings = loaded.problems + warnings
            queryFeeds = urls.queryFeeds
            subscriptions = loaded.subscriptions
        case .urlsFile:
            let hasUrlsFile = FileManager.default.fileExists(atPath: paths.urlsFile.path)
            let urls = try UrlsFile.load(from: paths.urlsFile)
            warnings = urls.problems.map { "urls file \($0)" } + warnings
            queryFeeds = urls.queryFeeds
            headings = urls.headings
            subscriptions = hasUrlsFile ? urls.subscriptions : nil
        }
        var settings = ReaderSettings(
            urlsPath: paths.urlsFile.path,
            subscriptions: subscriptions,
            cachePath: paths.cacheFile.path,
            logPath: paths.logFile.path,
            config: config,
            feedListSource: config.feedListSource,
            syncAccount: syncAccount,
            queryFeeds: queryFeeds,
            warnings: warnings)
        settings.headings = headings
        settings.configPath = paths.configFile.path
        settings.historyFiles = HistoryFiles(paths: paths)
        // Without a urls file, the welcome screen offers newsboat's, if there is one.
        if subscriptions == nil { settings.newsboatFiles = NewsboatFiles.find() }
        return settings
    }
}

/// The reader's own options, for `tidings` and `tidings read`.
struct ReaderOptions: ParsableArguments {
    @Flag(name: [.customShort("r"), .customLong("refresh-on-start")], help: "Reload every feed when the reader opens (refresh-on-startup).")
    var refreshesOnStart = false
}
