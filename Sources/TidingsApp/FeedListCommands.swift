import FeedFetcher
import FeedModel
import FeedStore
import Foundation

/// The one-shot commands that edit or read the feed list: `tidings import`, `export`, `unread`
/// and `add`. Each returns what to print; errors are one line.
public enum FeedListCommands {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Adds the feeds of an OPML file to the urls file; feeds already listed are skipped.
    /// Returns the report line.
    public static func importOPML(from file: URL, paths: AppPaths) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw Failure(description: "cannot read \(file.path): \((error as NSError).localizedDescription)")
        }
        let imported: OPML.Import
        do {
            imported = try OPML.parse(data)
        } catch let error as OPML.ImportError {
            throw Failure(description: "\(file.path): \(error.description)")
        }
        var urls = try UrlsFile.load(from: paths.urlsFile)
        var added = 0
        for subscription in imported.subscriptions where urls.add(subscription) { added += 1 }
        let alreadyListed = imported.subscriptions.count - added
        if added > 0 { try urls.write(to: paths.urlsFile) }
        var report = "imported \(added) feed\(added == 1 ? "" : "s") into \(paths.urlsFile.path)"
        var skipped: [String] = []
        if alreadyListed > 0 { skipped.append("\(alreadyListed) already listed") }
        if imported.duplicates > 0 { skipped.append("\(imported.duplicates) listed twice in the OPML file") }
        if !skipped.isEmpty { report += " (skipped: \(skipped.joined(separator: ", ")))" }
        return report
    }

    /// The urls file's feeds as an OPML document.
    public static func exportOPML(paths: AppPaths) throws -> String {
        OPML.export(try UrlsFile.load(from: paths.urlsFile).subscriptions)
    }

    /// The number of unread items in the listed (not hidden) feeds, as `newsboat -x print-unread`.
    public static func unreadCount(paths: AppPaths) throws -> Int {
        try paths.createDirectories()
        let urls = try UrlsFile.load(from: paths.urlsFile)
        let config = try Config.load(from: paths.configFile)
        let store = try FeedStore(path: paths.cacheFile.path)
        try store.syncSubscriptions(urls.subscriptions)
        // Articles the killfile ignores are not counted, as the reader does not count them.
        try store.applyKillfile(config.killfile)
        return try store.feedList().reduce(0) { $0 + $1.unreadCount }
    }

    /// Appends a feed to the urls file. Returns the report line.
    public static func add(url: String, tags: [String], paths: AppPaths) throws -> String {
        guard UrlsFile.isFeedLocation(url), !url.lowercased().hasPrefix("query:") else {
            throw Failure(description: "not a feed URL: \(DisplayName(url)) (expected http(s)://, file://, exec: or filter:)")
        }
        var urls = try UrlsFile.load(from: paths.urlsFile)
        guard urls.add(Subscription(url: url, tags: tags)) else {
            throw Failure(description: "\(DisplayName(url)) is already in \(paths.urlsFile.path)")
        }
        try urls.write(to: paths.urlsFile)
        return "added \(DisplayName(url)) to \(paths.urlsFile.path)"
    }
}
