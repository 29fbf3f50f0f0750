@testable import Configuration
import Foundation
import Testing
@testable import FeedServices

/// Where `E` has podboat put an enclosure: `download-path` and `download-filename-format` with
/// newsboat's specifiers, filled in from values a feed controls and so must not be able to
/// steer the file anywhere else.
@Suite struct PodcastQueueTests {
    /// Fri 21 Nov 2025 10:05:09 UTC.
    let date = Date(timeIntervalSince1970: 1_763_719_509)
    let utc = TimeZone(identifier: "UTC")!

    func episode(url: String = "https://cdn.example/audio/ep%2012.mp3?token=1", feed: String = "Tide Talk",
                 title: String = "Episode 12: Tides/Moons") -> PodcastQueue.Episode {
        PodcastQueue.Episode(url: url, feedName: feed, title: title, date: date)
    }

    func target(_ episode: PodcastQueue.Episode, path: String = "/home/ann/pods",
                format: String = ArticleActionOptions.defaultDownloadFileNameFormat, timeZone: TimeZone? = nil) -> String {
        PodcastQueue.target(for: episode, downloadPath: path, fileNameFormat: format, timeZone: timeZone ?? utc)
    }

    @Test func theDefaultIsTheURLsFileNameElseTheDate() {
        #expect(target(episode()) == "/home/ann/pods/ep 12.mp3")
        #expect(target(episode(), path: "/home/ann/pods/") == "/home/ann/pods/ep 12.mp3")
        #expect(target(episode(url: "https://cdn.example/")) == "/home/ann/pods/2025-Nov-21-100509.unknown")
    }

    @Test func everyIdentifierOfNewsboatsTable() {
        // newsboat's own example, `download-path "~/Downloads/%h/%n"` with `"%F-%t.%e"`.
        #expect(target(episode(), path: "/home/ann/Downloads/%h/%n", format: "%F-%t.%e")
            == "/home/ann/Downloads/cdn.example/Tide Talk/2025-11-21-Episode 12: Tides_Moons.mp3")
        #expect(target(episode(), format: "%N|%u|%e|%Y|%y|%m|%b|%d|%H|%M|%S")
            == "/home/ann/pods/Tide Talk|ep 12.mp3|mp3|2025|25|11|Nov|21|10|05|09")
        // The date in the reader's time zone, as newsboat's local time.
        #expect(target(episode(), format: "%F %H%M", timeZone: TimeZone(identifier: "Asia/Tokyo")) == "/home/ann/pods/2025-11-21 1905")
        // Conditionals, widths and %% as in the list formats; a URL without an extension.
        #expect(target(episode(url: "https://cdn.example/stream"), format: "%?e?%e&none?-%-4d|%%") == "/home/ann/pods/none-21  |%")
        // The format's own slashes make directories.
        #expect(target(episode(), format: "%n/%u") == "/home/ann/pods/Tide Talk/ep 12.mp3")
    }

    @Test func hostileValuesStayOneSegmentInTheirDirectory() {
        let hostile = episode(url: "https://cdn.example/%2E%2E", feed: "..", title: "../../etc/passwd\u{1B}[31m\n")
        let path = target(hostile, path: "/home/ann/pods/%n", format: "%t%u")
        #expect(path == "/home/ann/pods/__/.._.._etc_passwd[31m__")
        #expect(!path.split(separator: "/").contains(".."))
        #expect(target(episode(feed: "."), path: "/p/%n", format: "%u") == "/p/_/ep 12.mp3")
        // A name that would be the directory itself ends in `download`.
        #expect(target(episode(title: ""), format: "%t") == "/home/ann/pods/download")
        #expect(target(episode(title: ""), format: "%t/") == "/home/ann/pods//download")
        #expect(target(episode(title: ""), format: "%t..") == "/home/ann/pods/download")
        // A title of any length fits a file name.
        let long = target(episode(title: String(repeating: "長", count: 500)), format: "%t")
        #expect(long.split(separator: "/").last!.utf8.count <= 200)
    }

    @Test func aFormatWithAnUnknownSpecifierIsIgnoredWithAWarning() {
        let config = Config(parsing: "download-path \"~/pods/%x\"\ndownload-filename-format \"%t.%e\"\ndownload-filename-format \"%>-%Q\"\n")
        #expect(config.warnings.map(\.line) == [1, 3])
        #expect(config.warnings.first?.message.hasPrefix("download-path: %x is not understood, so the default is used (known: ") == true)
        #expect(config.warnings.last?.message.hasPrefix("download-filename-format: %> and 1 more are not understood") == true)
        #expect(config.articleActions.downloadPath == "~/")
        #expect(config.articleActions.downloadFileNameFormat == "%t.%e")
    }
}
