import Configuration
import Dispatch
import FeedFetcher
import FeedModel
import Foundation

/// `urls-source "opml"`: the feed list read from the OPML documents that `opml-url` names,
/// instead of the urls file, as newsboat reads them.
///
///     urls-source "opml"
///     opml-url "https://example.org/subscriptions.opml" "file:///home/me/more.opml"
///
/// Each location is an http(s) URL (downloaded with the feeds' own options: proxy, timeouts,
/// user agent), a `file://` URL or a path (`~/` is the home directory). Every `outline` with an
/// `xmlUrl` is a feed, tagged with the path of the folders it is in (`Tech/Linux`); a URL listed
/// twice keeps its first place. A document that cannot be read is one problem and lends no
/// feeds, as in newsboat: its feeds leave the list (the cache keeps their articles and read
/// states for when the document reads again).
public enum OPMLFeedList {
    /// The feeds read, and what went wrong, one line each.
    public struct Loaded: Sendable, Equatable {
        public var subscriptions: [Subscription]
        public var problems: [String]
    }

    /// Reads every document of `locations` (`opml-url`'s, see `FeedListSource.opml`), in order,
    /// downloading with `options`.
    public static func load(_ locations: [String], options: FetchOptions) -> Loaded {
        guard !locations.isEmpty else {
            return Loaded(subscriptions: [], problems: ["urls-source is opml, but opml-url names no OPML document"])
        }
        var loaded = Loaded(subscriptions: [], problems: [])
        var seen = Set<String>()
        for location in locations {
            let shown = CredentialRedaction.redact(location)
            do {
                let document = try OPML.parse(try read(location, options: options), asFeedList: true)
                for subscription in document.subscriptions where seen.insert(subscription.url).inserted {
                    loaded.subscriptions.append(subscription)
                }
            } catch let error as OPML.ImportError {
                loaded.problems.append("opml-url \(shown): \(error.description)")
            } catch {
                loaded.problems.append("opml-url \(shown): \(error)")
            }
        }
        return loaded
    }

    /// The bytes of one document.
    private static func read(_ location: String, options: FetchOptions) throws -> Data {
        let lowered = location.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return try download(location, options: options) }
        let path: String
        if lowered.hasPrefix("file://") {
            guard let url = URL(string: location), url.isFileURL else { throw FetchFailure.unsupportedLocation(location) }
            path = url.path
        } else {
            path = Config.fileURL(location, relativeTo: nil).path
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FetchFailure.file(FileManager.default.fileExists(atPath: path) ? "cannot read \(path)" : "no such file: \(path)")
        }
        return data
    }

    /// Downloads a document through the feeds' HTTP stack and waits for it.
    private static func download(_ url: String, options: FetchOptions) throws -> Data {
        let result = DownloadResult()
        let download = PageDownload.start(url: url, options: options) { outcome in
            result.outcome = outcome
            result.done.signal()
        }
        // The download's own deadline ends it; the margin only covers its last callback.
        guard result.done.wait(timeout: .now() + options.timeout + 5) == .success, let outcome = result.outcome else {
            download.cancel()
            throw FetchFailure.timedOut(seconds: options.timeout)
        }
        return try outcome.get().bytes
    }

    private final class DownloadResult: @unchecked Sendable {
        var outcome: Result<PageDownload.Page, FetchFailure>?
        let done = DispatchSemaphore(value: 0)
    }
}
