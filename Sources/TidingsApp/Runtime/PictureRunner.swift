import FeedFetcher
import Foundation
import ImageRendering

/// Carries out the article view's picture requests: each is downloaded (or read from the disk
/// cache beside the cache file), decoded and drawn for the terminal off the main thread
/// (`ImageLoader`), and comes back as `.imageLoaded`.
@MainActor
final class PictureRunner {
    private let inbox: ReaderInbox
    private let loader: ImageLoader
    /// The fetch options in force (`:set` may change them).
    private let fetchOptions: @MainActor () -> FetchOptions
    /// The id of the last picture drawn: kitty knows pictures by id, each drawing its own.
    private var lastID: UInt32 = 0

    init(cachePath: String, fetchOptions: @escaping @MainActor () -> FetchOptions, inbox: ReaderInbox) {
        self.inbox = inbox
        self.fetchOptions = fetchOptions
        let directory = URL(fileURLWithPath: cachePath).deletingLastPathComponent().appendingPathComponent("images", isDirectory: true)
        loader = ImageLoader(cache: ImageCache(directory: directory))
    }

    func load(_ request: ImageRequest) {
        lastID &+= 1
        let reply = inbox.expect()
        loader.load(request, id: lastID, options: fetchOptions()) { result in
            reply.send(.imageLoaded(request, result))
        }
    }

    func stop() {
        loader.cancelAll()
    }
}
