import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import Logging

/// A change to the urls file, as a value, carried out off the main thread: the file is read again
/// just before the change, so that edits made meanwhile in an editor are kept; comments and the
/// order of untouched lines survive; it is replaced atomically; then the store follows it.
struct UrlsFileEdit: Equatable, Sendable {
    var change: Change
    /// The status line when the change was made.
    var done: String?
    /// A feed to select once the lists have followed.
    var selectURL: String?

    enum Change: Equatable, Sendable {
        /// Adds a feed fetched for adding, and stores its articles.
        case add(Subscription, fetched: CapturingFeedCache.Capture)
        /// Removes the feed (`title` names it when it is gone already).
        case remove(url: String, title: String)
        /// Sets the feed's custom title (nil: none).
        case rename(url: String, customTitle: String?)
        /// Sets the feed's tags.
        case setTags(url: String, [String])
        /// Swaps two feeds' lines.
        case swap(String, String)
        /// Writes the address the feed at `url` moved to (`FeedHealth.movedTo`) in its line, which
        /// keeps its tags, title and comment; the cache's feed keeps its articles.
        case adoptMove(url: String, to: String)
        /// Swaps a feed's line with a heading's.
        case swapWithHeading(String, UrlsHeading)
        /// Takes newsboat's urls file, and its config unless there is one at `configPath`.
        case useNewsboatFiles(NewsboatFiles, configPath: String?)
        /// Changes nothing: the store follows the file as it is now (`reload-urls`, and after
        /// `edit-urls`' editor).
        case reread
    }

    /// Carries the edit out on the file at `path` and the store.
    func apply(urlsPath path: String, store: FeedStore) -> UrlsFileEditOutcome {
        var file: UrlsFile
        do {
            file = try UrlsFile.load(from: URL(fileURLWithPath: path))
        } catch {
            return UrlsFileEditOutcome(message: "Cannot read the urls file: \(Self.oneLine(error))", changed: false)
        }
        if let refusal = change.apply(to: &file) ?? change.prepare(store: store) {
            return UrlsFileEditOutcome(message: refusal, changed: false)
        }
        if change != .reread {
            do {
                try file.write(to: URL(fileURLWithPath: path))
            } catch {
                change.revert(store: store)
                return UrlsFileEditOutcome(message: "Cannot write the urls file: \(Self.oneLine(error))", changed: false)
            }
        }
        // Read from the text as written, so that each heading has its line number there (a
        // move or a removal shifts them), which the next move finds it by.
        let headings = UrlsFile(parsing: file.text).headings
        do {
            try store.syncSubscriptions(file.subscriptions)
        } catch {
            return UrlsFileEditOutcome(message: "The urls file is saved, but the cache could not follow: \(Self.oneLine(error))", changed: true,
                                       queryFeeds: file.queryFeeds, headings: headings)
        }
        if change == .reread {
            let problems = file.problems.isEmpty ? "" : "; \(file.problems.count == 1 ? "1 line" : "\(file.problems.count) lines") skipped: \(file.problems[0])"
            let feeds = file.subscriptions.count == 1 ? "1 feed" : "\(file.subscriptions.count) feeds"
            return UrlsFileEditOutcome(message: "Read the urls file again: \(feeds)\(problems)", changed: true, queryFeeds: file.queryFeeds,
                                       isReread: true, headings: headings)
        }
        return UrlsFileEditOutcome(message: change.finish(store: store) ?? done, changed: true, selectURL: selectURL, queryFeeds: file.queryFeeds,
                                   headings: headings)
    }

    static func oneLine(_ error: any Error) -> String {
        Excerpt((error as NSError).localizedDescription).text
    }
}

extension UrlsFileEdit.Change {
    /// Changes the file, or returns why it cannot (nothing is written then).
    fileprivate func apply(to file: inout UrlsFile) -> String? {
        switch self {
        case .add(let subscription, _):
            return file.add(subscription) ? nil : "\(Excerpt(DisplayName(subscription.url).text)) is already in the urls file"
        case .remove(let url, let title):
            return file.remove(url: url) ? nil : "\(title) is no longer in the urls file"
        case .rename(let url, let customTitle):
            return Self.update(url, in: &file) { $0.customTitle = customTitle }
        case .setTags(let url, let tags):
            return Self.update(url, in: &file) { $0.tags = tags }
        case .swap(let url, let otherURL):
            return file.swapFeeds(url, otherURL) ? nil : "Not moved: the urls file has changed; try again"
        case .swapWithHeading(let url, let heading):
            return file.swapFeed(url, withHeading: heading) ? nil : "Not moved: the urls file has changed; try again"
        case .adoptMove(let url, let target):
            guard var subscription = file.subscription(url: url) else {
                return "\(Excerpt(DisplayName(url).text)) is no longer in the urls file"
            }
            subscription.url = target
            return file.update(subscription, replacing: url) ? nil : "\(Excerpt(DisplayName(target).text)) is already in the urls file"
        case .reread:
            return nil
        case .useNewsboatFiles(let files, _):
            do {
                file = try UrlsFile.load(from: files.urls)
            } catch {
                return "Cannot read \(files.urls.path): \(UrlsFileEdit.oneLine(error))"
            }
            return nil
        }
    }

    private static func update(_ url: String, in file: inout UrlsFile, _ change: (inout Subscription) -> Void) -> String? {
        guard var subscription = file.subscription(url: url) else {
            return "\(Excerpt(DisplayName(url).text)) is no longer in the urls file"
        }
        change(&subscription)
        file.update(subscription)
        return nil
    }

    /// What the cache does before the file is written, so that the feeds it then lists are the
    /// same ones (a moved feed keeps its articles); why it cannot, if it cannot.
    fileprivate func prepare(store: FeedStore) -> String? {
        guard case .adoptMove(let url, _) = self else { return nil }
        do {
            try store.adoptMove(ofFeedURL: url)
            return nil
        } catch {
            return "Not moved: \(UrlsFileEdit.oneLine(error))"
        }
    }

    /// Undoes `prepare` when the file could not be written.
    fileprivate func revert(store: FeedStore) {
        if case .adoptMove(let url, let target) = self { try? store.revertMove(from: target, to: url) }
    }

    /// What follows once the store lists the file's feeds; a status line to show instead of the
    /// edit's `done`, if any.
    fileprivate func finish(store: FeedStore) -> String? {
        switch self {
        case .add(let subscription, let fetched):
            return Self.store(fetched, of: subscription.url, in: store)
        case .useNewsboatFiles(let files, let configPath):
            return files.copyConfig(to: configPath)
        case .remove, .rename, .setTags, .swap, .swapWithHeading, .adoptMove, .reread:
            return nil
        }
    }

    /// Stores the articles of a feed just added.
    private static func store(_ capture: CapturingFeedCache.Capture, of url: String, in store: FeedStore) -> String {
        let articles = capture.feed.items.count == 1 ? "1 article" : "\(capture.feed.items.count) articles"
        do {
            try store.upsert(
                capture.feed, forFeedURL: url,
                validators: capture.validators,
                permanentRedirect: capture.permanentRedirect)
            let name = (try? store.feedList().first { $0.url == url }?.name) ?? DisplayName(url)
            return "Added \(Excerpt(name.text)) (\(articles))"
        } catch {
            Logger(label: "tidings.reader").error("storing the new feed \(CredentialRedaction.redact(url)) failed: \(error)")
            return "Added \(Excerpt(DisplayName(url).text)), but its articles could not be stored: r reloads it"
        }
    }
}
