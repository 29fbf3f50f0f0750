import Configuration
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import TidingsApp

/// A scratch home for the headless reader: a urls file, a config file, a cache, feeds served
/// on 127.0.0.1 by a server of its own (a free port each).
public final class HeadlessHome {
    public let root: URL
    public let feeds: URL
    public let server: LoopbackServer

    /// - Parameter delay: seconds the server waits before each answer.
    public init(delay: Double = 0) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-headless-\(UUID().uuidString)")
        feeds = root.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        server = try LoopbackServer(routes: [:], delay: delay, directory: feeds.path, lifetime: 300)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: root)
    }

    public func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    public var cachePath: String { path("cache.db") }
    public var urlsPath: String { path("urls") }
    public var configPath: String { path("config") }

    public func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    /// Serves an RSS feed at `/NAME.xml` with `items` (title, day of November 2025).
    public func serve(_ name: String, title: String, items: [(title: String, day: Int)]) throws {
        let entries = items.map { item in
            "<item><title>\(item.title)</title><link>https://\(name).example/\(item.title.hashValue)</link>"
                + "<pubDate>\(item.day) Nov 2025 10:00:00 GMT</pubDate><description>&lt;p&gt;Body of \(item.title).&lt;/p&gt;</description></item>"
        }.joined()
        try write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>https://\(name).example/</link>\(entries)</channel></rss>",
                  to: "feeds/\(name).xml")
    }

    public func url(_ name: String) -> String { server.url("/\(name).xml") }

    /// Writes the urls file with these lines.
    public func subscribe(_ lines: [String]) throws {
        try write(lines.joined(separator: "\n") + "\n", to: "urls")
    }

    /// The settings `tidings` starts with on this home: `config` is the config file's text
    /// (`browser` is `browser`'s value unless it sets one); the first-run screen without a urls file.
    public func settings(config text: String = "", browser: String = "/bin/true %u") throws -> ReaderSettings {
        try write(text, to: "config")
        return try ReaderSettings.forTestHome(urlsPath: urlsPath, cachePath: cachePath, configPath: configPath, logPath: path("log"),
                                              configText: text, browser: browser)
    }

    /// The reader on this home, as `tidings` starts it.
    @MainActor
    public func startReader(
        rows: Int = 24, columns: Int = 80, config: String = "", browser: String = "/bin/true %u", newsboat: NewsboatFiles? = nil,
        environment: [String: String] = ["PATH": "/usr/bin:/bin"], configure: (inout ReaderSettings) -> Void = { _ in }
    ) throws -> HeadlessReader {
        var settings = try settings(config: config, browser: browser)
        settings.newsboatFiles = newsboat
        configure(&settings)
        let reader = try HeadlessReader(settings: settings, rows: rows, columns: columns, environment: environment)
        // The home deletes its directory when it goes: not while the reader uses the cache in it.
        reader.dependencies.append(self)
        return reader
    }
}
