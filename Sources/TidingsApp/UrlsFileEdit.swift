import FeedStore
import Foundation

/// A change to the urls file, carried out off the main thread: the file is read again just
/// before the change, so that edits made meanwhile in an editor are kept; comments and the
/// order of untouched lines survive; it is replaced atomically; then the store follows it.
struct UrlsFileEdit: Sendable {
    /// Changes the file, or returns why it cannot (nothing is written then).
    var change: @Sendable (inout UrlsFile) -> String?
    /// The status line when the change was made.
    var done: String?
    /// Runs on the store once it follows the file (storing an added feed's articles); returns a
    /// status line to show instead of `done`.
    var then: (@Sendable (FeedStore) -> String?)?
    /// A feed to select once the lists have followed.
    var selectURL: String?

    init(done: String? = nil, selectURL: String? = nil, change: @escaping @Sendable (inout UrlsFile) -> String?,
         then: (@Sendable (FeedStore) -> String?)? = nil) {
        self.change = change
        self.done = done
        self.then = then
        self.selectURL = selectURL
    }

    /// Carries the edit out on the file at `path` and the store.
    func apply(urlsPath path: String, store: FeedStore) -> UrlsFileEditOutcome {
        var file: UrlsFile
        do {
            file = try UrlsFile.load(from: URL(fileURLWithPath: path))
        } catch {
            return UrlsFileEditOutcome(message: "Cannot read the urls file: \(Self.oneLine(error))", changed: false)
        }
        if let refusal = change(&file) {
            return UrlsFileEditOutcome(message: refusal, changed: false)
        }
        do {
            try file.write(to: URL(fileURLWithPath: path))
        } catch {
            return UrlsFileEditOutcome(message: "Cannot write the urls file: \(Self.oneLine(error))", changed: false)
        }
        do {
            try store.syncSubscriptions(file.subscriptions)
        } catch {
            return UrlsFileEditOutcome(message: "The urls file is saved, but the cache could not follow: \(Self.oneLine(error))", changed: true)
        }
        let message = then?(store) ?? done
        return UrlsFileEditOutcome(message: message, changed: true, selectURL: selectURL)
    }

    static func oneLine(_ error: any Error) -> String {
        Excerpt((error as NSError).localizedDescription).text
    }
}
