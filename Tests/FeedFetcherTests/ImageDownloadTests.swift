import FeedFetcher
import Foundation
import TestSupport
import Testing

/// An article's picture through `PageDownload` (`kind: .image`): the pages' HTTP stack, with its
/// redirects, user agent and size cap.
@Suite struct ImageDownloadTests {
    /// A 2 × 2 red PNG.
    static let redPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==")!

    private func result(_ start: (@escaping @Sendable (Result<PageDownload.Page, FetchFailure>) -> Void) -> PageDownload)
        -> Result<PageDownload.Page, FetchFailure>?
    {
        let box = DownloadResultBox()
        let done = DispatchSemaphore(value: 0)
        _ = start { result in
            box.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else { return nil }
        return box.get()
    }

    @Test func aPictureComesThroughRedirectsAskingForImages() throws {
        let server = try LoopbackServer(routes: [
            "/img/old.png": ["redirect": "/img/red.png"],
            "/img/red.png": ["headers": ["Content-Type": "image/png"], "body_base64": Self.redPNG.base64EncodedString()],
        ])
        let options = FetchOptions(connectTimeout: 5, timeout: 10, maxBytes: 16 << 20, userAgent: "ImageTest/1")
        let downloaded = try #require(result { PageDownload.start(url: server.url("/img/old.png"), options: options, kind: .image, completion: $0) })
        #expect(try downloaded.get().bytes == Self.redPNG)
        let headers = try #require(try server.headers(for: "/img/red.png").first)
        #expect(headers["user-agent"] == "ImageTest/1")
        #expect(headers["accept"]?.hasPrefix("image/png, image/jpeg, image/gif, image/webp") == true)
    }

    @Test func aSixtyMegabytePictureIsCutAtTheCap() throws {
        let megabyte = String(repeating: "x", count: 1 << 20)
        let server = try LoopbackServer(routes: [
            "/huge.png": ["headers": ["Content-Type": "image/png"], "body": megabyte, "repeat": 60],
        ])
        let options = FetchOptions(connectTimeout: 5, timeout: 30, maxBytes: 16 << 20)
        let downloaded = try #require(result { PageDownload.start(url: server.url("/huge.png"), options: options, kind: .image, completion: $0) })
        #expect(throws: FetchFailure.tooLarge(limit: 16 << 20)) { try downloaded.get() }
    }
}

/// The one result a download gives, passed from its queue to the test's thread.
private final class DownloadResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<PageDownload.Page, FetchFailure>?

    func set(_ value: Result<PageDownload.Page, FetchFailure>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() -> Result<PageDownload.Page, FetchFailure>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
