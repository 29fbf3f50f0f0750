import FeedModel
import Foundation
import ReaderTesting
@testable import TidingsApp

/// A scratch home for a reader under test: a urls file, a config file, a cache, and feeds as
/// files (`file://` URLs, which the fetcher reads as it reads HTTP ones).
///
/// ```swift
/// let home = try ReaderHome()
/// try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
/// try home.subscribe([home.url("news")])
/// let reader = try home.driver()
/// ```
final class ReaderHome: @unchecked Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("feeds"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    var cachePath: String { path("cache.db") }
    var urlsPath: String { path("urls") }
    var configPath: String { path("config") }

    func write(_ text: String, to relative: String) throws {
        let file = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Writes an RSS feed at `feeds/NAME.xml` with `items` (title, day of November 2025 at 10:00 UTC),
    /// each with the HTML `html` makes of its title ("<p>Body of TITLE.</p>" unless told otherwise).
    func writeFeed(_ name: String, title: String, items: [(title: String, day: Int)],
                   html: (String) -> String = { "<p>Body of \($0).</p>" }) throws {
        let entries = items.map { item in
            "<item><title>\(item.title)</title><link>https://\(name).example/\(Self.slug(item.title))</link>"
                + "<guid>https://\(name).example/\(Self.slug(item.title))</guid>"
                + "<pubDate>\(item.day) Nov 2025 10:00:00 GMT</pubDate><description>\(Self.escaped(html(item.title)))</description></item>"
        }.joined()
        try write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>https://\(name).example/</link>\(entries)</channel></rss>",
                  to: "feeds/\(name).xml")
    }

    /// `text` as XML character data.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func slug(_ title: String) -> String {
        title.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    /// The URL of the feed written as `NAME`.
    func url(_ name: String) -> String { "file://" + path("feeds/\(name).xml") }

    /// Writes the urls file with these lines.
    func subscribe(_ lines: [String]) throws {
        try write(lines.joined(separator: "\n") + "\n", to: "urls")
    }

    /// The settings `tidings` would start with on this home, with `config` as the config file's
    /// text (the browser is `/bin/true %u` unless it says otherwise); the first-run screen
    /// without a urls file.
    func settings(config text: String = "", configure: (inout ReaderSettings) -> Void = { _ in }) throws -> ReaderSettings {
        try write(text, to: "config")
        var settings = try ReaderSettings.forTestHome(urlsPath: urlsPath, cachePath: cachePath, configPath: configPath, logPath: path("log"),
                                                      configText: text, browser: "/bin/true %u")
        settings.timeZone = TimeZone(identifier: "UTC")!
        configure(&settings)
        return settings
    }

    /// The reader's core on this home, driven by the test.
    @MainActor
    /// - Parameter now: when the reader starts (a later session: a later time).
    func driver(config: String = "", rows: Int = 24, columns: Int = 80, variables: [String: String] = [:],
                now: Date = ReaderDriver.startTime, configure: (inout ReaderSettings) -> Void = { _ in }) throws -> ReaderDriver {
        var environment = ReaderEnvironment(variables: ["HOME": path("home"), "PATH": "/usr/bin:/bin"], now: now)
        environment.variables.merge(variables) { $1 }
        let driver = try ReaderDriver(settings: settings(config: config, configure: configure), size: TerminalSize(rows: rows, columns: columns),
                                      environment: environment)
        // The home deletes its directory when it goes: not while the driver uses the cache in it.
        driver.dependencies.append(self)
        return driver
    }
}
