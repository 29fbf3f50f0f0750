import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation

/// `tidings add` and `tidings import` with a feed server (`urls-source`): the feeds are
/// subscribed to on the server, then one sync brings them and their articles into the cache. The
/// urls file is not touched. An API that cannot manage feeds (Fever) refuses in one line before
/// anything is sent.
extension FeedListCommands {
    /// The configured feed server's account, or nil for the urls file; a setup mistake or an API
    /// that cannot manage feeds is a one-line `Failure`.
    static func serverAccount(_ config: Config) throws -> SyncAccount? {
        let account: SyncAccount?
        do throws(SyncSetupError) {
            account = try config.syncAccount()
        } catch {
            throw Failure(description: "\(error)")
        }
        if let refusal = account?.source.feedManagementRefusal { throw Failure(description: "\(refusal)") }
        return account
    }

    /// Subscribes to `url` on the server, then syncs.
    static func add(url: String, tags: [String], account: SyncAccount, config: Config, paths: AppPaths) throws -> String {
        let synchronizer = try synchronizer(account, config: config, paths: paths)
        let outcome: SyncOutcome
        do {
            outcome = try synchronizer.addFeed(url: url, tags: tags)
        } catch {
            throw Failure(description: "not added: \(SyncFailureLine(error))")
        }
        return "subscribed to \(DisplayName(url)) on the feed server; synced: \(articles(outcome.newArticles))"
    }

    /// Subscribes on the server to the OPML file's feeds it does not have yet, then syncs once.
    /// A feed the server refuses is named on the report line; the others are added.
    static func importOPML(_ imported: OPML.Import, account: SyncAccount, config: Config, paths: AppPaths) throws -> String {
        let synchronizer = try synchronizer(account, config: config, paths: paths)
        let subscribed: Set<String>
        do {
            subscribed = Set(try account.source.subscriptions().map(\.url))
        } catch {
            throw Failure(description: "nothing imported: \(SyncFailureLine(error))")
        }
        var added = 0
        var refused: [String] = []
        let wanted = imported.subscriptions.filter { !subscribed.contains($0.url) }
        for subscription in wanted {
            do {
                _ = try account.source.subscribe(url: subscription.url, title: subscription.customTitle, tags: subscription.tags)
                added += 1
            } catch {
                refused.append("\(DisplayName(subscription.url)) (\(SyncFailureLine(error)))")
            }
        }
        var report = "subscribed to \(added) feed\(added == 1 ? "" : "s") on the feed server"
        var skipped: [String] = []
        if wanted.count < imported.subscriptions.count { skipped.append("\(imported.subscriptions.count - wanted.count) already subscribed to") }
        if imported.duplicates > 0 { skipped.append("\(imported.duplicates) listed twice in the OPML file") }
        if !refused.isEmpty { skipped.append("refused: \(refused.joined(separator: "; "))") }
        skipped += imported.skipped.map(\.description)
        if !imported.queryFeeds.isEmpty {
            skipped.append("\(imported.queryFeeds.count) query feed\(imported.queryFeeds.count == 1 ? "" : "s"): a feed server keeps no query feeds")
        }
        if !skipped.isEmpty { report += " (skipped: \(skipped.joined(separator: ", ")))" }
        do {
            report += "; synced: \(articles(try synchronizer.sync().newArticles))"
        } catch {
            throw Failure(description: "\(report); the sync after failed: \(SyncFailureLine(error))")
        }
        return report
    }

    private static func synchronizer(_ account: SyncAccount, config: Config, paths: AppPaths) throws -> Synchronizer {
        try paths.createDirectories()
        let store = try FeedStore(path: paths.cacheFile.path, starFlag: config.starFlag, publishFlag: config.publishFlag)
        // Synced articles are hidden by the killfile as fetched ones are.
        try store.applyKillfile(config.killfile)
        return Synchronizer(account: account, store: store, keepingLocalFeeds: config.feedListSource.fetchesFeeds)
    }

    private static func articles(_ count: Int) -> String {
        count == 1 ? "1 new article" : "\(count) new articles"
    }
}
